package org.okl.core.pipeline;

import java.util.Optional;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.core.Okl;
import org.okl.core.solve.Solvers;

/**
 * A pipeline variant fitted along its whole regularization path: the components, the fitted output embedding, and
 * the regression path from one decomposition or one iterative run.
 *
 * @param components the components
 * @param embedding  the output embedding fitted on the training outputs
 * @param path       the fitted regression path
 * @param data       the data it was fitted on
 * @param solver     the id of the solver that fitted it
 */
record FittedPath(Components components, FittedOutputEmbedding embedding, RegressionPath path, TrainingData data,
        String solver) {

    /** Fits a pipeline variant on data. */
    static FittedPath fit(PipelineSpec spec, TrainingData data, Okl okl) {
        var context = okl.context();
        Components c = Components.create(spec, data.inputs(), context);
        FittedOutputEmbedding embedding =
                c.output().fit(new OutputData(data.outputs(), data.unlabelledOutputs()), context);
        RegressionProblem problem = problem(c, embedding, data, okl);
        Solvers.Choice solver = Solvers.choose(problem);
        return new FittedPath(c, embedding, Solvers.fit(solver, problem), data, solver.id());
    }

    /** The regression problem of a pipeline's components on data, its embedding already fitted. */
    static RegressionProblem problem(Components c, FittedOutputEmbedding embedding, TrainingData data, Okl okl) {
        return new RegressionProblem(data.inputs(), c.kernel(), c.operator(), embedding, c.filter(),
                c.regularizers(), data.unlabelledInputs(), data.groups(), c.spec().approximation(), c.spec().solver(),
                okl.context());
    }

    /** The embedding to decode predictions of one path point with (refined for embeddings that learn from it). */
    FittedOutputEmbedding embeddingAt(Predictor predictor) {
        if (!embedding.learnsFromRegression()) {
            return embedding;
        }
        return embedding.refine(Predictions.select(predictor.predict(data.inputs()), data.groups()));
    }

    /** Decoded predictions at every path point for the given inputs. */
    Decoded[] decodeAll(Matrix inputs, Optional<int[]> groups, Okl okl) {
        Matrix[] h = groups.isPresent() ? path.predictAllForTasks(inputs, groups.get()) : path.predictAll(inputs);
        Decoded[] out = new Decoded[h.length];
        for (int j = 0; j < h.length; j++) {
            FittedOutputEmbedding e = embeddingAt(path.at(j));
            var decodingContext = decodingContext(e, okl);
            out[j] = components.decoder().decode(h[j], decodingContext);
        }
        return out;
    }

    /** The decoding context for predictions decoded with the given (possibly refined) embedding. */
    PipelineDecodingContext decodingContext(FittedOutputEmbedding fitted, Okl okl) {
        return new PipelineDecodingContext(fitted, Optional.of(data.outputs()), data.outputs().cols(),
                data.unlabelledOutputs(), okl.context(), okl.tables());
    }
}
