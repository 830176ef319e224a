package org.okl.serve;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.InputColumns;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

/** Small fitted models with named columns, written to files, for the server's tests. */
final class TestModels {
    static final List<String> INPUTS = List.of("a", "b", "c");
    static final List<String> OUTPUTS = List.of("u", "v");

    private TestModels() {
    }

    /** A Gaussian-kernel regression model with input columns a, b, c and outputs u, v. */
    static Model regression(Okl okl, double lambda) {
        return fit(okl, lambda, null);
    }

    /** A classifier (threshold decoder: labels 0/1, with scores) on the same data. */
    static Model classifier(Okl okl) {
        return fit(okl, 1e-3, ComponentSpec.of("threshold"));
    }

    private static Model fit(Okl okl, double lambda, ComponentSpec decoder) {
        Matrix x = inputs(80, 7);
        Matrix y = Matrix.zeros(80, 2);
        for (int i = 0; i < 80; i++) {
            double s = Math.sin(x.get(i, 0)) + x.get(i, 1) * x.get(i, 2);
            y.set(i, 0, decoder == null ? s : s > 0 ? 1 : 0);
            y.set(i, 1, decoder == null ? x.get(i, 0) - x.get(i, 2) : x.get(i, 0) > x.get(i, 2) ? 1 : 0);
        }
        PipelineSpec.Builder spec = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 1.5))
                .filter(ComponentSpec.of("tikhonov", "lambda", lambda));
        if (decoder != null) {
            spec.decoder(decoder);
        }
        TrainingData data = TrainingData.builder(x, y).inputColumns(new InputColumns(new int[] {0, 1, 2}, 3, INPUTS))
                .outputNames(OUTPUTS).build();
        return okl.pipeline(okl.defaults().complete(spec.build())).fit(data);
    }

    /** Random inputs in [-2, 2]. */
    static Matrix inputs(int rows, long seed) {
        Random r = new Random(seed);
        Matrix x = Matrix.zeros(rows, 3);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < 3; j++) {
                x.set(i, j, 4 * r.nextDouble() - 2);
            }
        }
        return x;
    }

    static Path save(Model model, Path file) {
        model.save(file);
        return file;
    }
}
