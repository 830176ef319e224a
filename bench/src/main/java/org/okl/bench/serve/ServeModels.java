package org.okl.bench.serve;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

/**
 * The serve benchmark's data and models: Gaussian inputs (p columns, four decimals, as features usually are
 * written), q smooth outputs, a Gaussian kernel of width sqrt(p) with Tikhonov lambda; a Nystrom model of rank m and
 * an exact model on n rows. Models are read from a folder when there, else fitted and written there.
 */
final class ServeModels {
    private ServeModels() {
    }

    /** Inputs: rows x p standard Gaussian values rounded to four decimals. */
    static Matrix inputs(int rows, int p, long seed) {
        Random r = new Random(seed);
        Matrix x = Matrix.zeros(rows, p);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < p; j++) {
                x.set(i, j, Math.round(r.nextGaussian() * 1e4) / 1e4);
            }
        }
        return x;
    }

    /** Outputs: y_j = sin(x . w_j / sqrt(p)) + 0.5 cos(x_j), for fixed random directions w_j. */
    static Matrix outputs(Matrix x, int q, long seed) {
        Random r = new Random(seed + 1);
        int p = x.cols();
        double[][] w = new double[q][p];
        for (double[] row : w) {
            for (int j = 0; j < p; j++) {
                row[j] = r.nextGaussian();
            }
        }
        Matrix y = Matrix.zeros(x.rows(), q);
        for (int i = 0; i < x.rows(); i++) {
            for (int k = 0; k < q; k++) {
                double s = 0;
                for (int j = 0; j < p; j++) {
                    s += x.get(i, j) * w[k][j];
                }
                y.set(i, k, Math.sin(s / Math.sqrt(p)) + 0.5 * Math.cos(x.get(i, k % p)));
            }
        }
        return y;
    }

    /** The kernel width: sqrt(p). */
    static double sigma(int p) {
        return Math.sqrt(p);
    }

    /** The pipeline: Gaussian sigma sqrt(p), Tikhonov lambda, with a Nystrom sketch of {@code rank} when positive. */
    static PipelineSpec pipeline(Okl okl, int p, double lambda, int rank) {
        PipelineSpec.Builder b = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", sigma(p)))
                .filter(ComponentSpec.of("tikhonov", "lambda", lambda));
        if (rank > 0) {
            b.approximation(ComponentSpec.of("nystrom", "rank", rank));
        }
        return okl.defaults().complete(b.build());
    }

    /**
     * The model in {@code folder/name.okl} when there (it must have p inputs and q outputs), else fitted on
     * {@code rows} rows and written there.
     */
    static Model model(Okl okl, Path folder, String name, int rows, int p, int q, int rank, double lambda,
            long seed) {
        Path file = folder.resolve(name + ".okl");
        if (Files.isRegularFile(file)) {
            Model m = Model.load(file, okl);
            if (m.inputCount() != p || m.outputCount() != q) {
                throw new IllegalArgumentException(file + " has " + m.inputCount() + " inputs and " + m.outputCount()
                        + " outputs, not p = " + p + " and q = " + q + ": give another folder");
            }
            return m;
        }
        Matrix x = inputs(rows, p, seed);
        Model m = okl.pipeline(pipeline(okl, p, lambda, rank)).fit(TrainingData.of(x, outputs(x, q, seed)));
        m.save(file);
        return m;
    }
}
