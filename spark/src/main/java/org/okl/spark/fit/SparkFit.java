package org.okl.spark.fit;

import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.okl.core.Okl;
import org.okl.core.pipeline.InputColumns;
import org.okl.core.pipeline.Model;
import org.okl.core.pipeline.Pipeline;
import org.okl.core.pipeline.PipelineSpec;
import org.okl.core.pipeline.StreamingFit;
import org.okl.core.pipeline.TrainingData;
import org.okl.core.plugin.OklException;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.SparkRows;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fits an OKL pipeline on a Spark data set. A pipeline that streams (a kernel sketch, a separable operator, a
 * row-wise output embedding: {@link StreamingFit#obstacle}) is fitted as on one machine by {@link StreamingFit},
 * with its one pass, the per-fold sums, run on the executors ({@link SparkRows}); the sketch is drawn and the
 * filters, path and selection run on the driver. Any other pipeline (exact solvers, output kernels) needs all its
 * rows at once: they are brought to the driver, if they fit in a quarter of its heap, and fitted there.
 */
public final class SparkFit {
    private static final Logger LOG = LoggerFactory.getLogger(SparkFit.class);

    private SparkFit() {
    }

    /**
     * A fit.
     *
     * @param model       the OKL model (as {@code okl fit} writes it)
     * @param distributed whether the rows' pass ran on the executors (else the rows were fitted on the driver)
     * @param pass        what the distributed pass measured, when one ran
     */
    public record Result(Model model, boolean distributed, Optional<DistributedSums.Result> pass) {
    }

    /**
     * Fits the pipeline.
     *
     * @param spec     the pipeline
     * @param data     the training rows
     * @param inputs   the input columns
     * @param outputs  the output columns
     * @param okl      the driver's OKL (registry, back-end, seed)
     * @param settings block sizes and aggregation depth
     * @throws OklException for data or pipelines that cannot be fitted, with what to change
     */
    public static Result fit(PipelineSpec spec, Dataset<Row> data, ColumnLayout inputs, ColumnLayout outputs, Okl okl,
            SparkRows.Settings settings) {
        Pipeline pipeline = okl.pipeline(spec);
        Optional<String> obstacle = pipeline.streamingObstacle();
        InputColumns columns = inputs.inputColumns(data.schema()).orElse(null);
        try (SparkRows rows = SparkRows.of(data, inputs, Optional.of(outputs), settings)) {
            if (obstacle.isEmpty()) {
                LOG.info("fitting {} with its pass on the executors", rows.description());
                Model model = pipeline.fit(rows, columns).model();
                return new Result(model, true, rows.lastPass());
            }
            LOG.info("the pipeline does not stream ({}): fitting {} on the driver", obstacle.get(),
                    rows.description());
            return new Result(pipeline.fit(collect(rows, obstacle.get(), columns)), false, Optional.empty());
        }
    }

    /** Every row on the driver, if they take at most a quarter of its heap. */
    private static TrainingData collect(SparkRows rows, String obstacle, InputColumns columns) {
        SparkRows.Collected all = rows.collect("this pipeline fits all its rows at once on the driver (it does not "
                + "stream: " + obstacle + ")", "add a kernel sketch (\"approximation\": {\"name\": \"nystrom\", "
                + "\"rank\": 2000}) so the rows stay on the executors, or raise --driver-memory");
        return TrainingData.builder(all.inputs(), all.outputs()).inputColumns(columns).build();
    }
}
