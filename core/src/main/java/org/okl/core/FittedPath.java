package org.okl.core;

import java.util.Optional;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Decoder;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.core.solve.Solvers;
import org.okl.core.transform.FittedTransforms;

/**
 * A pipeline variant fitted along its whole regularization path: the input and target transforms fitted on the
 * training rows, the components, the fitted output embedding, and the regression path from one decomposition or one
 * iterative run.
 *
 * @param transforms the transforms, fitted on the training rows
 * @param components the components
 * @param embedding  the output embedding fitted on the (transformed) training outputs
 * @param path       the fitted regression path
 * @param data       the data it was fitted on, through the transforms
 * @param solver     the id of the solver that fitted it
 */
record FittedPath(FittedTransforms transforms, Components components, FittedOutputEmbedding embedding,
        RegressionPath path, TrainingData data, String solver) {

    /** Fits a pipeline variant on data: the transforms on its rows, then the rest on the transformed rows. */
    static FittedPath fit(PipelineSpec spec, TrainingData data, Okl okl) {
        var context = okl.context();
        FittedTransforms transforms = PipelineTransforms.fit(spec, data, okl);
        TrainingData transformed = PipelineTransforms.apply(transforms, data);
        Components c = Components.create(spec, transformed.inputs(), context);
        FittedOutputEmbedding embedding =
                c.output().fit(new OutputData(transformed.outputs(), transformed.unlabelledOutputs()), context);
        RegressionProblem problem = problem(c, embedding, transformed, okl);
        Solvers.Choice solver = Solvers.choose(problem);
        return new FittedPath(transforms, c, embedding, Solvers.fit(solver, problem), transformed, solver.id());
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

    /** Regression predictions (before decoding) at every path point for the given untransformed inputs. */
    Matrix[] predictAll(Matrix inputs, Optional<int[]> groups) {
        Matrix x = transforms.transformInputs(inputs);
        return groups.isPresent() ? path.predictAllForTasks(x, groups.get()) : path.predictAll(x);
    }

    /** Decoded predictions at every path point for the given untransformed inputs, on the outputs' own scale. */
    Decoded[] decodeAll(Matrix inputs, Optional<int[]> groups, Okl okl) {
        Matrix[] h = predictAll(inputs, groups);
        Decoded[] out = new Decoded[h.length];
        for (int j = 0; j < h.length; j++) {
            out[j] = decode(h[j], j, components.decoder(), okl);
        }
        return out;
    }

    /** Regression predictions of path point j decoded with a decoder, on the outputs' own scale. */
    Decoded decode(Matrix h, int pathIndex, Decoder decoder, Okl okl) {
        FittedOutputEmbedding e = embedding.learnsFromRegression() ? embeddingAt(path.at(pathIndex)) : embedding;
        return transforms.invert(decoder.decode(h, decodingContext(e, okl)));
    }

    /** The decoding context for predictions decoded with the given (possibly refined) embedding. */
    PipelineDecodingContext decodingContext(FittedOutputEmbedding fitted, Okl okl) {
        return new PipelineDecodingContext(fitted, Optional.of(data.outputs()), data.outputs().cols(),
                data.unlabelledOutputs(), okl.context(), okl.tables());
    }
}
