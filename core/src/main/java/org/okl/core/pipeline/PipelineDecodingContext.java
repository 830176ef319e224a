package org.okl.core.pipeline;

import java.nio.file.Path;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.core.data.TableFiles;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;

/**
 * The decoding context of a fitted pipeline.
 *
 * @param embedding         the fitted embedding
 * @param trainingOutputs   the training outputs
 * @param unlabelledOutputs extra outputs, if any
 * @param componentContext  back-end, seed, registry
 * @param tables            the data-file readers
 */
record PipelineDecodingContext(FittedOutputEmbedding embedding, Matrix trainingOutputs,
        Optional<Matrix> unlabelledOutputs, ComponentContext componentContext, TableFiles tables)
        implements DecodingContext {

    @Override
    public Matrix readCandidates(String location) {
        Matrix m = tables.read(Path.of(location)).values();
        if (m.cols() != trainingOutputs.cols()) {
            throw new OklException(ErrorCode.INVALID_DATA, location + ": candidates have " + m.cols()
                    + " columns but the training outputs have " + trainingOutputs.cols());
        }
        return m;
    }
}
