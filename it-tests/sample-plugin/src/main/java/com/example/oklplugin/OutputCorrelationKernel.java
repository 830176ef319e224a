package com.example.oklplugin;

import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.SeparableOperatorKernel;

/**
 * A separable kernel whose output matrix is the correlation matrix of the training outputs, shrunk toward the
 * identity: {@code A = (1 - s)·corr(Y) + s·I}, positive semi-definite for every s in [0, 1].
 */
final class OutputCorrelationKernel implements SeparableOperatorKernel {
    private final double shrinkage;

    OutputCorrelationKernel(double shrinkage) {
        this.shrinkage = shrinkage;
    }

    @Override
    public Matrix outputMatrix(Matrix targets, ComponentContext context) {
        int n = targets.rows();
        int d = targets.cols();
        Matrix centred = targets.copy();
        double[] scale = new double[d];
        for (int j = 0; j < d; j++) {
            double mean = 0;
            for (int i = 0; i < n; i++) {
                mean += targets.get(i, j) / n;
            }
            double ss = 0;
            for (int i = 0; i < n; i++) {
                double v = targets.get(i, j) - mean;
                centred.set(i, j, v);
                ss += v * v;
            }
            scale[j] = ss > 0 ? 1 / Math.sqrt(ss) : 0;
        }
        Matrix a = context.linearAlgebra().innerGram(centred);
        for (int j = 0; j < d; j++) {
            for (int k = 0; k < d; k++) {
                double corr = j == k ? 1.0 : a.get(j, k) * scale[j] * scale[k];
                a.set(j, k, (1 - shrinkage) * corr + (j == k ? shrinkage : 0));
            }
        }
        return a;
    }
}
