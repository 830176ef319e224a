package org.okl.spark.fit;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.storage.StorageLevel;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.execution.Execution;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.RowDigest;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.ReservoirSample;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.sketch.SketchRows;
import org.okl.api.transform.ColumnSchema;
import org.okl.core.ClusterPasses;
import org.okl.core.PipelineSpec;
import org.okl.core.transform.FittedTransforms;
import org.okl.core.transform.TransformChain;
import org.okl.linalg.streamed.FalkonPasses;
import org.okl.linalg.streamed.FoldAggregates;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Invalid;
import org.okl.spark.data.RowBlock;
import org.okl.spark.data.RowBlocks;
import org.okl.spark.data.RowSpreading;
import org.okl.spark.data.SerializerCheck;
import org.okl.spark.data.SourceOrder;
import org.okl.spark.data.SparkErrors;
import org.okl.spark.exec.SketchRecipe;

/**
 * The rows of a Spark data set as OKL's {@link RowSource} whose passes run on the executors ({@link ClusterPasses}):
 * the chosen input and output columns (and weight column) read into {@link RowBlock}s per partition, each row with its
 * global index (the rows kept in the partitions before it plus its place in its partition), so folds and samples are
 * those a file or a matrix with the same rows in the same order gives. One ML vector column whose first row holds a
 * sparse vector (hashed text features, one-hot codes) is kept sparse. The blocks are persisted
 * ({@code MEMORY_AND_DISK}) for the passes of a fit unless the data set is itself persisted, as Spark ML's estimators
 * do; {@link #close} releases them.
 *
 * <p>The global index holds only while a partition computed again (a lost executor, an evicted block) gives the same
 * rows in the same order, so the reading pass asks Spark how deterministic the source is ({@link SourceOrder}): the
 * rows of a shuffle's output (UNORDERED) are sorted by content within each partition, whatever is not determinate is
 * kept by this object even when the data set is persisted, checkpointed once read when the context has a checkpoint
 * directory, and an indeterminate source without one is refused. The reading pass also spreads the rows over
 * {@link Settings#numPartitions} partitions of equal rows, or over every core when the source has fewer partitions
 * (one gzipped file), keeping their order ({@link RowSpreading}).
 *
 * <p>Every pass runs on the executors: the uniform sample ({@link #sample}: each row's reservoir choice is its own,
 * {@link ReservoirSample#slot}, so the executors make them and the driver fetches the chosen rows), the sketch's Gram
 * and scored sample ({@link #forSketch}), the transforms' statistics ({@link #transformParts}), the per-fold sums,
 * Falkon's passes and the checksum. What brings rows to the driver ({@link #forEachRowBlock}, {@link #collect}) is
 * refused when {@link Settings#requireDistributed} is on. Every pass is recorded ({@link #summary}).
 */
public final class SparkRows implements RowSource, ClusterPasses, AutoCloseable {
    /** The most rows of one block. */
    public static final int BLOCK_ROWS = 8192;
    /** The fewest rows per core for which rows read in fewer partitions than cores are spread over every core. */
    public static final int SPREAD_ROWS = 1024;

    private final JavaRDD<RowBlock> blocks;
    private final boolean persisted;
    private final long[] offsets;
    private final long size;
    private final int dimension;
    private final int outputDimension;
    private final boolean sparse;
    private final boolean weighted;
    private final long skipped;
    private final long storedBytes;
    private final String description;
    private final Settings settings;
    private final PassLog log;
    private long rowsToDriver;
    private DistributedSums.Result lastPass;
    private final List<SparkFalkonPasses> falkonPasses = new ArrayList<>();

    private SparkRows(JavaRDD<RowBlock> blocks, boolean persisted, Shape shape, boolean sparse, boolean weighted,
            String description, Settings settings, PassLog log) {
        this.settings = settings;
        this.blocks = blocks;
        this.persisted = persisted;
        this.offsets = shape.offsets;
        this.size = offsets[offsets.length - 1];
        this.dimension = shape.p;
        this.outputDimension = shape.q;
        this.sparse = sparse;
        this.weighted = weighted;
        this.skipped = shape.skipped;
        this.storedBytes = shape.bytes;
        this.description = description;
        this.log = log;
    }

    /**
     * Reads the columns of a data set in one pass (which also counts every partition's rows).
     *
     * @param data    the data set
     * @param inputs  the input columns
     * @param outputs the output columns, or empty for inputs only
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a data set without rows, invalid values or rows of
     *                      different widths
     */
    public static SparkRows of(Dataset<Row> data, ColumnLayout inputs, Optional<ColumnLayout> outputs) {
        return of(data, inputs, outputs, Optional.empty(), Settings.DEFAULT);
    }

    /** As {@link #of(Dataset, ColumnLayout, Optional)} with other settings. */
    public static SparkRows of(Dataset<Row> data, ColumnLayout inputs, Optional<ColumnLayout> outputs,
            Settings settings) {
        return of(data, inputs, outputs, Optional.empty(), settings);
    }

    /**
     * As {@link #of(Dataset, ColumnLayout, Optional)} with a weight column and other settings.
     *
     * @param weightColumn a numeric column of weights (finite, >= 0), or empty for weight 1
     */
    public static SparkRows of(Dataset<Row> data, ColumnLayout inputs, Optional<ColumnLayout> outputs,
            Optional<String> weightColumn, Settings settings) {
        SerializerCheck.require(data.sparkSession().sparkContext().getConf());
        PassLog log = new PassLog(data.sparkSession().sparkContext());
        boolean sparse = inputs.isOneVector() && log.run("looking at the first row", false, 1, 0,
                () -> sparse(data, inputs));
        Dataset<Row> selected = selected(data, inputs, outputs, weightColumn);
        JavaRDD<Row> source = selected.javaRDD();
        SourceOrder order = SourceOrder.of(source.rdd());
        SparkContext sc = data.sparkSession().sparkContext();
        SourceOrder.Keeping keeping;
        try {
            keeping = order.keeping(sc.getCheckpointDir().isDefined());
        } catch (RuntimeException e) {
            log.close();
            throw e;
        }
        if (keeping.sort()) {
            source = SourceOrder.canonical(data.sparkSession(), source, selected.schema());
        }
        JavaRDD<RowBlock> read = blocks(source, inputs, outputs, weightColumn.orElse(null), settings.blockRows(),
                sparse, settings.invalid());
        // blocks read from a source that is not determinate are always kept here (recomputing them is what moves rows)
        boolean persist = data.storageLevel().equals(StorageLevel.NONE()) || order != SourceOrder.DETERMINATE;
        if (persist) {
            read.persist(StorageLevel.MEMORY_AND_DISK());
        }
        JavaRDD<RowBlock> kept = read;
        try {
            List<long[]> shapes = log.run("reading " + inputs.columns() + " input" + outputs.map(o -> " and "
                    + o.columns() + " output").orElse("") + " columns", false, 0, 0,
                    () -> read.mapPartitionsWithIndex(SparkRows::shape, true).collect());
            Shape shape = Shape.of(shapes, read.getNumPartitions(), inputs, outputs, outputs.isPresent());
            log.rowsOfLast(shape.offsets[shape.offsets.length - 1]);
            long n = shape.offsets[shape.offsets.length - 1];
            if (n == 0) {
                throw new OklException(ErrorCode.INVALID_DATA, "the data set has no rows" + (shape.skipped > 0
                        ? " left: every one of its " + shape.skipped + " rows is invalid" : ""));
            }
            int target = spreadTo(settings.numPartitions(), read.getNumPartitions(), sc.defaultParallelism(), n);
            if (target > 0 || keeping.checkpoint()) {
                long[] bounds = target > 0 ? RowSpreading.bounds(n, target) : shape.offsets;
                JavaRDD<RowBlock> settled = target > 0 ? RowSpreading.spread(read, shape.offsets, bounds)
                        : read.mapPartitions(it -> it, true);
                settled.persist(StorageLevel.MEMORY_AND_DISK());
                if (keeping.checkpoint()) {
                    settled.checkpoint();
                }
                kept = settled;
                log.run((target > 0 ? "spreading the rows over " + target + " partitions" : "keeping the rows")
                        + (keeping.checkpoint() ? " (checkpointed)" : ""), false, n, 0, settled::count);
                if (persist) {
                    read.unpersist(false);
                }
                shape = shape.over(bounds);
            }
            String description = "Spark data set (" + inputs.role() + " " + inputs.names()
                    + outputs.map(o -> ", " + o.role() + " " + o.names()).orElse("")
                    + weightColumn.map(w -> ", weights '" + w + "'").orElse("") + "; "
                    + kept.getNumPartitions() + " partitions)";
            return new SparkRows(kept, persist || kept != read, shape, sparse, weightColumn.isPresent(), description,
                    settings, log);
        } catch (Exception e) {
            if (persist) {
                read.unpersist(false);
            }
            if (kept != read) {
                kept.unpersist(false);
                deleteCheckpoint(kept);
            }
            log.close();
            throw SparkErrors.unwrap(e);
        }
    }

    /**
     * The partitions to spread the rows over, or 0 to keep them as read: {@code numPartitions} when set (and not
     * the partitions read), else {@code defaultParallelism} when the source has fewer partitions than that and at
     * least {@value #SPREAD_ROWS} rows per core (one gzipped file is one partition, whatever the cores).
     */
    static int spreadTo(int numPartitions, int partitions, int parallelism, long rows) {
        if (numPartitions > 0) {
            return numPartitions == partitions ? 0 : numPartitions;
        }
        return partitions < parallelism && rows >= (long) SPREAD_ROWS * parallelism ? parallelism : 0;
    }

    /** Removes the files of a checkpointed RDD (Spark leaves them unless told to clean checkpoints). */
    private static void deleteCheckpoint(JavaRDD<RowBlock> rdd) {
        scala.Option<String> file = rdd.rdd().getCheckpointFile();
        if (file.isEmpty()) {
            return;
        }
        try {
            org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.get());
            path.getFileSystem(rdd.context().hadoopConfiguration()).delete(path, true);
        } catch (java.io.IOException | RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(SparkRows.class).warn("could not remove the checkpoint {}: {}",
                    file.get(), e.toString());
        }
    }

    /** Whether the first row of the one vector column holds a sparse vector. */
    private static boolean sparse(Dataset<Row> data, ColumnLayout inputs) {
        Column column = functions.col(inputs.names().get(0));
        List<Row> first = data.select(column).where(column.isNotNull()).limit(1).collectAsList();
        return !first.isEmpty() && first.get(0).get(0) instanceof SparseVector;
    }

    /**
     * The chosen columns of every partition read into blocks, lazily (nothing is persisted or counted): the inputs
     * (dense), and the outputs if given; invalid rows are errors. For a single pass that needs no global row index.
     *
     * @param blockRows the most rows of one block
     */
    public static JavaRDD<RowBlock> blocks(Dataset<Row> data, ColumnLayout inputs, Optional<ColumnLayout> outputs,
            int blockRows) {
        return blocks(data, inputs, outputs, Optional.empty(), blockRows, false, Invalid.ERROR);
    }

    private static JavaRDD<RowBlock> blocks(Dataset<Row> data, ColumnLayout inputs, Optional<ColumnLayout> outputs,
            Optional<String> weightColumn, int blockRows, boolean sparse, Invalid invalid) {
        return blocks(selected(data, inputs, outputs, weightColumn).javaRDD(), inputs, outputs,
                weightColumn.orElse(null), blockRows, sparse, invalid);
    }

    /** The input columns, the output columns, then the weight column. */
    private static Dataset<Row> selected(Dataset<Row> data, ColumnLayout inputs, Optional<ColumnLayout> outputs,
            Optional<String> weightColumn) {
        List<Column> columns = new ArrayList<>();
        inputs.names().forEach(c -> columns.add(functions.col(c)));
        outputs.ifPresent(o -> o.names().forEach(c -> columns.add(functions.col(c))));
        weightColumn.ifPresent(w -> columns.add(functions.col(w)));
        return data.select(columns.toArray(new Column[0]));
    }

    private static JavaRDD<RowBlock> blocks(JavaRDD<Row> rows, ColumnLayout inputs, Optional<ColumnLayout> outputs,
            String weight, int blockRows, boolean sparse, Invalid invalid) {
        ColumnLayout out = outputs.orElse(null);
        return rows.mapPartitionsWithIndex((partition, it) -> new RowBlocks(partition, it, inputs, out, weight,
                blockRows, sparse, invalid), true);
    }

    /** One partition's [partition, rows, p, q, skipped rows, bytes]. */
    private static Iterator<long[]> shape(int partition, Iterator<RowBlock> blocks) {
        long rows = 0;
        long p = -1;
        long q = -1;
        long skipped = 0;
        long bytes = 0;
        while (blocks.hasNext()) {
            RowBlock b = blocks.next();
            skipped += b.skipped();
            bytes += b.bytes();
            if (b.rows() > 0) {
                rows += b.rows();
                p = b.inputWidth();
                q = b.outputs().cols();
            }
        }
        return List.of(new long[] {partition, rows, p, q, skipped, bytes}).iterator();
    }

    /** What the reading pass found. */
    private record Shape(long[] offsets, int p, int q, long skipped, long bytes) {

        static Shape of(List<long[]> shapes, int partitions, ColumnLayout inputs, Optional<ColumnLayout> outputs,
                boolean withOutputs) {
            long[] offsets = new long[partitions + 1];
            int p = -1;
            int q = withOutputs ? -1 : 0;
            long skipped = 0;
            long bytes = 0;
            for (long[] s : shapes) {
                offsets[(int) s[0] + 1] = s[1];
                skipped += s[4];
                bytes += s[5];
                if (s[1] > 0) {
                    p = sameWidth(p, (int) s[2], inputs, s[0]);
                    q = withOutputs ? sameWidth(q, (int) s[3], outputs.get(), s[0]) : 0;
                }
            }
            for (int i = 0; i < partitions; i++) {
                offsets[i + 1] += offsets[i];
            }
            return new Shape(offsets, Math.max(p, 0), Math.max(q, 0), skipped, bytes);
        }

        /** The same rows over other partitions. */
        Shape over(long[] bounds) {
            return new Shape(bounds, p, q, skipped, bytes);
        }
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

    /** The settings the rows were read with. */
    public Settings settings() {
        return settings;
    }

    /** The record of every pass so far. */
    public PassLog log() {
        return log;
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
    public boolean sparse() {
        return sparse;
    }

    /** Whether the rows carry weights. */
    public boolean weighted() {
        return weighted;
    }

    /** The invalid rows left out. */
    public long skipped() {
        return skipped;
    }

    @Override
    public String description() {
        return description;
    }

    /** Every block on the driver, partition after partition: refused when {@link Settings#requireDistributed}. */
    @Override
    public void forEachRowBlock(RowBlockVisitor visitor) {
        forEachInputRowBlock((first, inputs, outputs) -> visitor.accept(first, inputs.toDense(), outputs));
    }

    /** Every block on the driver as stored, partition after partition (one job per partition). */
    @Override
    public void forEachInputRowBlock(InputRowBlockVisitor visitor) {
        requireDriverSide("a step reads every row in order on the driver", "use a sketch whose draw runs on the "
                + "executors (nystrom, fourier) and transforms whose statistics merge (every built-in one)");
        log.run("rows to the driver", true, size, 0, () -> {
            Iterator<RowBlock> it = blocks.toLocalIterator();
            while (it.hasNext()) {
                RowBlock b = it.next();
                visitor.accept(firstRow(b), b.inputs(), b.outputs());
            }
            return null;
        });
        rowsToDriver += size;
    }

    private void requireDriverSide(String why, String advice) {
        if (settings.requireDistributed()) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, description + ": " + why + ", and requireDistributed "
                    + "is on: " + advice + ", or set requireDistributed to false to let the driver do it");
        }
    }

    /**
     * The rows {@link ReservoirSample} with this seed draws from these rows in order, as stored: each executor makes
     * the reservoir choices of a range of row indices (they depend only on the index), the driver merges them (the
     * last row to choose a slot holds it) and the executors return the chosen rows.
     */
    @Override
    public InputRows sample(int count, long seed) {
        long[] indices = log.run("uniform sample", false, size, 0, () -> DistributedSketch.reservoir(
                JavaSparkContext.fromSparkContext(blocks.context()), size, count, seed));
        return rowsAt(indices);
    }

    @Override
    public Matrix uniformSample(int count, long seed) {
        return sample(count, seed).toDense();
    }

    /**
     * The rows with the given global indices (increasing), in that order, as stored.
     *
     * @param indices increasing global indices
     */
    public InputRows rowsAt(long[] indices) {
        // the rows reach the driver in one collect: refused up front, as every driver-bound pass, when they cannot
        // (dense rows exactly; sparse ones by the cached rows' mean size)
        long bytes = indices.length * (sparse ? Math.max(16, storedBytes / Math.max(1, size)) : 8L * dimension + 8);
        DriverResults.plan(DriverResults.Driver.of(blocks.context()), "the " + indices.length + " sampled rows ("
                + dimension + " inputs" + (sparse ? ", sparse" : "") + ")", 1, 1, bytes, bytes, "ask for fewer "
                + "landmarks (a smaller rank)");
        Broadcast<long[]> wanted = JavaSparkContext.fromSparkContext(blocks.context()).broadcast(indices);
        long[] starts = offsets;
        List<IndexedRow> found;
        try {
            found = log.run("fetching " + indices.length + " sampled rows", false, indices.length,
                    8L * indices.length, () -> blocks.flatMap(b -> pick(b, starts[b.partition()]
                            + b.firstInPartition(), wanted.value())).collect());
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        } finally {
            wanted.destroy();
        }
        rowsToDriver += found.size();
        IndexedRow[] rows = found.stream().sorted((a, b) -> Long.compare(a.index(), b.index()))
                .toArray(IndexedRow[]::new);
        if (rows.length != indices.length) {
            throw new IllegalStateException(indices.length + " rows asked, " + rows.length + " found");
        }
        if (sparse) {
            SparseMatrix.Builder b = new SparseMatrix.Builder(dimension);
            for (IndexedRow r : rows) {
                b.addRow(r.columns(), r.values(), r.values().length);
            }
            return b.build();
        }
        Matrix out = Matrix.zeros(rows.length, dimension);
        for (int i = 0; i < rows.length; i++) {
            for (int j = 0; j < dimension; j++) {
                out.set(i, j, rows[i].values()[j]);
            }
        }
        return out;
    }

    /** The wanted rows of a block. */
    private static Iterator<IndexedRow> pick(RowBlock block, long first, long[] wanted) {
        List<IndexedRow> out = new ArrayList<>();
        int from = Arrays.binarySearch(wanted, first);
        InputRows x = block.inputs();
        for (int k = from >= 0 ? from : -from - 1; k < wanted.length && wanted[k] < first + block.rows(); k++) {
            int i = (int) (wanted[k] - first);
            if (x instanceof SparseMatrix s) {
                int a = s.starts()[i];
                int b = s.starts()[i + 1];
                out.add(new IndexedRow(wanted[k], Arrays.copyOfRange(s.columns(), a, b),
                        Arrays.copyOfRange(s.values(), a, b)));
            } else {
                out.add(new IndexedRow(wanted[k], null, ((Matrix) x).row(i)));
            }
        }
        return out.iterator();
    }

    /** A row's inputs with its global index: dense values, or a sparse row's columns and values. */
    private record IndexedRow(long index, int[] columns, double[] values) implements Serializable {
    }

    /**
     * Every row on the driver, if they take at most a quarter of its heap: refused when
     * {@link Settings#requireDistributed}.
     *
     * @param why    what needs them there, for the error message
     * @param advice what to change when they do not fit
     * @throws OklException {@link ErrorCode#INVALID_DATA} naming the sizes when they do not fit
     */
    public Collected collect(String why, String advice) {
        requireDriverSide(why, advice);
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

    /** The rows as the sketch draws from them: its sample, Gram and scored sample run on the executors. */
    @Override
    public SketchRows forSketch(PipelineSpec spec, FittedTransforms transforms) {
        return new SketchView(spec, transforms);
    }

    /** Gathers a transform stage's statistics on the executors ({@link TransformStatisticsPass}). */
    @Override
    public List<Map<String, Matrix>> transformParts(PipelineSpec spec, boolean inputs, int stage,
            TransformChain before, ColumnSchema columns) {
        return TransformStatisticsPass.run(this, spec, inputs, stage, before, columns);
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

    @Override
    public FalkonPasses falkonPasses(PipelineSpec spec, FittedTransforms transforms, SketchFeatures features,
            FoldScheme scheme, int targets, int chunkRows, StreamTimings timings) {
        SparkFalkonPasses passes = new SparkFalkonPasses(this, new SketchRecipe(spec, transforms, features), scheme,
                targets, features.size(), chunkRows, timings);
        synchronized (falkonPasses) {
            falkonPasses.add(passes);
        }
        return passes;
    }

    /** What the last {@link #sums} pass measured, if one ran. */
    public Optional<DistributedSums.Result> lastPass() {
        return Optional.ofNullable(lastPass);
    }

    /**
     * These rows as the execution that holds them ({@link SparkBackEnd#holding}): its {@link ClusterPasses} facet is
     * this object, whose passes run on the executors.
     */
    Execution execution() {
        return new Execution() {
            @Override
            public String name() {
                return "spark";
            }

            @Override
            public String description() {
                return "the executors of " + SparkRows.this.description();
            }

            @Override
            public <T> Optional<T> facet(Class<T> type) {
                return type == ClusterPasses.class ? Optional.of(type.cast(SparkRows.this)) : Optional.empty();
            }
        };
    }

    /**
     * The {@link RowDigest} checksum: each partition hashes the chunks it holds whole and gives the rows of the
     * others as bytes, which are put together per chunk on the executors; the driver receives one digest per chunk.
     */
    @Override
    public String checksum() {
        long[] starts = offsets;
        try {
            List<scala.Tuple2<Long, byte[]>> digests = log.run("data checksum", false, size, 0,
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
     * The summary of the passes so far.
     *
     * @param distributed whether the fit ran with its passes on the executors
     */
    public FitSummary summary(boolean distributed) {
        return new FitSummary(log.passes(), size, skipped, rowsToDriver, storedBytes, sparse, distributed);
    }

    /**
     * How rows are read and passed over.
     *
     * @param blockRows          the most rows of one stored block
     * @param chunkRows          the most rows of one kernel block in a pass, or 0 for the one-machine default
     * @param depth              the depth of the {@code treeAggregate} that merges the sums
     * @param invalid            what to do with invalid rows
     * @param requireDistributed whether to refuse what brings every row to the driver
     * @param numPartitions      the partitions to spread the rows over in the reading pass (equal rows, their order
     *                           kept), or 0 for automatic: over every core ({@code defaultParallelism}) when the
     *                           source has fewer partitions and at least {@value SparkRows#SPREAD_ROWS} rows a core
     */
    public record Settings(int blockRows, int chunkRows, int depth, Invalid invalid, boolean requireDistributed,
            int numPartitions) {
        /**
         * Blocks of {@value SparkRows#BLOCK_ROWS} rows, the default kernel blocks, a tree of depth 2, invalid rows
         * errors, rows may be brought to the driver (decoding's inputs).
         */
        public static final Settings DEFAULT = new Settings(BLOCK_ROWS, 0, 2);

        /** Checks the values. */
        public Settings {
            if (blockRows < 1 || chunkRows < 0 || depth < 1 || numPartitions < 0) {
                throw new IllegalArgumentException("block rows >= 1, chunk rows >= 0, depth >= 1 and partitions >= 0 "
                        + "needed, got " + blockRows + ", " + chunkRows + ", " + depth + " and " + numPartitions);
            }
        }

        /** Partitions as read, or spread automatically. */
        public Settings(int blockRows, int chunkRows, int depth, Invalid invalid, boolean requireDistributed) {
            this(blockRows, chunkRows, depth, invalid, requireDistributed, 0);
        }

        /** Invalid rows errors, rows may be brought to the driver. */
        public Settings(int blockRows, int chunkRows, int depth) {
            this(blockRows, chunkRows, depth, Invalid.ERROR, false);
        }

        /** These settings with another number of partitions (0: automatic). */
        public Settings withNumPartitions(int partitions) {
            return new Settings(blockRows, chunkRows, depth, invalid, requireDistributed, partitions);
        }
    }

    /** Releases the Falkon passes' broadcasts and the persisted blocks, and detaches the pass log. */
    @Override
    public void close() {
        try {
            synchronized (falkonPasses) {
                falkonPasses.forEach(SparkFalkonPasses::close);
                falkonPasses.clear();
            }
        } finally {
            if (persisted && blocks != null) {
                blocks.unpersist(false);
                deleteCheckpoint(blocks);
            }
            log.close();
        }
    }

    /**
     * The rows as a sketch draws from them, for one pipeline: the features it hands over are rebuilt from it, and the
     * rows go through its fitted input transforms (on the executors; the samples here).
     */
    private final class SketchView implements SketchRows {
        private final PipelineSpec spec;
        private final FittedTransforms transforms;

        SketchView(PipelineSpec spec, FittedTransforms transforms) {
            this.spec = spec;
            this.transforms = transforms;
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public int dimension() {
            return transforms.inputs().outputDimension(dimension);
        }

        @Override
        public boolean sparse() {
            return sparse && transforms.inputs().isEmpty();
        }

        @Override
        public Matrix uniformSample(int count, long seed) {
            return transforms.transformInputs(SparkRows.this.uniformSample(count, seed));
        }

        @Override
        public InputRows sample(int count, long seed) {
            return transforms.transformInputs(SparkRows.this.sample(count, seed));
        }

        @Override
        public void forEachBlock(InputBlockVisitor visitor) {
            SparkRows.this.forEachBlock((first, inputs) -> visitor.accept(first, transforms.transformInputs(inputs)));
        }

        @Override
        public void forEachInputBlock(InputRowsVisitor visitor) {
            SparkRows.this.forEachInputBlock((first, inputs) -> visitor.accept(first,
                    transforms.transformInputs(inputs)));
        }

        @Override
        public Matrix featureGram(SketchFeatures features, LinearAlgebra linearAlgebra) {
            return DistributedSketch.featureGram(SparkRows.this, new SketchRecipe(spec, transforms, features),
                    features.size(), settings.chunkRows() > 0 ? settings.chunkRows()
                            : DistributedSketch.chunkRows(features.size()));
        }

        @Override
        public InputRows scoreSample(SketchFeatures features, Matrix factor, int count, long seed,
                LinearAlgebra linearAlgebra) {
            long[] indices = DistributedSketch.scoreSample(SparkRows.this, new SketchRecipe(spec, transforms,
                    features), factor, count, seed);
            return transforms.transformInputs(rowsAt(indices));
        }
    }
}
