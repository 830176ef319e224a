package org.okl.filters.spectral;

import java.util.List;
import org.okl.api.filter.SpectralFilter;

/** Base of the filters whose path is a list of lambdas (normalised scale), one path point per lambda. */
abstract class LambdaPathFilter implements SpectralFilter {
    private final double[] lambdas;

    LambdaPathFilter(String component, List<Double> lambdas) {
        if (lambdas.isEmpty()) {
            throw new org.okl.api.component.InvalidParameterException(component, "lambda",
                    "needs at least one value");
        }
        this.lambdas = new double[lambdas.size()];
        for (int i = 0; i < this.lambdas.length; i++) {
            double l = lambdas.get(i);
            if (!(l > 0) || Double.isInfinite(l)) {
                throw new org.okl.api.component.InvalidParameterException(component, "lambda",
                        "must hold finite values > 0, got " + l);
            }
            this.lambdas[i] = l;
        }
    }

    @Override
    public String pathParameter() {
        return "lambda";
    }

    @Override
    public int pathLength() {
        return lambdas.length;
    }

    @Override
    public double pathValue(int index) {
        return lambdas[index];
    }

    /** The lambda at a path point. */
    public double lambda(int index) {
        return lambdas[index];
    }
}
