package org.okl.spark;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Invalid;
import org.okl.spark.data.SerializerCheck;
import org.okl.spark.decode.CandidateRanking;
import org.okl.spark.decode.SparkDecoding;
import org.okl.spark.exec.ModelBroadcast;
import org.okl.spark.fit.FitSummary;
import org.okl.spark.fit.SparkRows;

/**
 * A fitted OKL model as a Spark ML {@link Model}: {@link #transform} adds the decoded prediction of every row (a number
 * for a model fitted on one numeric output column, else an ML vector), predicted on the executors from the broadcast
 * model. {@link #oklModel()} is the ordinary OKL model (its {@code save} writes the file {@code okl predict}
 * reads); {@code write().save(path)} saves the Spark ML metadata and that model file ({@code path/data/model.okl}),
 * {@link #load} reads them back. A model just fitted carries its fit's {@link #summary()} (where each pass ran).
 *
 * <p>A model that gives prediction intervals ({@link #hasIntervals}: fitted with
 * {@link OklEstimator#calibrationFraction()}, or an OKL model storing split conformal or leave-one-out residuals)
 * also adds, after the prediction column P, the columns {@code P_lower} and {@code P_upper} (each output's interval at
 * {@link #intervalLevel()}) and {@code P_joint_lower} and {@code P_joint_upper} (a box covering all outputs of a row at
 * once), numbers or vectors as the prediction is: the bounds {@link org.okl.core.Model#predictIntervals} gives, as
 * {@code okl predict --intervals} writes them.
 */
public final class OklSparkModel extends Model<OklSparkModel> implements MLWritable,
        SharedParams.HasInputColumns<OklSparkModel>, SharedParams.HasPredictionCol<OklSparkModel>,
        SharedParams.HasHandleInvalid<OklSparkModel> {
    private static final long serialVersionUID = 1L;

    private final String uid;
    private final Map<String, Param<?>> shared;
    private transient org.okl.core.Model model;
    private final ModelBroadcast bytes;
    private final BooleanParam scalarPrediction;
    private final DoubleParam intervalLevel;
    private FitSummary summary;
    private transient SharedBroadcast broadcast;

    /**
     * A model.
     *
     * @param uid    the uid (the estimator's, as Spark ML does)
     * @param model  the OKL model
     * @param scalar whether predictions are written as one number (a model fitted on one numeric output column)
     */
    public OklSparkModel(String uid, org.okl.core.Model model, boolean scalar) {
        this(uid, model, ModelBroadcast.of(model), scalar);
    }

    /**
     * A model as the executors receive it (with the folder plugins it names, {@link ModelBroadcast#of(
     * org.okl.core.Model, org.okl.spark.exec.ShippedPlugins)}).
     *
     * @param uid    the uid
     * @param bytes  the model file's bytes and plugins
     * @param scalar whether predictions are written as one number
     */
    public OklSparkModel(String uid, ModelBroadcast bytes, boolean scalar) {
        this(uid, bytes.model(), bytes, scalar);
    }

    /**
     * An empty model, for Spark Connect's ML handler only: it finds the models it may load by name through
     * {@code META-INF/services/org.apache.spark.ml.Transformer}, and Java's service loader requires a public
     * constructor without arguments of every class listed there (one without it fails the whole list). It holds no
     * OKL model and cannot transform: {@link #load} reads a saved model.
     */
    public OklSparkModel() {
        this(org.apache.spark.ml.util.Identifiable$.MODULE$.randomUID("oklModel"), null, (ModelBroadcast) null,
                false);
    }

    OklSparkModel(String uid, org.okl.core.Model model, ModelBroadcast bytes, boolean scalar) {
        this.uid = uid;
        this.shared = ColumnParams.shared(this, ColumnParams.FEATURES_COL, ColumnParams.INPUT_COLS,
                ColumnParams.PREDICTION_COL, ColumnParams.HANDLE_INVALID);
        this.model = model;
        this.bytes = bytes;
        this.scalarPrediction = new BooleanParam(this, "scalarPrediction", "whether the prediction column holds "
                + "numbers (a model fitted on one numeric output column) rather than ML vectors");
        // every parameter before the first set: Spark ML lists a stage's parameters once, on the first set
        this.intervalLevel = new DoubleParam(this, "intervalLevel", "the coverage of the prediction intervals "
                + "transform adds when the model gives them, strictly between 0 and 1 (default 0.9)",
                ParamValidators.inRange(0.0, 1.0, false, false));
        setDefault(intervalLevel, 0.9);
        set(scalarPrediction, scalar);
    }

    /** Reads a saved model (Spark ML finds this method by reflection when loading pipelines). */
    public static MLReader<OklSparkModel> read() {
        return new OklModelReader();
    }

    /** Loads a saved model. */
    public static OklSparkModel load(String path) {
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

    /**
     * The OKL model: what {@code okl fit} writes and {@code okl predict} reads (read again from its bytes after this
     * object was serialized).
     */
    public synchronized org.okl.core.Model oklModel() {
        if (model == null) {
            requireContent();
            model = bytes.model();
        }
        return model;
    }

    /** The OKL model file's bytes. */
    public byte[] modelFileBytes() {
        requireContent();
        return bytes.bytes().clone();
    }

    /** Fails for the empty model of the service loader. */
    private void requireContent() {
        if (bytes == null) {
            throw new IllegalStateException("an empty model (made for Spark Connect's service loader): load a saved "
                    + "one with OklSparkModel.load(path)");
        }
    }

    /** Whether predictions are numbers rather than vectors. */
    public BooleanParam scalarPrediction() {
        return scalarPrediction;
    }

    /** Whether the prediction column holds a number (a model of one numeric output column). */
    public boolean getScalarPrediction() {
        return (Boolean) getOrDefault(scalarPrediction);
    }

    /** The coverage of the prediction intervals. */
    public DoubleParam intervalLevel() {
        return intervalLevel;
    }

    /** The coverage of the prediction intervals, as set or by default (0.9). */
    public double getIntervalLevel() {
        return (Double) getOrDefault(intervalLevel);
    }

    /** Sets the coverage of the prediction intervals (strictly between 0 and 1, for example 0.95). */
    public OklSparkModel setIntervalLevel(double level) {
        set(intervalLevel, level);
        return this;
    }

    /** Whether the model gives prediction intervals, which {@link #transform} then adds. */
    public boolean hasIntervals() {
        return oklModel().hasIntervals();
    }

    /** Whether the model carries its fit's summary (a model loaded from storage does not). */
    public boolean hasSummary() {
        return summary != null;
    }

    /**
     * Where each pass of the fit ran, the rows it covered and what it moved.
     *
     * @throws IllegalStateException for a model without summary ({@link #hasSummary})
     */
    public FitSummary summary() {
        if (summary == null) {
            throw new IllegalStateException("this model carries no fit summary (it was loaded, not fitted)");
        }
        return summary;
    }

    void setSummary(FitSummary fitted) {
        this.summary = fitted;
    }

    /** The rows with the prediction column added, predicted on the executors. */
    /**
     * The prediction of one row, here on this JVM (serving one request, a UDF): the decoded outputs of the model for
     * these inputs (dense or sparse, the model's input width), as {@link #transform} writes them for such a row; a
     * vector of one value for a model of one output.
     *
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a vector of another width or with a value that is not
     *                      finite or too large (the model's own checks of its inputs)
     */
    public Vector predict(Vector features) {
        double[] x = features.toArray();
        Matrix row = Matrix.zeros(1, x.length);
        System.arraycopy(x, 0, row.data(), 0, x.length);
        return Vectors.dense(oklModel().predict(row).outputs().row(0));
    }

    @Override
    public Dataset<Row> transform(Dataset<?> dataset) {
        transformSchema(dataset.schema(), true);
        ColumnLayout inputs = ColumnParams.layout(dataset.schema(), this, inputCols(), featuresCol(), "inputs");
        org.okl.core.Model m = oklModel();
        if (m.hasIntervals()) {
            return SparkPredictions.transformWithIntervals(dataset, broadcast(dataset), inputs,
                    getOrDefault(predictionCol()), scalar(), m.inputCount(), m.outputCount(), inputs.isOneVector(),
                    Invalid.of(getOrDefault(handleInvalid())), getIntervalLevel());
        }
        return SparkPredictions.transform(dataset, broadcast(dataset), inputs, getOrDefault(predictionCol()), scalar(),
                m.inputCount(), m.outputCount(), inputs.isOneVector(), Invalid.of(getOrDefault(handleInvalid())));
    }

    /** The model's broadcast, made once for the model and its copies per Spark context. */
    private Broadcast<ModelBroadcast> broadcast(Dataset<?> dataset) {
        return shared().get(dataset.sparkSession().sparkContext(), bytes);
    }

    /** The broadcast this model shares with its copies (made again after this object was serialized). */
    private synchronized SharedBroadcast shared() {
        if (broadcast == null) {
            broadcast = new SharedBroadcast();
        }
        return broadcast;
    }

    /**
     * The model's broadcast, shared by a model and its copies ({@link #copy}: a {@code PipelineModel}'s, a tuning
     * run's), so the model's bytes are broadcast once. Never destroyed while the model lives: {@link #transform} is
     * lazy, and every data set it returned reads the broadcast whenever an action runs, however late. When the model
     * and those data sets are unreachable, Spark's {@code ContextCleaner} (which tracks every broadcast by a weak
     * reference) removes it from the driver and the executors, as it does for Spark ML's own models' broadcasts. A
     * broadcast of a stopped context is replaced by one of the context in use.
     */
    private static final class SharedBroadcast {
        private Broadcast<ModelBroadcast> value;
        private SparkContext context;

        synchronized Broadcast<ModelBroadcast> get(SparkContext sc, ModelBroadcast bytes) {
            if (value == null || context != sc || context.isStopped()) {
                SerializerCheck.require(sc.getConf());
                value = JavaSparkContext.fromSparkContext(sc).broadcast(bytes);
                context = sc;
            }
            return value;
        }
    }

    private boolean scalar() {
        return (Boolean) getOrDefault(scalarPrediction);
    }

    @Override
    public StructType transformSchema(StructType schema) {
        ColumnParams.layout(schema, this, inputCols(), featuresCol(), "inputs");
        if (oklModel().hasIntervals()) {
            return SparkPredictions.intervalSchema(schema, getOrDefault(predictionCol()), scalar(),
                    oklModel().outputCount());
        }
        return SparkPredictions.schema(schema, getOrDefault(predictionCol()), scalar(), oklModel().outputCount());
    }

    @Override
    public OklSparkModel copy(ParamMap extra) {
        OklSparkModel copy = new OklSparkModel(uid, oklModel(), bytes, scalar());
        copy.summary = summary;
        copy.broadcast = shared();
        return copyValues(copy, extra).setParent(parent());
    }

    /**
     * The k best candidates of every row of {@code inputs} (read with this model's input columns, brought to the
     * driver) among a candidate data set, scored on the executors ({@link SparkDecoding}).
     *
     * @param candidateCols the candidate set's columns giving the candidates' output values
     */
    public CandidateRanking decodeCandidates(Dataset<?> inputs, Dataset<?> candidates, String[] candidateCols,
            int k) {
        Matrix x;
        try (SparkRows rows = SparkRows.of(inputs.toDF(), ColumnParams.layout(inputs.schema(), this, inputCols(),
                featuresCol(), "inputs"), Optional.empty())) {
            x = rows.collect("the inputs to decode are predicted on the driver", "decode them in slices").inputs();
        }
        return decodeCandidates(x, candidates, candidateCols, k);
    }

    /** The k best candidates of every input row among a candidate data set, scored on the executors. */
    public CandidateRanking decodeCandidates(Matrix inputs, Dataset<?> candidates, String[] candidateCols, int k) {
        return SparkDecoding.decode(bytes, inputs, candidates.toDF(), ColumnLayout.of(candidates.schema(),
                List.of(candidateCols), "candidates"), k, SparkDecoding.DEFAULT_BUDGET);
    }

    @Override
    public MLWriter write() {
        return new OklModelWriter(this);
    }
}
