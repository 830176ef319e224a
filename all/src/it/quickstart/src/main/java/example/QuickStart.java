// readme:begin quickstart
package example;

import java.nio.file.Path;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;
import org.okl.kernels.Operators;
import org.okl.kernels.OutputMatrices;
import org.okl.metrics.Metrics;

/** Completes the bottom half of handwritten digits from their top half. */
public class QuickStart {
    public static void main(String[] args) {
        Okl okl = Okl.builder().seed(1).build();
        Dataset digits = okl.dataset("digits-halves");          // bundled: 1797 8x8 digits, top -> bottom half
        Matrix x = digits.train().inputs();
        Matrix y = digits.train().outputs();
        Matrix xTrain = x.rowRange(0, 1500);
        Matrix yTrain = y.rowRange(0, 1500);
        Matrix xTest = x.rowRange(1500, x.rows());
        Matrix yTest = y.rowRange(1500, y.rows());

        PipelineSpec spec = PipelineSpec.builder()
                .kernel(Kernels.gaussianMedianWidth())
                .operator(Operators.separable(OutputMatrices.commonSimilarity(0.1)))
                .filter(Filters.tikhonov(1e-1, 1e-2, 1e-3, 1e-4, 1e-5))   // a path, one decomposition
                .selection(SelectionSpec.kfold(5).metric(Metrics.mse()).build())
                .build();
        Model model = okl.pipeline(spec).fit(TrainingData.of(xTrain, yTrain));

        model.save(Path.of("digits.okl"));
        Model loaded = Model.load(Path.of("digits.okl"));
        double mse = okl.metric(Metrics.mse()).evaluate(yTest, loaded.predict(xTest));
        System.out.println("chosen " + model.provenance().chosen() + "; test MSE " + mse);
    }
}
// readme:end quickstart
