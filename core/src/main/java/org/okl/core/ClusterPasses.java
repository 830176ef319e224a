package org.okl.core;

import java.util.List;
import java.util.Map;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.RowDigest;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.sketch.SketchRows;
import org.okl.api.transform.ColumnSchema;
import org.okl.core.transform.FittedTransforms;
import org.okl.core.transform.TransformChain;
import org.okl.linalg.streamed.FalkonPasses;
import org.okl.linalg.streamed.FoldAggregates;

/**
 * The passes of a streamed fit over training rows that a cluster holds (okl-spark's data sets), run where the rows
 * are: the facet ({@link org.okl.api.execution.Execution#facet}) of the execution that an
 * {@link org.okl.api.execution.ExecutionBackEnd} answers when asked whether it {@linkplain
 * org.okl.api.execution.ExecutionBackEnd#holding holds} the rows. A streamed fit ({@link StreamingFit}) leaves the
 * cluster every pass over the rows, handing over the pipeline variant and the drawn sketch from which the workers
 * rebuild the features and the regression targets: the sketch's draw ({@link #forSketch}: the uniform sample, and for
 * leverage scores the features' Gram and the scored sample), the eigen route's per-group sums ({@link #sums}) or
 * Falkon's passes ({@link #falkonPasses}), the transforms' statistics and the data checksum. The filters, the whole
 * path and the model selection run on this machine from what the passes return, as for rows read here.
 */
public interface ClusterPasses {

    /**
     * The rows as a sketch draws from them, its passes run where the rows are: {@link SketchRows#sample},
     * {@link SketchRows#featureGram} and {@link SketchRows#scoreSample} rebuild the features they are given with the
     * pipeline's kernel and sketch on the workers.
     *
     * @param spec       the pipeline variant (data-dependent kernel values resolved)
     * @param transforms the fitted input transforms, which the workers apply to their rows first (the rows handed
     *                   back, samples, are transformed too)
     */
    SketchRows forSketch(PipelineSpec spec, FittedTransforms transforms);

    /**
     * The per-group sums of one pass over the rows.
     *
     * @param spec       the pipeline variant (data-dependent kernel values resolved): its kernel, approximation and
     *                   row-wise output embedding are rebuilt by the workers
     * @param transforms the fitted input and target transforms, which the workers apply to their rows first
     *                   (rebuilt from their arrays and the spec's {@code inputs} and {@code targets})
     * @param features   the drawn sketch, whose arrays the workers receive
     * @param scheme     the groups
     * @param targets    the number of regression targets d
     * @param timings    where the pass's time is counted
     */
    FoldAggregates sums(PipelineSpec spec, FittedTransforms transforms, SketchFeatures features, FoldScheme scheme,
            int targets, StreamTimings timings);

    /**
     * Falkon's passes over the rows, each run by the workers and merged here.
     *
     * @param spec       the pipeline variant
     * @param transforms the fitted input and target transforms, which the workers apply to their rows first
     * @param features   the drawn sketch
     * @param scheme     the groups
     * @param targets    the number of regression targets d
     * @param chunkRows  the most rows of one kernel block
     * @param timings    where the passes are counted
     */
    FalkonPasses falkonPasses(PipelineSpec spec, FittedTransforms transforms, SketchFeatures features,
            FoldScheme scheme, int targets, int chunkRows, StreamTimings timings);

    /**
     * The parts of a transform stage's statistics, gathered by the workers, one per part of the rows, in row order
     * ({@link TransformChain.Parts}).
     *
     * @param spec    the pipeline (its {@code inputs} and {@code targets} lists)
     * @param inputs  whether the stage is an input transform (else a target transform)
     * @param stage   the stage's index in its list
     * @param before  the stages fitted so far, which the workers apply to their rows first
     * @param columns the columns the stage is fitted on
     */
    List<Map<String, Matrix>> transformParts(PipelineSpec spec, boolean inputs, int stage, TransformChain before,
            ColumnSchema columns);

    /** The rows' {@link RowDigest} checksum, computed where the rows are. */
    String checksum();
}
