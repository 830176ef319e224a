package org.okl.core;

import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.text.UserText;
import org.okl.core.data.TableFiles;

/**
 * The decoding context of a fitted pipeline.
 *
 * @param embedding         the fitted embedding
 * @param storedOutputs     the training outputs, or empty for a model fitted on streamed rows
 * @param outputColumns     the number of output columns
 * @param unlabelledOutputs extra outputs, if any
 * @param componentContext  back-end, seed, registry
 * @param tables            the data-file readers
 */
record PipelineDecodingContext(FittedOutputEmbedding embedding, Optional<Matrix> storedOutputs, int outputColumns,
        Optional<Matrix> unlabelledOutputs, ComponentContext componentContext, TableFiles tables)
        implements DecodingContext {

    /**
     * The training outputs.
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a model fitted on streamed rows, which stores none
     */
    @Override
    public Matrix trainingOutputs() {
        return storedOutputs.orElseThrow(() -> new OklException(ErrorCode.INVALID_MODEL, "the decoder needs the "
                + "training outputs, which a model fitted on streamed rows does not store: give the candidates as a "
                + "file ({\"name\": \"candidates\", \"file\": \"FILE\"}) or fit the model in memory"));
    }

    /**
     * The candidates of a file the decoder names, read through the component context: the file itself while the
     * pipeline is fitted, the copy the model holds once it is (a model never opens a path it names).
     */
    @Override
    public Matrix readCandidates(String location) {
        Matrix m = tables.read(location, componentContext.readFile(location)).values();
        if (m.cols() != outputColumns) {
            throw new OklException(ErrorCode.INVALID_DATA, UserText.quote(location) + ": candidates have " + m.cols()
                    + " columns but the training outputs have " + outputColumns);
        }
        return m;
    }
}
