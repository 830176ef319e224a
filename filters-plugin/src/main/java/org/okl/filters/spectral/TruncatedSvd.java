package org.okl.filters.spectral;

import java.util.List;

/** Truncated SVD (spectral cut-off): g(s) = 1/s if s >= lambda, else 0, on a path of lambdas. */
public final class TruncatedSvd extends LambdaPathFilter {

    /** @param lambdas the path of thresholds (each value > 0) */
    public TruncatedSvd(List<Double> lambdas) {
        super("tsvd", lambdas);
    }

    @Override
    public double apply(int index, double s, double sMax) {
        return s >= lambda(index) ? 1.0 / s : 0.0;
    }
}
