package org.okl.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.spark.data.CalibrationDraw;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Invalid;
import org.okl.spark.exec.ExecutorOkl;
import org.okl.spark.exec.ModelBroadcast;
import org.okl.spark.exec.ShippedPlugins;
import org.okl.spark.fit.SparkFit;
import org.okl.spark.fit.SparkRows;
import org.okl.spark.fit.SplitResiduals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An OKL pipeline as a Spark ML {@link Estimator}: {@link #fit} learns from a data set's input and output columns
 * (ML vectors, numeric arrays or numbers) and returns an {@link OklSparkModel} holding an ordinary OKL model (the
 * same model file {@code okl fit} writes). It composes in a Spark ML {@code Pipeline} and in {@code CrossValidator}
 * (grid over {@link #pipeline()} strings, for example), and saves with {@code write().save(path)}.
 *
 * <p>A pipeline with a kernel sketch ({@code "approximation"}) is fitted with the rows kept on the executors: the
 * sketch is drawn once on the driver (exactly the landmarks one machine draws from the same rows in the same order)
 * and broadcast, each partition adds its blocks' per-fold sums, {@code treeAggregate} merges them, and the filters,
 * the whole path and the model selection run on the driver from the sums, as {@code okl fit} does. Every pass over
 * the rows runs on the executors: the landmarks' draw (uniform or by leverage scores), the eigen route's per-fold
 * sums or Falkon's passes (chosen as on one machine, or named), the checksum. Pipelines that do not stream would be
 * fitted on the driver with every row brought there: only when {@link #requireDistributed()} is off.
 *
 * <p>One ML vector column of sparse vectors (HashingTF, CountVectorizer) stays sparse, through the landmarks and the
 * kernel features, for kernels of inner products and norms (linear, polynomial, gaussian, tanimoto,
 * gaussian-tanimoto). {@link #weightCol()} weighs the rows in the sums (the weighted problem, and weighted validation
 * errors); {@link #handleInvalid()} errs, skips or (in transform) keeps rows with missing or non-finite values; the
 * fitted model's {@link OklSparkModel#summary()} says where each pass ran and what it moved.
 *
 * <p>{@link #calibrationFraction()} holds out a share of the rows as calibration rows for split conformal intervals
 * (Lei et al. 2018): the fit reads the others, then one more pass predicts the calibration rows on the executors and
 * the model stores their residuals (at most {@link SplitResiduals#cap} rows reach the driver), so that
 * {@link OklSparkModel#transform} adds lower and upper bounds at {@link OklSparkModel#intervalLevel()} and
 * {@code okl predict --intervals} gives the same bounds from the model file. A row is a calibration row by a hash of
 * the seed and its {@link #calibrationKeyCol()} value, or of its input and output values
 * ({@link CalibrationDraw}): the same rows for any partitioning and after a lost executor.
 *
 * <pre>{@code
 * OklEstimator okl = new OklEstimator()
 *         .setPipeline("{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 4.0}, "
 *                 + "\"approximation\": {\"name\": \"nystrom\", \"rank\": 500}, "
 *                 + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-3, 1e-5]}}")
 *         .setFeaturesCol("features").setOutputCols(new String[] {"y0", "y1"});
 * OklSparkModel model = okl.fit(train);
 * Dataset<Row> predicted = model.transform(test);      // adds the column "prediction"
 * }</pre>
 */
public final class OklEstimator extends Estimator<OklSparkModel> implements DefaultParamsWritable,
        SharedParams.HasInputColumns<OklEstimator>, SharedParams.HasOutputColumns<OklEstimator>,
        SharedParams.HasPredictionCol<OklEstimator>, SharedParams.HasHandleInvalid<OklEstimator>,
        SharedParams.HasNumPartitions<OklEstimator> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(OklEstimator.class);
    /** The column of the rows' calibration draws, on the calibration rows only. */
    private static final String DRAW_COLUMN = "__okl_calibration_draw";

    private final String uid;
    private final Map<String, Param<?>> shared;
    private final Param<String> pipeline;
    private final Param<String> pipelinePath;
    private final LongParam seed;
    private final IntParam aggregationDepth;
    private final IntParam blockRows;
    private final Param<String> weightCol;
    private final BooleanParam requireDistributed;
    private final StringArrayParam pluginFolders;
    private final DoubleParam calibrationFraction;
    private final Param<String> calibrationKeyCol;

    /** An estimator with a new uid. */
    public OklEstimator() {
        this(Identifiable$.MODULE$.randomUID("okl"));
    }

    /** An estimator with the given uid (Spark ML copies and loads stages this way). */
    public OklEstimator(String uid) {
        this.uid = uid;
        this.shared = ColumnParams.shared(this, ColumnParams.FEATURES_COL, ColumnParams.INPUT_COLS,
                ColumnParams.LABEL_COL, ColumnParams.OUTPUT_COLS, ColumnParams.PREDICTION_COL,
                ColumnParams.HANDLE_INVALID, ColumnParams.NUM_PARTITIONS);
        this.pipeline = new Param<>(this, "pipeline", "the OKL pipeline as pipeline-file JSON (presets allowed)");
        this.pipelinePath = new Param<>(this, "pipelinePath", "a pipeline file, read through Hadoop's file systems "
                + "(used when pipeline is not set)");
        this.seed = new LongParam(this, "seed", "the seed of OKL's random choices (landmarks, random features; the "
                + "folds use the pipeline's selection seed)");
        this.aggregationDepth = new IntParam(this, "aggregationDepth", "the depth of the treeAggregate that merges "
                + "the partitions' sums (>= 1)", ParamValidators.gtEq(1));
        this.blockRows = new IntParam(this, "blockRows", "the most rows of one kernel block on the executors (0: "
                + "about 128 MB of features, as on one machine)", ParamValidators.gtEq(0));
        this.weightCol = new Param<>(this, "weightCol", "a numeric column of row weights (finite, >= 0): the fit "
                + "minimises sum w_i ||y_i - f(x_i)||^2 + W lambda ||f||^2 (W the weights' sum) and selects on "
                + "weighted validation errors (default: none, every weight 1)");
        this.requireDistributed = new BooleanParam(this, "requireDistributed", "refuse what would bring every "
                + "training row to the driver: a pipeline that does not stream, a sketch that reads every row there "
                + "(default true)");
        this.pluginFolders = new StringArrayParam(this, "pluginFolders", "folders of plugin JARs on the driver, beside "
                + "those OKL_PLUGINS names: their plugins load on the driver and are shipped with the job to the "
                + "executors (default: none)");
        this.calibrationFraction = new DoubleParam(this, "calibrationFraction", "the share of the rows held out "
                + "as calibration rows for split conformal intervals, in [0, 0.5]: the fit reads the others and the "
                + "model stores the calibration rows' residuals (at most 100,000 rows, a uniform sample of them); 0, "
                + "the default, holds out nothing and the model gives no intervals",
                ParamValidators.inRange(0.0, 0.5, true, true));
        this.calibrationKeyCol = new Param<>(this, "calibrationKeyCol", "a column whose value (with the seed) "
                + "decides whether a row is a calibration row, the same after a lost executor and for any "
                + "partitioning (default: none, the row's input and output values decide)");
        setDefault(calibrationFraction, 0.0);
        setDefault(requireDistributed, true);
        setDefault(pluginFolders, new String[0]);
        setDefault(seed, 0L);
        setDefault(aggregationDepth, 2);
        setDefault(blockRows, 0);
    }

    /** Reads a saved estimator (Spark ML finds this method by reflection when loading pipelines). */
    public static MLReader<OklEstimator> read() {
        return new DefaultParamsReader<>();
    }

    /** Loads a saved estimator. */
    public static OklEstimator load(String path) {
        return read().load(path);
    }

    @Override
    public String uid() {
        return uid;
    }

    @Override
    public Param<?> sharedParam(String name) {
        return shared.get(name);
    }

    /** The pipeline, as pipeline-file JSON. */
    public Param<String> pipeline() {
        return pipeline;
    }

    /** A pipeline file (used when {@link #pipeline()} is not set). */
    public Param<String> pipelinePath() {
        return pipelinePath;
    }

    /** The seed of OKL's random choices. */
    public LongParam seed() {
        return seed;
    }

    /** The depth of the tree that merges the partitions' sums. */
    public IntParam aggregationDepth() {
        return aggregationDepth;
    }

    /** The most rows of one kernel block on the executors. */
    public IntParam blockRows() {
        return blockRows;
    }

    /** The weight column. */
    public Param<String> weightCol() {
        return weightCol;
    }

    /** Whether to refuse what would bring every training row to the driver. */
    public BooleanParam requireDistributed() {
        return requireDistributed;
    }

    /** The share of the rows held out as calibration rows for split conformal intervals (0: none). */
    public DoubleParam calibrationFraction() {
        return calibrationFraction;
    }

    /** The column whose value decides whether a row is a calibration row. */
    public Param<String> calibrationKeyCol() {
        return calibrationKeyCol;
    }

    /** The share of the rows held out as calibration rows, as set or by default (0: none, no intervals). */
    public double getCalibrationFraction() {
        return (Double) getOrDefault(calibrationFraction);
    }

    /** The calibration key column, as set or by default (empty: none, the rows' values decide). */
    public String getCalibrationKeyCol() {
        return isDefined(calibrationKeyCol) ? getOrDefault(calibrationKeyCol) : "";
    }

    /**
     * Sets the share of the rows held out as calibration rows for split conformal intervals (for example 0.1; at
     * most 0.5; 0 for none).
     */
    public OklEstimator setCalibrationFraction(double fraction) {
        set(calibrationFraction, fraction);
        return this;
    }

    /** Sets the column whose value (with the seed) decides whether a row is a calibration row. */
    public OklEstimator setCalibrationKeyCol(String column) {
        set(calibrationKeyCol, column);
        return this;
    }

    /** The plugin folders beside those {@code OKL_PLUGINS} names. */
    public StringArrayParam pluginFolders() {
        return pluginFolders;
    }

    /** The plugin folders beside those {@code OKL_PLUGINS} names, as set or by default (none). */
    public String[] getPluginFolders() {
        return getOrDefault(pluginFolders);
    }

    /** Sets the plugin folders beside those {@code OKL_PLUGINS} names (folders on the driver). */
    public OklEstimator setPluginFolders(String[] folders) {
        set(pluginFolders, folders);
        return this;
    }

    /** The pipeline's JSON, when set. */
    public String getPipeline() {
        return getOrDefault(pipeline);
    }

    /** The pipeline file's path, when set. */
    public String getPipelinePath() {
        return getOrDefault(pipelinePath);
    }

    /** The seed, as set or by default. */
    public long getSeed() {
        return (Long) getOrDefault(seed);
    }

    /** The depth of the aggregation tree, as set or by default. */
    public int getAggregationDepth() {
        return (Integer) getOrDefault(aggregationDepth);
    }

    /** The most rows of one kernel block on the executors, as set or by default (0: automatic). */
    public int getBlockRows() {
        return (Integer) getOrDefault(blockRows);
    }

    /** The weight column, as set or by default (empty: none). */
    public String getWeightCol() {
        return getOrDefault(weightCol);
    }

    /** Whether what would bring every row to the driver is refused, as set or by default. */
    public boolean getRequireDistributed() {
        return (Boolean) getOrDefault(requireDistributed);
    }

    /** Sets the weight column. */
    public OklEstimator setWeightCol(String column) {
        set(weightCol, column);
        return this;
    }

    /** Sets whether to refuse what would bring every training row to the driver. */
    public OklEstimator setRequireDistributed(boolean value) {
        set(requireDistributed, value);
        return this;
    }

    /** Sets the pipeline from pipeline-file JSON. */
    public OklEstimator setPipeline(String json) {
        set(pipeline, json);
        return this;
    }

    /** Sets the pipeline from a spec composed in code. */
    public OklEstimator setPipeline(PipelineSpec spec) {
        return setPipeline(PipelineFiles.toJson(spec));
    }

    /** Sets a pipeline file to read at fit time. */
    public OklEstimator setPipelinePath(String path) {
        set(pipelinePath, path);
        return this;
    }

    /** Sets the seed. */
    public OklEstimator setSeed(long value) {
        set(seed, value);
        return this;
    }

    /** Sets the depth of the aggregation tree. */
    public OklEstimator setAggregationDepth(int value) {
        set(aggregationDepth, value);
        return this;
    }

    /** Sets the most rows of one kernel block on the executors. */
    public OklEstimator setBlockRows(int value) {
        set(blockRows, value);
        return this;
    }

    @Override
    public OklSparkModel fit(Dataset<?> dataset) {
        transformSchema(dataset.schema(), true);
        List<java.nio.file.Path> folders = new ArrayList<>(Okl.foldersFromEnvironment());
        for (String folder : getOrDefault(pluginFolders)) {
            folders.add(java.nio.file.Path.of(folder));
        }
        Okl.Builder builder = Okl.builder().seed((Long) getOrDefault(seed));
        folders.forEach(builder::pluginFolder);
        Okl okl = builder.build();
        PipelineSpec spec = pipelineSpec(dataset.sparkSession(), okl);
        ColumnLayout inputs = ColumnParams.layout(dataset.schema(), this, inputCols(), featuresCol(), "inputs");
        ColumnLayout outputs = ColumnParams.layout(dataset.schema(), this, outputCols(), labelCol(), "outputs");
        // the executors build the sketch's features and the transforms from the same plugins as the driver
        ShippedPlugins shipped = ShippedPlugins.ship(dataset.sparkSession().sparkContext(), folders);
        SparkFit.Result result;
        org.okl.core.Model fitted;
        double fraction = getCalibrationFraction();
        Dataset<Row> rows = dataset.toDF();
        Column draw = fraction > 0 ? CalibrationDraw.uniform(calibrationKeys(dataset.schema(), inputs, outputs),
                (Long) getOrDefault(seed)) : null;
        SparkRows.Settings settings = new SparkRows.Settings(SparkRows.BLOCK_ROWS, (Integer) getOrDefault(blockRows),
                (Integer) getOrDefault(aggregationDepth), Invalid.of(getOrDefault(handleInvalid())),
                (Boolean) getOrDefault(requireDistributed), getNumPartitions());
        try (ExecutorOkl.Scope jobs = shipped.inJobsOf(dataset.sparkSession().sparkContext())) {
            result = SparkFit.fit(spec, fraction > 0 ? rows.where(draw.geq(fraction)) : rows, inputs, outputs,
                    weightColumn(dataset.schema()), okl, settings);
            fitted = fraction > 0 ? calibrated(result.model(), rows.withColumn(DRAW_COLUMN, draw)
                    .where(functions.col(DRAW_COLUMN).lt(fraction)), inputs, outputs, shipped, settings)
                    : result.model();
        }
        OklSparkModel model = new OklSparkModel(uid, fitted, ModelBroadcast.of(fitted, shipped),
                outputs.isSingleNumber());
        // the values set here and the defaults as defaults: an extra map would set every default explicitly, and
        // the model would see featuresCol set beside inputCols
        copyValues(model, ParamMap.empty());
        model.setSummary(result.summary());
        return model.setParent(this);
    }

    /**
     * The fitted model with the residuals of the calibration rows, computed on the executors; the model as it is
     * when its regression does not predict its outputs or no calibration row was read (logged).
     */
    private static org.okl.core.Model calibrated(org.okl.core.Model fitted, Dataset<Row> calibration,
            ColumnLayout inputs, ColumnLayout outputs, ShippedPlugins shipped, SparkRows.Settings settings) {
        java.util.Optional<org.okl.api.linalg.Matrix> residuals = SplitResiduals.compute(calibration, inputs, outputs,
                DRAW_COLUMN, ModelBroadcast.of(fitted, shipped), settings);
        if (residuals.isEmpty()) {
            LOG.warn("the model gives no intervals: no calibration row was read, or its regression does not predict "
                    + "its outputs (a decoder other than the identity, an output embedding that codes them)");
            return fitted;
        }
        LOG.info("split conformal intervals from the residuals of {} calibration rows", residuals.get().rows());
        return fitted.withSplitResiduals(residuals.get());
    }

    /**
     * The columns whose values decide the calibration rows: the calibration key column when set (checked to be in
     * the data set), else the input and output columns.
     */
    private List<String> calibrationKeys(StructType schema, ColumnLayout inputs, ColumnLayout outputs) {
        String key = getCalibrationKeyCol();
        if (key.isEmpty()) {
            List<String> all = new ArrayList<>(inputs.names());
            all.addAll(outputs.names());
            return all;
        }
        if (!java.util.Arrays.asList(schema.fieldNames()).contains(key)) {
            throw new OklException(ErrorCode.INVALID_DATA, "calibration key column '" + key + "' is not in the data "
                    + "set; its columns: " + String.join(", ", schema.fieldNames()));
        }
        return List.of(key);
    }

    /** The weight column, checked to be numeric, when set (and not empty). */
    private java.util.Optional<String> weightColumn(StructType schema) {
        if (!isSet(weightCol) || getOrDefault(weightCol).isEmpty()) {
            return java.util.Optional.empty();
        }
        String name = getOrDefault(weightCol);
        if (!java.util.Arrays.asList(schema.fieldNames()).contains(name)) {
            throw new OklException(ErrorCode.INVALID_DATA, "weight column '" + name + "' is not in the data set; its "
                    + "columns: " + String.join(", ", schema.fieldNames()));
        }
        if (!(schema.apply(name).dataType() instanceof org.apache.spark.sql.types.NumericType)) {
            throw new OklException(ErrorCode.INVALID_DATA, "weight column '" + name + "' holds "
                    + schema.apply(name).dataType().simpleString() + "; weights are numbers");
        }
        return java.util.Optional.of(name);
    }

    /** The pipeline: {@link #pipeline()} if set, else the file at {@link #pipelinePath()}. */
    PipelineSpec pipelineSpec(SparkSession spark, Okl okl) {
        if (isSet(pipeline)) {
            return PipelineFiles.parse(getOrDefault(pipeline), "the estimator's pipeline", okl.registry());
        }
        if (isSet(pipelinePath)) {
            String file = getOrDefault(pipelinePath);
            return PipelineFiles.parse(readText(spark, file), file, okl.registry());
        }
        throw new OklException(ErrorCode.INVALID_PIPELINE, "the estimator has no pipeline: call setPipeline(json or "
                + "spec) or setPipelinePath(file)");
    }

    private static String readText(SparkSession spark, String file) {
        Path path = new Path(file);
        try (InputStream in = path.getFileSystem(spark.sparkContext().hadoopConfiguration()).open(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.FileNotFoundException e) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, file + ": no such pipeline file");
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read the pipeline file", e);
        }
    }

    /** Checks the input and output columns; the schema gains the prediction column. */
    @Override
    public StructType transformSchema(StructType schema) {
        ColumnParams.layout(schema, this, inputCols(), featuresCol(), "inputs");
        ColumnLayout outputs = ColumnParams.layout(schema, this, outputCols(), labelCol(), "outputs");
        weightColumn(schema);
        if (getCalibrationFraction() > 0) {
            calibrationKeys(schema, ColumnParams.layout(schema, this, inputCols(), featuresCol(), "inputs"), outputs);
        }
        return SparkPredictions.schema(schema, getOrDefault(predictionCol()), outputs.isSingleNumber(),
                outputs.numbers().orElse(-1));
    }

    @Override
    public OklEstimator copy(ParamMap extra) {
        return defaultCopy(extra);
    }
}
