package org.okl.core.pipeline;

import org.okl.api.sketch.SketchFeatures;
import org.okl.core.stream.FoldAggregates;
import org.okl.core.stream.FoldScheme;
import org.okl.core.stream.RowDigest;
import org.okl.core.stream.RowSource;
import org.okl.core.stream.StreamTimings;
import org.okl.core.transform.FittedTransforms;

/**
 * Training rows held by a cluster (okl-spark's data sets): a streamed fit ({@link StreamingFit}) leaves them the one
 * pass of the eigen route, the per-group sums, handing over the pipeline variant and the drawn sketch from which the
 * workers rebuild the features and the regression targets; the filters, the whole path and the model selection then
 * run on this machine from the sums, as for rows read here. The sketch is drawn through the {@link RowSource} methods,
 * which such rows implement without bringing every row here (a uniform sample returns only the sampled rows).
 */
public interface DistributedRows extends RowSource {

    /**
     * The per-group sums of one pass over the rows.
     *
     * @param spec       the pipeline variant (data-dependent kernel values resolved): its kernel, approximation and
     *                   row-wise output embedding are rebuilt by the workers
     * @param transforms the fitted input and target transforms, which the workers apply to their rows first
     *                   (rebuilt from their arrays and the spec's {@code inputs} and {@code targets})
     * @param features   the drawn sketch, whose arrays the workers receive
     * @param scheme   the groups
     * @param targets  the number of regression targets d
     * @param timings  where the pass's time is counted
     */
    FoldAggregates sums(PipelineSpec spec, FittedTransforms transforms, SketchFeatures features, FoldScheme scheme,
            int targets, StreamTimings timings);

    /** The rows' {@link RowDigest} checksum, computed where the rows are. */
    String checksum();
}
