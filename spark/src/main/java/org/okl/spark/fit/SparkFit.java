package org.okl.spark.fit;

import java.util.Optional;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.okl.api.decoder.Decoder;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.rows.RowSource;
import org.okl.core.FitPlan;
import org.okl.core.InputColumns;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.StreamingFit;
import org.okl.core.TrainingData;
import org.okl.spark.data.ColumnLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fits an OKL pipeline on a Spark data set by the runtime's fit plan ({@link FitPlan}), as {@code okl fit} fits a
 * file: the plan decides the route and, for the automatic pipeline, the choice. A pipeline that streams (a kernel
 * sketch, a separable operator, a row-wise output embedding) is fitted as on one machine by {@link StreamingFit},
 * with every pass over the rows on the executors ({@link SparkRows}: the sketch's draw, the eigen route's per-fold
 * sums or Falkon's passes, the checksum); the filters, path and selection run on the driver. Any other pipeline
 * (exact solvers, output kernels) needs all its rows at once: only when {@code requireDistributed} is off are they
 * brought to the driver, if they fit in a quarter of its heap, and fitted there.
 */
public final class SparkFit {
    private static final Logger LOG = LoggerFactory.getLogger(SparkFit.class);

    private SparkFit() {
    }

    /**
     * A fit.
     *
     * @param model       the OKL model (as {@code okl fit} writes it)
     * @param distributed whether the rows' passes ran on the executors (else the rows were fitted on the driver)
     * @param pass        what the eigen route's distributed pass measured, when one ran
     * @param summary     where every pass ran and what it moved
     */
    public record Result(Model model, boolean distributed, Optional<DistributedSums.Result> pass,
            FitSummary summary) {
    }

    /**
     * Fits the pipeline.
     *
     * @param spec         the pipeline
     * @param data         the training rows
     * @param inputs       the input columns
     * @param outputs      the output columns
     * @param weightColumn the weight column, if any
     * @param okl          the driver's OKL (registry, back-end, seed)
     * @param settings     block sizes, aggregation depth, invalid rows, whether the driver may take the rows
     * @throws OklException for data or pipelines that cannot be fitted, with what to change
     */
    public static Result fit(PipelineSpec spec, Dataset<Row> data, ColumnLayout inputs, ColumnLayout outputs,
            Optional<String> weightColumn, Okl okl, SparkRows.Settings settings) {
        InputColumns columns = inputs.inputColumns(data.schema()).orElse(null);
        // the rows are read only once the plan asks for them, so that a refusal costs no pass over the data
        SparkRows[] opened = new SparkRows[1];
        Supplier<SparkRows> rows = () -> {
            if (opened[0] == null) {
                opened[0] = SparkRows.of(data, inputs, Optional.of(outputs), weightColumn, settings);
            }
            return opened[0];
        };
        try {
            FitPlan plan = okl.pipeline(spec).plan(new FitPlan.Source() {
                @Override
                public Optional<RowSource> rows() {
                    return Optional.of(rows.get());
                }

                @Override
                public Optional<InputColumns> inputColumns() {
                    return Optional.ofNullable(columns);
                }

                @Override
                public TrainingData load(String why) {
                    refuseOnDriver(spec, why, weightColumn, okl, settings);
                    LOG.info("the pipeline does not stream ({}): fitting {} on the driver", why,
                            rows.get().description());
                    return collect(rows.get(), why, columns);
                }
            }, FitPlan.Options.fit());
            boolean distributed = plan.route() == FitPlan.Route.STREAMED;
            if (distributed) {
                LOG.info("fitting {} with its passes on the executors", rows.get().description());
            }
            Model model = plan.fit().model();
            return new Result(model, distributed, distributed ? rows.get().lastPass() : Optional.empty(),
                    rows.get().summary(distributed));
        } finally {
            if (opened[0] != null) {
                opened[0].close();
            }
        }
    }

    /**
     * Refuses to bring the rows to the driver for a pipeline the plan does not fit over them in blocks, with weights
     * or with {@code requireDistributed}, saying what to change.
     *
     * @param why why the plan reads the rows whole (the pipeline's obstacle to streaming)
     */
    private static void refuseOnDriver(PipelineSpec spec, String why, Optional<String> weightColumn, Okl okl,
            SparkRows.Settings settings) {
        if (weightColumn.isPresent()) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, "weightCol needs a pipeline that streams (a kernel "
                    + "sketch, \"approximation\"), and this one does not: " + why);
        }
        if (settings.requireDistributed()) {
            components(spec, okl);
            throw new OklException(ErrorCode.INVALID_PIPELINE, "the pipeline does not stream (" + why
                    + "), so it would be fitted on the driver with every row brought there, and requireDistributed "
                    + "is on: add a kernel sketch (\"approximation\": {\"name\": \"nystrom\", \"rank\": 2000}) so "
                    + "the rows stay on the executors, or set requireDistributed to false");
        }
    }

    /** Creates the pipeline's named components, so that an unknown name is reported as such first. */
    private static void components(PipelineSpec spec, Okl okl) {
        spec.kernel().ifPresent(k -> okl.create(VectorKernel.class, k));
        okl.create(SpectralFilter.class, spec.filter());
        okl.create(OperatorKernel.class, spec.operator());
        okl.create(OutputEmbedding.class, spec.output());
        okl.create(Decoder.class, spec.decoder());
    }

    /** Every row on the driver, if they take at most a quarter of its heap. */
    private static TrainingData collect(SparkRows rows, String obstacle, InputColumns columns) {
        SparkRows.Collected all = rows.collect("this pipeline fits all its rows at once on the driver (it does not "
                + "stream: " + obstacle + ")", "add a kernel sketch (\"approximation\": {\"name\": \"nystrom\", "
                + "\"rank\": 2000}) so the rows stay on the executors, or raise --driver-memory");
        return TrainingData.builder(all.inputs(), all.outputs()).inputColumns(columns).build();
    }
}
