package org.okl.core;

import java.util.Optional;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Decoder;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.core.transform.FittedTransforms;

/**
 * How a fold's regression predictions are decoded during model selection: the fold's fitted transforms and output
 * embedding (one per path point for an embedding that learns from the regression) and its training outputs. It holds
 * no kernel matrix, so a selection can keep it for every candidate while it pools out-of-fold predictions.
 *
 * @param transforms the fold's transforms
 * @param embeddings the fitted embedding of every path point (the same object repeated unless it learns from the
 *                   regression)
 * @param outputs    the fold's (transformed) training outputs
 * @param data       the fold's (transformed) training data, for the unlabelled outputs
 */
record ValidationDecoding(FittedTransforms transforms, FittedOutputEmbedding[] embeddings, Matrix outputs,
        TrainingData data) {

    /** The decoding of a path fitted on a fold. */
    static ValidationDecoding of(FittedPath fitted) {
        FittedOutputEmbedding[] e = new FittedOutputEmbedding[fitted.path().length()];
        for (int j = 0; j < e.length; j++) {
            e[j] = fitted.embedding().learnsFromRegression() ? fitted.embeddingAt(fitted.path().at(j))
                    : fitted.embedding();
        }
        return new ValidationDecoding(fitted.transforms(), e, fitted.data().outputs(), fitted.data());
    }

    /** The decoding context of path point j. */
    PipelineDecodingContext context(int pathIndex, Okl okl) {
        return new PipelineDecodingContext(embeddings[pathIndex], Optional.of(outputs), outputs.cols(),
                data.unlabelledOutputs(), okl.context(), okl.tables());
    }

    /** Path point j's predictions decoded, on the outputs' own scale. */
    Decoded decode(Matrix h, int pathIndex, Decoder decoder, Okl okl) {
        return transforms.invert(decoder.decode(h, context(pathIndex, okl)));
    }
}
