package org.okl.spark.data;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.storage.StorageLevel;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.ReservoirSample;
import org.okl.api.sketch.SketchFeatures;
import org.okl.core.pipeline.DistributedRows;
import org.okl.core.pipeline.PipelineSpec;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;
import org.okl.core.stream.FoldAggregates;
import org.okl.core.stream.FoldScheme;
import org.okl.core.stream.RowDigest;
import org.okl.core.stream.RowSource;
import org.okl.core.stream.StreamTimings;
import org.okl.core.transform.FittedTransforms;
import org.okl.spark.exec.SketchRecipe;
import org.okl.spark.fit.DistributedSums;

/**
 * The rows of a Spark data set as OKL's {@link RowSource} whose passes run on the executors ({@link DistributedRows}): the chosen input and output columns read into
 * {@link RowBlock}s per partition, each row with its global index (the rows of the partitions before it plus its
 * place in its partition), so folds and samples are those a file or a matrix with the same rows in the same order
 * gives. The blocks are persisted ({@code MEMORY_AND_DISK}) for the passes of a fit unless the data set is itself
 * persisted, as Spark ML's estimators do; {@link #close} releases them.
 *
 * <p>Distributed: {@link #blocks()} for passes on the executors, and {@link #uniformSample}, which draws exactly the
 * rows {@link ReservoirSample} draws on one machine (its random choices depend only on the row count, so the driver
 * replays them for n rows and the executors return the chosen rows). {@link #forEachRowBlock}, for sketches that
 * read every row in order on the driver, brings the partitions to the driver one at a time.
 */
public final class SparkRows implements DistributedRows, AutoCloseable {
    /** The most rows of one block. */
    public static final int BLOCK_ROWS = 8192;

    private final JavaRDD<RowBlock> blocks;
    private final boolean persisted;
    private final long[] offsets;
    private final long size;
    private final int dimension;
    private final int outputDimension;
    private final String description;
    private final Settings settings;
    private DistributedSums.Result lastPass;

    private SparkRows(JavaRDD<RowBlock> blocks, boolean persisted, long[] offsets, int dimension,
            int outputDimension, String description, Settings settings) {
        this.settings = settings;
        this.blocks = blocks;
        this.persisted = persisted;
        this.offsets = offsets;
        this.size = offsets[offsets.length - 1];
        this.dimension = dimension;
        this.outputDimension = outputDimension;
        this.description = description;
    }

    /**
     * Reads the columns of a data set in one pass (which also counts every partition's rows).
     *
     * @param data    the data set
     * @param inputs  the input columns
     * @param outputs the output columns, or empty for inputs only
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a data set without rows, null values or rows of
     *                      different widths
     */
    public static SparkRows of(Dataset<Row> data, ColumnLayout inputs, Optional<ColumnLayout> outputs) {
        return of(data, inputs, outputs, Settings.DEFAULT);
    }

    /** As {@link #of(Dataset, ColumnLayout, Optional)} with other settings. */
    public static SparkRows of(Dataset<Row> data, ColumnLayout inputs, Optional<ColumnLayout> outputs,
            Settings settings) {
        JavaRDD<RowBlock> blocks = blocks(data, inputs, outputs, settings.blockRows());
        boolean persist = data.storageLevel().equals(StorageLevel.NONE());
        if (persist) {
            blocks.persist(StorageLevel.MEMORY_AND_DISK());
        }
        try {
            List<long[]> shapes = Jobs.described(blocks.context(), "reading " + inputs.columns() + " input"
                    + outputs.map(o -> " and " + o.columns() + " output").orElse("") + " columns",
                    () -> blocks.mapPartitionsWithIndex(SparkRows::shape, true).collect());
            int partitions = blocks.getNumPartitions();
            long[] offsets = new long[partitions + 1];
            int p = -1;
            int q = outputs.isPresent() ? -1 : 0;
            for (long[] s : shapes) {
                offsets[(int) s[0] + 1] = s[1];
                if (s[1] > 0) {
                    p = sameWidth(p, (int) s[2], inputs, s[0]);
                    q = outputs.isPresent() ? sameWidth(q, (int) s[3], outputs.get(), s[0]) : 0;
                }
            }
            for (int i = 0; i < partitions; i++) {
                offsets[i + 1] += offsets[i];
            }
            if (offsets[partitions] == 0) {
                throw new OklException(ErrorCode.INVALID_DATA, "the data set has no rows");
            }
            String description = "Spark data set (" + inputs.role() + " " + inputs.names()
                    + outputs.map(o -> ", " + o.role() + " " + o.names()).orElse("") + "; " + partitions
                    + " partitions)";
            return new SparkRows(blocks, persist, offsets, p, q, description, settings);
        } catch (Exception e) {
            if (persist) {
                blocks.unpersist(false);
            }
            throw SparkErrors.unwrap(e);
        }
    }

    /**
     * The chosen columns of every partition read into blocks, lazily (nothing is persisted or counted): the inputs,
     * and the outputs if given. For a single pass that needs no global row index.
     *
     * @param blockRows the most rows of one block
     */
    public static JavaRDD<RowBlock> blocks(Dataset<Row> data, ColumnLayout inputs, Optional<ColumnLayout> outputs,
            int blockRows) {
        List<Column> columns = new ArrayList<>();
        inputs.names().forEach(c -> columns.add(functions.col(c)));
        outputs.ifPresent(o -> o.names().forEach(c -> columns.add(functions.col(c))));
        ColumnLayout out = outputs.orElse(null);
        return data.select(columns.toArray(new Column[0])).javaRDD()
                .mapPartitionsWithIndex((partition, rows) -> new RowBlocks(partition, rows, inputs, out, blockRows),
                        true);
    }

    /** One partition's [partition, rows, p, q]. */
    private static Iterator<long[]> shape(int partition, Iterator<RowBlock> blocks) {
        long rows = 0;
        long p = -1;
        long q = -1;
        while (blocks.hasNext()) {
            RowBlock b = blocks.next();
            rows += b.rows();
            p = b.inputs().cols();
            q = b.outputs().cols();
        }
        return List.of(new long[] {partition, rows, p, q}).iterator();
    }

    private static int sameWidth(int known, int width, ColumnLayout layout, long partition) {
        if (known >= 0 && known != width) {
            throw new OklException(ErrorCode.INVALID_DATA, layout.role() + " columns " + layout.names() + " give "
                    + known + " values in earlier partitions but " + width + " in partition " + partition
                    + "; every row needs the same number");
        }
        return width;
    }

    /** The blocks, for passes on the executors. */
    public JavaRDD<RowBlock> blocks() {
        return blocks;
    }

    /** The global index of the first row of every partition, then n. */
    public long[] offsets() {
        return offsets.clone();
    }

    /** The global index of a block's first row. */
    public long firstRow(RowBlock block) {
        return offsets[block.partition()] + block.firstInPartition();
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public int outputDimension() {
        return outputDimension;
    }

    @Override
    public String description() {
        return description;
    }

    /** Every block on the driver, partition after partition (one job per partition). */
    @Override
    public void forEachRowBlock(RowBlockVisitor visitor) {
        Iterator<RowBlock> it = blocks.toLocalIterator();
        while (it.hasNext()) {
            RowBlock b = it.next();
            visitor.accept(firstRow(b), b.inputs(), b.outputs());
        }
    }

    /**
     * The rows {@link ReservoirSample} with this seed draws from these rows in order: the driver replays its random
     * choices for n rows (they do not depend on the rows' values), the executors return the chosen rows.
     */
    @Override
    public Matrix uniformSample(int count, long seed) {
        ReservoirSample replay = new ReservoirSample(count, 0, seed);
        Matrix none = Matrix.zeros(BLOCK_ROWS, 0);
        for (long left = size; left > 0; left -= BLOCK_ROWS) {
            replay.offer(left >= BLOCK_ROWS ? none : Matrix.zeros((int) left, 0));
        }
        return rowsAt(replay.indices());
    }

    /**
     * The rows with the given global indices (increasing), in that order.
     *
     * @param indices increasing global indices
     */
    public Matrix rowsAt(long[] indices) {
        Broadcast<long[]> wanted = JavaSparkContext.fromSparkContext(blocks.context()).broadcast(indices);
        long[] starts = offsets;
        List<IndexedRow> found;
        try {
            found = Jobs.described(blocks.context(), "sampling " + indices.length + " rows", () -> blocks
                    .flatMap(b -> pick(b, starts[b.partition()] + b.firstInPartition(), wanted.value())).collect());
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        } finally {
            wanted.destroy();
        }
        double[][] rows = found.stream().sorted((a, b) -> Long.compare(a.index(), b.index()))
                .map(IndexedRow::values).toArray(double[][]::new);
        if (rows.length != indices.length) {
            throw new IllegalStateException(indices.length + " rows asked, " + rows.length + " found");
        }
        return rows.length == 0 ? Matrix.zeros(0, dimension) : Matrix.fromRows(rows);
    }

    /** The wanted rows of a block. */
    private static Iterator<IndexedRow> pick(RowBlock block, long first, long[] wanted) {
        List<IndexedRow> out = new ArrayList<>();
        int from = Arrays.binarySearch(wanted, first);
        Matrix x = block.inputs();
        for (int k = from >= 0 ? from : -from - 1; k < wanted.length && wanted[k] < first + block.rows(); k++) {
            out.add(new IndexedRow(wanted[k], x.row((int) (wanted[k] - first))));
        }
        return out.iterator();
    }

    /** A row's inputs with its global index. */
    private record IndexedRow(long index, double[] values) implements Serializable {
    }

    /**
     * Every row on the driver, if they take at most a quarter of its heap.
     *
     * @param why    what needs them there, for the error message
     * @param advice what to change when they do not fit
     * @throws OklException {@link ErrorCode#INVALID_DATA} naming the sizes when they do not fit
     */
    public Collected collect(String why, String advice) {
        long bytes = 8L * size * (dimension + outputDimension);
        long heap = Runtime.getRuntime().maxMemory();
        if (bytes > heap / 4 || size > Integer.MAX_VALUE) {
            throw new OklException(ErrorCode.INVALID_DATA, String.format(java.util.Locale.ROOT, "%s: %s, and its %d "
                    + "rows take %.0f MB, more than a quarter of the driver's %.0f MB heap: %s", description, why,
                    size, bytes / 1e6, heap / 1e6, advice));
        }
        int n = (int) size;
        Matrix x = Matrix.zeros(n, dimension);
        Matrix y = Matrix.zeros(n, outputDimension);
        forEachRowBlock((first, inputs, outputs) -> {
            copyRows(inputs, x, (int) first);
            copyRows(outputs, y, (int) first);
        });
        return new Collected(x, y);
    }

    private static void copyRows(Matrix block, Matrix into, int first) {
        for (int j = 0; j < block.cols(); j++) {
            System.arraycopy(block.data(), j * block.rows(), into.data(), first + j * into.rows(), block.rows());
        }
    }

    /**
     * Rows brought to the driver.
     *
     * @param inputs  n x p
     * @param outputs n x q
     */
    public record Collected(Matrix inputs, Matrix outputs) {
    }

    /** Runs the pass of the eigen route on the executors ({@link DistributedSums}). */
    @Override
    public FoldAggregates sums(PipelineSpec spec, FittedTransforms transforms, SketchFeatures features,
            FoldScheme scheme, int targets, StreamTimings timings) {
        DistributedSums.Result pass = DistributedSums.run(this, new SketchRecipe(spec, transforms, features), scheme,
                targets, features.size(), settings.chunkRows(), settings.depth());
        timings.pass(size);
        lastPass = pass;
        return pass.sums();
    }

    /** What the last {@link #sums} pass measured, if one ran. */
    public Optional<DistributedSums.Result> lastPass() {
        return Optional.ofNullable(lastPass);
    }

    /**
     * The {@link RowDigest} checksum: each partition hashes the chunks it holds whole and gives the rows of the
     * others as bytes, which are put together per chunk on the executors; the driver receives one digest per chunk.
     */
    @Override
    public String checksum() {
        long[] starts = offsets;
        try {
            List<scala.Tuple2<Long, byte[]>> digests = Jobs.described(blocks.context(), "data checksum",
                    () -> blocks.mapPartitions(it -> ChunkPieces.of(it, starts))
                            .mapToPair(piece -> new scala.Tuple2<>(piece.chunk(), piece))
                            .groupByKey()
                            .mapValues(ChunkPieces::digest)
                            .sortByKey()
                            .collect());
            return RowDigest.combine(digests.stream().map(scala.Tuple2::_2).toList());
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        }
    }

    /**
     * How rows are read and passed over.
     *
     * @param blockRows the most rows of one stored block
     * @param chunkRows the most rows of one kernel block in a pass, or 0 for the one-machine default
     * @param depth     the depth of the {@code treeAggregate} that merges the sums
     */
    public record Settings(int blockRows, int chunkRows, int depth) {
        /** Blocks of {@value SparkRows#BLOCK_ROWS} rows, the default kernel blocks, a tree of depth 2. */
        public static final Settings DEFAULT = new Settings(BLOCK_ROWS, 0, 2);

        /** Checks the values. */
        public Settings {
            if (blockRows < 1 || chunkRows < 0 || depth < 1) {
                throw new IllegalArgumentException("block rows >= 1, chunk rows >= 0 and depth >= 1 needed, got "
                        + blockRows + ", " + chunkRows + " and " + depth);
            }
        }
    }

    /** Releases the persisted blocks. */
    @Override
    public void close() {
        if (persisted && blocks != null) {
            blocks.unpersist(false);
        }
    }
}
