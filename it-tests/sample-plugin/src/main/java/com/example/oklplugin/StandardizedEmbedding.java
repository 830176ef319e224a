package com.example.oklplugin;

import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;

/** Regresses outputs standardised per column; predictions are mapped back to the original scale. */
final class StandardizedEmbedding implements OutputEmbedding {

    @Override
    public FittedOutputEmbedding fit(OutputData data, ComponentContext context) {
        Matrix y = data.outputs();
        double[] mean = new double[y.cols()];
        double[] std = new double[y.cols()];
        for (int j = 0; j < y.cols(); j++) {
            for (int i = 0; i < y.rows(); i++) {
                mean[j] += y.get(i, j) / y.rows();
            }
            for (int i = 0; i < y.rows(); i++) {
                double v = y.get(i, j) - mean[j];
                std[j] += v * v / y.rows();
            }
            std[j] = std[j] > 0 ? Math.sqrt(std[j]) : 1.0;
        }
        return new Fitted(mean, std, standardize(y, mean, std), context);
    }

    private static Matrix standardize(Matrix y, double[] mean, double[] std) {
        Matrix z = Matrix.zeros(y.rows(), y.cols());
        for (int j = 0; j < y.cols(); j++) {
            for (int i = 0; i < y.rows(); i++) {
                z.set(i, j, (y.get(i, j) - mean[j]) / std[j]);
            }
        }
        return z;
    }

    private record Fitted(double[] mean, double[] std, Matrix targetMatrix, ComponentContext context)
            implements FittedOutputEmbedding {

        @Override
        public Optional<Matrix> targets() {
            return Optional.of(targetMatrix);
        }

        @Override
        public Matrix outputGram() {
            return context.linearAlgebra().outerGram(targetMatrix);
        }

        @Override
        public Matrix scores(Matrix h) {
            Matrix out = Matrix.zeros(h.rows(), h.cols());
            for (int j = 0; j < h.cols(); j++) {
                for (int i = 0; i < h.rows(); i++) {
                    out.set(i, j, h.get(i, j) * std[j] + mean[j]);
                }
            }
            return out;
        }

        @Override
        public Matrix toOutputs(Matrix decisions) {
            return decisions;
        }

        @Override
        public Matrix candidateDistances(Matrix h, Matrix candidates) {
            Matrix z = standardize(candidates, mean, std);
            Matrix cross = context.linearAlgebra().multiply(h, false, z, true);
            for (int c = 0; c < z.rows(); c++) {
                double norm = 0;
                for (int j = 0; j < z.cols(); j++) {
                    norm += z.get(c, j) * z.get(c, j);
                }
                for (int i = 0; i < h.rows(); i++) {
                    cross.set(i, c, norm - 2 * cross.get(i, c));
                }
            }
            return cross;
        }
    }
}
