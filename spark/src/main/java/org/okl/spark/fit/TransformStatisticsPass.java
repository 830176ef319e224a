package org.okl.spark.fit;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.InputTransform;
import org.okl.api.transform.TransformStatistics;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.transform.TransformChain;
import org.okl.spark.data.RowBlock;
import org.okl.spark.data.SparkErrors;
import org.okl.spark.exec.ArrayData;
import org.okl.spark.exec.ExecutorOkl;

/**
 * The statistics of one transform stage gathered on the executors ({@link TransformChain.Parts}): every partition
 * puts its rows through the stages fitted before, adds them to its own accumulator of the stage and returns its
 * {@link TransformStatistics#part()}; the parts of consecutive partitions are merged on the executors by a tree that
 * keeps their order ({@link DriverResults#inOrder}), and the driver receives about the square root of the partitions'
 * count of parts (partitions coalesced, without a shuffle, to one per core), in row order, and merges them. The
 * parts are the statistics' arrays (for standardize 3 x p numbers, for pca p x p), not rows.
 */
public final class TransformStatisticsPass {
    private TransformStatisticsPass() {
    }

    /**
     * Runs the pass.
     *
     * @param rows    the rows on the cluster
     * @param spec    the pipeline (its {@code inputs} and {@code targets} lists)
     * @param inputs  whether the stage is an input transform (else a target transform)
     * @param stage   the stage's index in its list
     * @param before  the stages fitted so far
     * @param columns the columns the stage is fitted on
     */
    public static List<Map<String, Matrix>> run(SparkRows rows, PipelineSpec spec, boolean inputs, int stage,
            TransformChain before, ColumnSchema columns) {
        Task task = new Task(PipelineFiles.toJson(spec), inputs, stage, new ArrayList<>(columns.names()),
                columns.levels().stream().map(l -> (List<String>) new ArrayList<>(l)).toList(),
                new LinkedHashMap<>(ArrayData.of(before.arrays())));
        String name = (inputs ? "input" : "target") + " transform statistics";
        JavaRDD<RowBlock> input = DistributedSums.coalesced(rows);
        long partBytes = task.empty().bytes();
        DriverResults.Plan plan = DriverResults.plan(DriverResults.Driver.of(rows.blocks().context()), "the "
                + name + " of stage " + (stage + 1) + " (" + columns.size() + " columns)", input.getNumPartitions(),
                rows.settings().depth(), partBytes + 1024, partBytes, "transform fewer columns");
        Broadcast<Task> shared = JavaSparkContext.fromSparkContext(rows.blocks().context()).broadcast(task);
        try {
            List<Part> parts = rows.log().run(name, false, rows.size(), task.bytes(),
                    () -> DriverResults.inOrder(input.mapPartitions((Iterator<RowBlock> blocks) ->
                            List.of(shared.value().gather(blocks)).iterator()), plan,
                            (Part a, Part b) -> shared.value().merge(a, b)));
            return parts.stream().map(p -> ArrayData.matrices(p.arrays())).toList();
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        } finally {
            shared.destroy();
        }
    }

    /**
     * What every partition needs: the pipeline's text, which list and stage, the stage's columns and the earlier
     * stages' fitted arrays.
     */
    private record Task(String pipeline, boolean inputs, int stage, List<String> names, List<List<String>> levels,
            Map<String, ArrayData> before) implements Serializable {

        long bytes() {
            long bytes = 2L * pipeline.length();
            for (ArrayData a : before.values()) {
                bytes += a.bytes();
            }
            return bytes;
        }

        /** One partition's part (the statistics of no row when it holds none). */
        Part gather(Iterator<RowBlock> blocks) {
            Okl okl = ExecutorOkl.get();
            List<ComponentSpec> specs = specs(okl);
            String role = inputs ? "input" : "target";
            TransformChain earlier = TransformChain.restore(role, specs.subList(0, stage),
                    ArrayData.matrices(before), okl.context());
            TransformStatistics statistics = statistics(okl, specs);
            while (blocks.hasNext()) {
                RowBlock b = blocks.next();
                statistics.add(earlier.apply(inputs ? b.inputs().toDense() : b.outputs()));
            }
            return part(statistics, specs);
        }

        /** The statistics of no row: the size of every part (the arrays have their shape from the start). */
        Part empty() {
            Okl okl = ExecutorOkl.get();
            List<ComponentSpec> specs = specs(okl);
            return part(statistics(okl, specs), specs);
        }

        /** The statistics of the rows of {@code earlier} and then those of {@code later}. */
        Part merge(Part earlier, Part later) {
            Okl okl = ExecutorOkl.get();
            List<ComponentSpec> specs = specs(okl);
            TransformStatistics statistics = statistics(okl, specs);
            statistics.merge(ArrayData.matrices(earlier.arrays()));
            statistics.merge(ArrayData.matrices(later.arrays()));
            return part(statistics, specs);
        }

        private List<ComponentSpec> specs(Okl okl) {
            PipelineSpec spec = PipelineFiles.parse(pipeline, "pipeline sent to executors", okl.registry());
            return inputs ? spec.inputs() : spec.targets();
        }

        private TransformStatistics statistics(Okl okl, List<ComponentSpec> specs) {
            return okl.context().create(InputTransform.class, specs.get(stage)).statistics(new ColumnSchema(names,
                    levels), okl.context());
        }

        private Part part(TransformStatistics statistics, List<ComponentSpec> specs) {
            return new Part(new LinkedHashMap<>(ArrayData.of(statistics.part().orElseThrow(() ->
                    new IllegalStateException("the statistics of " + (inputs ? "input" : "target") + " transform '"
                            + specs.get(stage).name() + "' do not merge")))));
        }
    }

    /** One partition's statistics, as a task result (one class on the wire, {@code OklKryoRegistrator}'s). */
    private record Part(LinkedHashMap<String, ArrayData> arrays) implements Serializable {

        long bytes() {
            long bytes = 0;
            for (ArrayData a : arrays.values()) {
                bytes += a.bytes();
            }
            return bytes;
        }
    }
}
