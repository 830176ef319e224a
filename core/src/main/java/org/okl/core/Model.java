package org.okl.core;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.okl.api.component.ComponentContext;
import org.okl.api.decoder.Decoded;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.output.RowwiseOutputEmbedding;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.api.text.UserText;
import org.okl.core.component.DefaultComponentContext;
import org.okl.core.component.FileAccess;
import org.okl.api.filter.RidgeFilter;
import org.okl.core.conformal.ConformalQuantiles;
import org.okl.core.conformal.Jackknife;
import org.okl.core.conformal.PlattScaling;
import org.okl.core.conformal.PredictionIntervals;
import org.okl.core.conformal.ResidualScale;
import org.okl.core.conformal.ResidualScores;
import org.okl.core.select.TikhonovFolds;
import org.okl.core.select.TikhonovLeaveOneOut;
import org.okl.core.solve.PredictorCodec;
import org.okl.core.transform.FittedTransforms;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.parallel.Workers;

/**
 * A fitted pipeline: predicts outputs for new inputs, and is saved to and loaded from a model file
 * ({@code docs/model-format.md}). A model is self-contained: the files its pipeline names (a candidate set, an output
 * matrix read from a file) are read when it is fitted and kept in it, its predictions and decoding read only those
 * copies, and loading one never opens a path, loads a class or reaches an address that the file names.
 * <pre>{@code
 * Model model = okl.pipeline(spec).fit(TrainingData.of(x, y));
 * model.save(Path.of("m.okl"));
 * Decoded prediction = Model.load(Path.of("m.okl")).predict(xTest);
 * }</pre>
 */
public final class Model {
    /** The largest training set whose leave-one-out residuals a fit computes (one more n x n eigendecomposition). */
    static final int MAX_INTERVAL_ROWS = 4000;
    /** New rows whose n leave-one-out predictions are held at once (n x 256 per output). */
    private static final int INTERVAL_BLOCK = 256;
    private final PipelineSpec spec;
    private final FittedTransforms transforms;
    private final int pathIndex;
    private final Components components;
    private final FittedOutputEmbedding embedding;
    private final Predictor predictor;
    private final ModelData data;
    private final Provenance provenance;
    private final Okl okl;
    private final Map<String, byte[]> files;
    private final DefaultComponentContext context;
    private final Map<String, PipelineSpec> alternatives;
    private final Optional<Calibration> calibration;
    private TikhonovLeaveOneOut.Fits leaveOneOutFits;
    private final Optional<ModelSignature> signature;

    /**
     * A model just fitted: the files its pipeline names are read now and kept in it.
     *
     * @throws OklException {@link ErrorCode#INVALID_DATA} when the fitted predictor holds a number that is not
     *                      finite, so that such a model is never written (it would predict NaN)
     */
    Model(PipelineSpec spec, FittedTransforms transforms, int pathIndex, Components components,
            FittedOutputEmbedding embedding, Predictor predictor, ModelData data, Provenance provenance, Okl okl) {
        this(spec, transforms, pathIndex, components, embedding, predictor, data, provenance, okl,
                capture(spec, okl), Map.of(), Optional.empty(), Optional.empty());
        requireFiniteFit(predictor, spec);
    }

    /**
     * Fails when a fitted predictor's numbers are not all finite: the kernel's values overflowed or were undefined
     * for the data and the parameters (a polynomial of a huge degree, a width so small that distances divide to
     * infinity) without reaching a decomposition that would have refused them.
     */
    private static void requireFiniteFit(Predictor predictor, PipelineSpec spec) {
        predictor.arrays().forEach((name, m) -> {
            double[] d = m.data();
            for (int k = 0; k < d.length; k++) {
                if (!Double.isFinite(d[k])) {
                    throw new OklException(ErrorCode.INVALID_DATA, "the fitted predictor's array '" + name + "' holds "
                            + d[k] + " at row " + (k % m.rows() + 1) + ", column " + (k / m.rows() + 1) + ": "
                            + kernelOverflow(spec));
                }
            }
        });
    }

    /** Why a fit's numbers are not finite, with what to do: the kernel's values, for the data's scale. */
    static String kernelOverflow(PipelineSpec spec) {
        return "the kernel" + spec.kernel().map(k -> " " + UserText.escape(k.toString())).orElse("") + " overflows or"
                + " is undefined on this data (its values are not finite); scale the data (for example standardise"
                + " every column) or give the kernel parameters suited to its scale";
    }

    private Model(PipelineSpec spec, FittedTransforms transforms, int pathIndex, Components components,
            FittedOutputEmbedding embedding, Predictor predictor, ModelData data, Provenance provenance, Okl okl,
            Map<String, byte[]> files, Map<String, PipelineSpec> alternatives, Optional<Calibration> calibration,
            Optional<ModelSignature> signature) {
        this.spec = spec;
        this.transforms = transforms;
        this.pathIndex = pathIndex;
        this.components = components;
        this.embedding = embedding;
        this.predictor = predictor;
        this.data = data;
        this.provenance = provenance;
        this.okl = okl;
        this.files = files;
        this.alternatives = Map.copyOf(alternatives);
        this.calibration = calibration;
        this.signature = signature;
        this.context = storedContext(okl, files, "the model");
    }

    /** The content of every file the pipeline names, by the location it names it with. */
    private static Map<String, byte[]> capture(PipelineSpec spec, Okl okl) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        FileParameters.of(spec, okl.registry()).values().forEach(location -> files.computeIfAbsent(location,
                l -> okl.context().readFile(l)));
        return files;
    }

    /** A context that reads only the given copies of files. */
    private static DefaultComponentContext storedContext(Okl okl, Map<String, byte[]> files, String model) {
        return okl.defaultContext().withFiles(FileAccess.stored(files, model));
    }

    /**
     * Rebuilds a stored model: the transforms from their arrays, components from the recorded pipeline, the predictor
     * from its arrays, and the output embedding refitted on the stored (transformed) training outputs
     * (deterministic, so the model predicts as it did), or fitted row-wise for a model that stores none (fitted on
     * streamed rows).
     *
     * @throws IllegalArgumentException when the model stores no training outputs but its output embedding needs them,
     *                                  or no training inputs but its embedding learns from the regression, or a
     *                                  transform's state is missing
     */
    static Model restore(PipelineSpec spec, Map<String, Matrix> transformArrays, int pathIndex, String predictorType,
            Map<String, Matrix> predictorArrays, ModelData data, Provenance provenance, Map<String, byte[]> files,
            Optional<Calibration> calibration, String source, Okl okl) {
        if (calibration.isPresent() && calibration.get().method() == Calibration.Method.PLATT
                && (calibration.get().residuals().rows() != 2
                || calibration.get().residuals().cols() != data.outputCount())) {
            throw new IllegalArgumentException("the stored Platt scaling is not 2 x " + data.outputCount()
                    + " (a slope and an intercept per label)");
        }
        if (calibration.isPresent() && calibration.get().method() == Calibration.Method.SPLIT
                && (calibration.get().residuals().cols() != data.outputCount()
                || calibration.get().residuals().rows() == 0)) {
            throw new IllegalArgumentException("the stored calibration residuals do not have one column per output ("
                    + data.outputCount() + ") or have no row");
        }
        if (calibration.isPresent() && calibration.get().scale().map(s -> s.rows() != data.samples()
                || s.array().cols() != data.outputCount()).orElse(false)) {
            throw new IllegalArgumentException("the stored residual scale does not have one row per training sample ("
                    + data.samples() + ") and one column per output (" + data.outputCount() + ")");
        }
        if (calibration.isPresent() && calibration.get().method() == Calibration.Method.CV_PLUS
                && calibration.get().folds().map(f -> f.coefficients().rows() != data.samples()
                        || f.outputs() != data.outputCount()).orElse(true)) {
            throw new IllegalArgumentException("the stored CV+ fold models do not have one row per training sample ("
                    + data.samples() + ") and one column per output (" + data.outputCount() + ") and fold");
        }
        if (calibration.isPresent() && (calibration.get().method() == Calibration.Method.JACKKNIFE_PLUS
                || calibration.get().method() == Calibration.Method.CV_PLUS
                || calibration.get().method() == Calibration.Method.CLASS_SETS)
                && (calibration.get().residuals().rows() != data.samples()
                || (calibration.get().method() != Calibration.Method.CLASS_SETS
                        && calibration.get().residuals().cols() != data.outputCount())
                || calibration.get().inputs().rows() != data.samples() || data.outputs().isEmpty()
                || data.outputs().get().rows() != data.samples())) {
            throw new IllegalArgumentException("the stored leave-one-out residuals or inputs do not have one row per "
                    + "training sample (" + data.samples() + ") and one column per output (" + data.outputCount()
                    + "), or the training outputs are absent");
        }
        return okl.registry().runtimeFailures().guard("loading the model", () -> restoreGuarded(spec,
                transformArrays, pathIndex, predictorType, predictorArrays, data, provenance, files, source, okl)
                .withCalibration(calibration));
    }

    private static Model restoreGuarded(PipelineSpec spec, Map<String, Matrix> transformArrays, int pathIndex,
            String predictorType, Map<String, Matrix> predictorArrays, ModelData data, Provenance provenance,
            Map<String, byte[]> files, String source, Okl okl) {
        FileParameters.of(spec, okl.registry()).forEach((where, location) -> {
            if (!files.containsKey(location)) {
                throw FileAccess.notStored(source, location, files.keySet());
            }
        });
        DefaultComponentContext context = storedContext(okl, files, source);
        FittedTransforms transforms = FittedTransforms.restore(spec.inputs(), spec.targets(), transformArrays,
                context);
        requireWidths(transforms, data);
        Components c = Components.create(spec, null, context);
        Predictor predictor = PredictorCodec.restore(predictorType, predictorArrays, environment(c, context),
                spec.solver());
        FittedOutputEmbedding embedding;
        if (data.outputs().isPresent()) {
            embedding = c.output().fit(new OutputData(data.outputs().get(), data.unlabelledOutputs()), context);
            if (embedding.learnsFromRegression()) {
                Matrix inputs = data.inputs().orElseThrow(() -> new IllegalArgumentException("the output embedding '"
                        + spec.output().name() + "' learns from the regression on the training inputs, which are "
                        + "absent"));
                embedding = embedding.refine(Predictions.select(predictor.predict(inputs), data.groups()));
            }
        } else {
            embedding = rowwise(c.output(), spec, data.outputCount(), context);
        }
        return new Model(spec, transforms, pathIndex, c, embedding, predictor, data, provenance, okl,
                Map.copyOf(files), Map.of(), Optional.empty(), Optional.empty());
    }

    /**
     * Refuses stored transforms whose column counts disagree with the model's data: the input transforms take the
     * recorded input columns, the target transforms the recorded output columns, and stored transformed training
     * arrays have the columns the transforms give.
     */
    private static void requireWidths(FittedTransforms transforms, ModelData data) {
        long in = transforms.inputs().inputDimension(data.inputCount());
        long out = transforms.targets().inputDimension(data.outputCount());
        if (in != data.inputCount() || out != data.outputCount()) {
            throw new IllegalArgumentException("the stored transforms take " + in + " input and " + out + " output "
                    + "columns, but the model's data has " + data.inputCount() + " and " + data.outputCount());
        }
        int transformedIn = transforms.inputs().outputDimension(data.inputCount());
        int transformedOut = transforms.targets().outputDimension(data.outputCount());
        if (data.inputs().isPresent() && data.inputs().get().cols() != transformedIn
                || data.outputs().isPresent() && data.outputs().get().cols() != transformedOut) {
            throw new IllegalArgumentException("the stored training arrays do not have the columns the stored "
                    + "transforms give (" + transformedIn + " input, " + transformedOut + " output)");
        }
    }

    /** The embedding fitted without rows, for models that store none. */
    static FittedOutputEmbedding rowwise(OutputEmbedding output, PipelineSpec spec, int outputColumns, Okl okl) {
        return rowwise(output, spec, outputColumns, okl.context());
    }

    private static FittedOutputEmbedding rowwise(OutputEmbedding output, PipelineSpec spec, int outputColumns,
            ComponentContext context) {
        if (!(output instanceof RowwiseOutputEmbedding rowwise)) {
            throw new IllegalArgumentException("the output embedding '" + spec.output().name() + "' is fitted on the "
                    + "training outputs, which a model fitted on streamed rows does not store");
        }
        return rowwise.fitFor(outputColumns, context);
    }

    /** The environment stored predictors are rebuilt in. */
    private static PredictionEnvironment environment(Components c, ComponentContext context) {
        Optional<KernelSketch> sketch = c.spec().approximation().map(a -> context.create(KernelSketch.class, a));
        return new PredictionEnvironment(c.kernel(), c.operator(), sketch, context);
    }

    /**
     * Loads a model file, recreating its components with the plugins on the class path and in the folders
     * {@code OKL_PLUGINS} names, with a fresh default runtime ({@link Okl#fromEnvironment()}), as the command line does.
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a missing, damaged or newer file,
     *                      {@link ErrorCode#PLUGIN_FOLDER} for a folder in {@code OKL_PLUGINS} that does not exist
     */
    public static Model load(Path file) {
        return load(file, Okl.fromEnvironment());
    }

    /**
     * Loads a model file, recreating its components through the plugins of {@code okl} (for example with a plugins
     * folder).
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a missing, damaged or newer file
     */
    public static Model load(Path file, Okl okl) {
        return ModelArchive.read(file, okl);
    }

    /**
     * Loads a model file that {@code trust} accepts: with trusted keys, only a file signed ({@link #sign}) by one of
     * them, its signature verified over its checksums before anything else is read; {@link TrustPolicy#none()} loads
     * as {@link #load(Path, Okl)}.
     *
     * @throws OklException {@link ErrorCode#UNTRUSTED_MODEL} for a file that is unsigned, signed by another key or
     *                      whose signature does not verify; {@link ErrorCode#INVALID_MODEL} for a missing, damaged
     *                      or newer file
     */
    public static Model load(Path file, Okl okl, TrustPolicy trust) {
        return ModelArchive.read(file, okl, trust);
    }

    /**
     * Signs a model file in place with an Ed25519 key pair ({@link org.okl.core.signing.SigningKeys}): checks every
     * entry against the file's checksums, then adds (or replaces) the signature of those checksums with the key's
     * fingerprint, writing the file atomically ({@code docs/model-format.md}).
     *
     * @return the signature written
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a damaged file or one without checksums (format
     *                      version 1), {@link ErrorCode#KEY_FILE} for keys that are not an Ed25519 pair,
     *                      {@link ErrorCode#OUTPUT_FILE} when the file cannot be rewritten
     */
    public static ModelSignature sign(Path file, java.security.KeyPair keys) {
        return ArchiveSignature.sign(file, keys);
    }

    /**
     * Reads a model from the bytes of its file ({@link #toBytes}, or a file's content), recreating its components
     * through the plugins of {@code okl}; nothing is written to or read from disk (a read-only file system, a model
     * sent over the network).
     *
     * @param name what the bytes are (a path, a URL), named in errors
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for damaged or newer bytes
     */
    public static Model fromBytes(byte[] file, String name, Okl okl) {
        return ModelArchive.read(file, name, okl, TrustPolicy.none());
    }

    /**
     * {@link #fromBytes(byte[], String, Okl)} for bytes that {@code trust} accepts
     * ({@link #load(Path, Okl, TrustPolicy)}).
     *
     * @throws OklException {@link ErrorCode#UNTRUSTED_MODEL} for bytes the policy refuses
     */
    public static Model fromBytes(byte[] file, String name, Okl okl, TrustPolicy trust) {
        return ModelArchive.read(file, name, okl, trust);
    }

    /** The bytes of the model's file, written in memory: {@link #save} writes the same to a file. */
    public byte[] toBytes() {
        return ModelArchive.bytes(this);
    }

    /**
     * Saves the model to a file atomically (a partial file is never left behind, also when the process is stopped
     * while writing), creating missing folders; the file gets the permissions of the user's umask.
     *
     * @throws OklException {@link ErrorCode#OUTPUT_FILE} when the file cannot be written
     */
    public void save(Path file) {
        ModelArchive.write(this, file);
    }

    /**
     * Decoded predictions for new inputs (t x p, the columns the model was fitted on): the inputs go through the
     * model's input transforms, and the decoded outputs through its target transforms undone.
     */
    public Decoded predict(Matrix inputs) {
        int tile = tileRows(inputs);
        if (tile == 0) {
            return decode(predictRegression(inputs, Optional.empty()));
        }
        requirePredictable(inputs, Optional.empty());
        return PredictionTiles.predict(inputs, tile, Workers.of(context), (part, from) -> decode(regression(part,
                from, Optional.empty())));
    }

    /**
     * The rows of a tile {@link #predict(Matrix)} takes at once ({@link PredictionTiles}), or 0 to predict all at
     * once: a single-task model on the CPU with more rows than a tile (a compute device takes large blocks whole).
     */
    private int tileRows(Matrix inputs) {
        if (data.multiTask()) {
            return 0;
        }
        // the kernel block's width: the centers, landmarks or features, the predictor's longest array
        int width = predictor.arrays().values().stream().mapToInt(Matrix::rows).max().orElse(1);
        int tile = PredictionTiles.rows(width);
        if (inputs.rows() <= tile || inputs.cols() != data.inputCount()) {
            return 0;
        }
        return ComputeDevices.of(context).device().isEmpty() ? tile : 0;
    }

    /**
     * Decoded predictions for new inputs, dense or sparse (a model over a kernel that takes sparse rows predicts
     * them as they are; others see them made dense).
     */
    public Decoded predict(InputRows inputs) {
        return decode(predictRegression(inputs, Optional.empty()));
    }

    /** Decoded predictions for new inputs of a multi-task model, with the task of every input. */
    public Decoded predict(Matrix inputs, int[] tasks) {
        if (tasks.length != inputs.rows()) {
            throw new OklException(ErrorCode.INVALID_DATA, inputs.rows() + " inputs but " + tasks.length + " tasks");
        }
        return decode(predictRegression(inputs, Optional.of(tasks)));
    }

    private Decoded decode(Matrix h) {
        return transforms.invert(okl.registry().runtimeFailures().guard("decoding predictions",
                () -> components.decoder().decode(h, new PipelineDecodingContext(embedding, data.outputs(),
                        data.outputCount(), data.unlabelledOutputs(), context, okl.tables()))));
    }

    private Matrix predictRegression(InputRows inputs, Optional<int[]> tasks) {
        requirePredictable(inputs, tasks);
        return regression(inputs, 0, tasks);
    }

    /** Fails unless the inputs have the model's columns, usable values, and tasks exactly when the model has. */
    private void requirePredictable(InputRows inputs, Optional<int[]> tasks) {
        if (inputs.cols() != data.inputCount()) {
            throw new OklException(ErrorCode.INVALID_DATA, "the model was fitted on " + data.inputCount()
                    + " input columns but the data has " + inputs.cols());
        }
        if (inputs instanceof Matrix dense) {
            TrainingData.requireFinite(dense, "inputs");
        } else if (inputs.firstNonFinite() != null) {
            int[] at = inputs.firstNonFinite();
            throw new OklException(ErrorCode.INVALID_DATA, "inputs hold " + ((SparseMatrix) inputs).get(at[0], at[1])
                    + " at row " + (at[0] + 1) + ", column " + (at[1] + 1) + "; remove or impute it");
        } else {
            SparseMatrix sparse = (SparseMatrix) inputs;
            for (int r = 0; r < sparse.rows(); r++) {
                for (int k = sparse.starts()[r]; k < sparse.starts()[r + 1]; k++) {
                    if (Math.abs(sparse.values()[k]) > TrainingData.MAX_MAGNITUDE) {
                        throw new OklException(ErrorCode.INVALID_DATA, TrainingData.unusable("inputs",
                                sparse.values()[k], r, sparse.columns()[k], null));
                    }
                }
            }
        }
        if (data.multiTask() != tasks.isPresent()) {
            throw new OklException(ErrorCode.INVALID_DATA, data.multiTask()
                    ? "the model is multi-task: give the task of every input" : "the model has no tasks");
        }
    }

    /**
     * The regression step's predictions for checked inputs, rows {@code from} on of the rows the caller was given
     * (for the row a message names).
     */
    private Matrix regression(InputRows inputs, int from, Optional<int[]> tasks) {
        InputRows x = okl.registry().runtimeFailures().guard("transforming the inputs",
                () -> transforms.transformInputs(inputs));
        Matrix h = okl.registry().runtimeFailures().guard("predicting", () -> predictor.predict(x));
        Matrix selected;
        try {
            selected = Predictions.select(h, tasks);
        } catch (IllegalArgumentException e) {
            throw new OklException(ErrorCode.INVALID_DATA, e.getMessage(), e);
        }
        requireFinitePredictions(selected, inputs, from);
        return selected;
    }

    /**
     * Fails when a prediction is not finite (never a silently wrong result): the inputs are so large or far from the
     * training data that the kernel overflows, or the model's numbers are damaged.
     */
    private static void requireFinitePredictions(Matrix predictions, InputRows inputs, int from) {
        double[] d = predictions.data();
        for (int k = 0; k < d.length; k++) {
            if (!Double.isFinite(d[k])) {
                int row = k % predictions.rows();
                double largest = 0;
                for (double v : inputs.rowRange(row, row + 1).toDense().data()) {
                    largest = Math.max(largest, Math.abs(v));
                }
                throw new OklException(ErrorCode.INVALID_DATA, "the prediction for input row " + (from + row + 1)
                        + " is " + d[k] + " (its largest input value in magnitude is " + largest + "): the inputs "
                        + "are too large for the model's kernel (a sum or square overflows) or the model's numbers are "
                        + "damaged; scale the inputs as the training inputs were scaled");
            }
        }
    }

    /**
     * The predictions of the regression step (t x D) for new inputs (through the input transforms), before
     * decoding and before target transforms are undone: what the decoder scores candidates against (for example
     * when a cluster scores its share of a candidate set with {@link #embedding()}).
     */
    public Matrix predictRegression(Matrix inputs) {
        return predictRegression(inputs, Optional.empty());
    }

    /** {@link #predictRegression(Matrix)} for rows dense or sparse. */
    public Matrix predictRegression(InputRows inputs) {
        return predictRegression(inputs, Optional.empty());
    }

    /**
     * The output embedding fitted on the training outputs: what the decoder scores candidates with
     * ({@link FittedOutputEmbedding#candidateDistances}), for example when a cluster scores its share of a candidate
     * set.
     */
    public FittedOutputEmbedding embedding() {
        return embedding;
    }

    /** The pipeline with every data-dependent and chosen value recorded. */
    public PipelineSpec spec() {
        return spec;
    }

    /** The chosen point of the filter's regularization path. */
    public int pathIndex() {
        return pathIndex;
    }

    /** The number of input columns the model predicts from. */
    public int inputCount() {
        return data.inputCount();
    }

    /** Whether the model is multi-task (predictions need the task of every input). */
    public boolean multiTask() {
        return data.multiTask();
    }

    /** Which columns of its data the model was fitted on, when it was fitted on a table (a file or a data set). */
    public Optional<InputColumns> inputColumns() {
        return data.inputColumns();
    }

    /** The names of the output columns the model was fitted on, one per column, or empty when they were not known. */
    public List<String> outputNames() {
        return data.outputNames();
    }

    /** The number of output columns of its training data (of the outputs its predictions are decoded to). */
    public int outputCount() {
        return data.outputCount();
    }

    /** Where the model came from. */
    public Provenance provenance() {
        return provenance;
    }

    /** The same model with another provenance (an automatic pipeline adds what it chose). */
    Model withProvenance(Provenance other) {
        return new Model(spec, transforms, pathIndex, components, embedding, predictor, data, other, okl, files,
                alternatives, calibration, signature);
    }

    /**
     * The same model knowing the selection's alternatives ({@link #alternatives()}); this one is left as it is, as
     * every other {@code with} method leaves its model.
     */
    Model withAlternatives(Map<String, PipelineSpec> others) {
        return new Model(spec, transforms, pathIndex, components, embedding, predictor, data, provenance, okl, files,
                others, calibration, signature);
    }

    /** The same model with what its intervals are computed from (or nothing). */
    Model withCalibration(Optional<Calibration> stored) {
        return new Model(spec, transforms, pathIndex, components, embedding, predictor, data, provenance, okl, files,
                alternatives, stored, signature);
    }

    /** What the model keeps for its intervals, when it keeps anything (for the model file). */
    Optional<Calibration> calibration() {
        return calibration;
    }

    /**
     * Prediction intervals for new inputs at the given coverage level (for example 0.9), from the closed-form
     * leave-one-out fits stored in the model (Barber, Candes, Ramdas and Tibshirani 2021). Per output the jackknife+
     * interval {@code [q-(mu_{-i}(x) - |R_i|), q+(mu_{-i}(x) + |R_i|)]} with {@code mu_{-i}} the fit without row i
     * (closed form: one n x n decomposition per loaded model, then O(n²) per row and output); coverage at least
     * {@code 2 level - 1} for any data, near {@code level} in practice. Jointly, the same with the row's largest
     * residual over its output's root mean square ({@link ResidualScores}): a box covering the whole output vector.
     * q+ is the {@code ceil(level(n+1))}-th smallest value ({@link ConformalQuantiles}), +infinity when n is too small
     * for the level. The bounds are computed on the transformed targets' scale and taken back through the target
     * transforms (which keep each output's order: the interval covers exactly when the transformed one does).
     *
     * @throws OklException {@link ErrorCode#USAGE} when the level is not strictly between 0 and 1;
     *                      {@link ErrorCode#INVALID_MODEL} when the model stores no leave-one-out residuals
     */
    public PredictionIntervals predictIntervals(InputRows inputs, double level) {
        requireLevel(level);
        Calibration stored = calibration.orElseThrow(() -> new OklException(ErrorCode.INVALID_MODEL, "the model "
                + "stores no leave-one-out residuals, which prediction intervals need: fit it on the exact route (no "
                + "kernel sketch) with a Tikhonov filter (one ridge solve per path point), the identity decoder, an "
                + "output embedding whose targets are the outputs, no tasks, and at most " + MAX_INTERVAL_ROWS
                + " rows; or, with a kernel sketch, hold out calibration rows (okl fit --calibration-rows N, "
                + "Pipeline.withCalibrationRows)"));
        if (stored.method() == Calibration.Method.PLATT) {
            throw new OklException(ErrorCode.INVALID_MODEL, "the model predicts labels: it stores calibrated label "
                    + "probabilities (okl predict --probabilities, Model.predictProbabilities), not intervals");
        }
        if (stored.method() == Calibration.Method.CLASS_SETS) {
            throw new OklException(ErrorCode.INVALID_MODEL, "the model predicts classes: it gives label sets "
                    + "(Model.predictLabelSets, okl predict --intervals on its data), not intervals");
        }
        Matrix h = predictRegression(inputs, Optional.empty());
        ResidualScores scores = new ResidualScores(stored.residuals());
        if (stored.method() == Calibration.Method.SPLIT) {
            return splitIntervals(h, scores, level);
        }
        Matrix x = okl.registry().runtimeFailures().guard("transforming the inputs",
                () -> transforms.transformInputs(inputs)).toDense();
        Matrix[] bounds = jackknifePlus(x, scores, 1 - level);
        Matrix[] lowerUpper = backTransformed(bounds[0], bounds[1]);
        Matrix[] jointBounds = backTransformed(bounds[2], bounds[3]);
        String normalised = stored.scale().isPresent() ? "; normalised scores: residuals over a fitted residual "
                + "scale s(x), so the widths follow s(x)" : "";
        String how = stored.method() == Calibration.Method.CV_PLUS ? "cv+ on the " + stored.folds().orElseThrow()
                .folds() + " fold models of " : "jackknife+ on the closed-form leave-one-out fits of ";
        return new PredictionIntervals(decode(h).outputs(), lowerUpper[0], lowerUpper[1], jointBounds[0],
                jointBounds[1], level, how + stored.residuals().rows() + " training rows; joint: max over outputs of "
                + "the residuals over their root mean square" + normalised);
    }

    /** Whether the model gives conformal class sets ({@link #predictLabelSets}). */
    public boolean hasLabelSets() {
        return calibration.map(c -> c.method() == Calibration.Method.CLASS_SETS).orElse(false);
    }

    /** The class values, in the order of {@link #predictLabelSets}' columns. */
    public double[] classValues() {
        int d = calibration.orElseThrow().residuals().cols();
        return embedding.toOutputs(Matrix.identity(d)).columnValues(0);
    }

    /**
     * Conformal class sets at a coverage level, by jackknife+ on the class scores (Barber et al. 2021; for
     * classification Romano, Sesia and Candes 2020, §3 with the score E = -(class score)): class k is in the set of x
     * when fewer than {@code level (n + 1)} training rows i have {@code E_i < -s_k(mu_{-i}(x))}, where E_i is row i's
     * score for its own class under the fit without it and {@code s_k(mu_{-i}(x))} the class-k score of that fit at x
     * (both closed form from one decomposition, as for jackknife+ intervals). The set holds the true class with
     * probability at least {@code 2 level - 1} for any data, about {@code level} in practice. Cost: O(n² d) per row.
     *
     * @return t x d, 1 where the class ({@link #classValues()}) is in the row's set, else 0
     * @throws OklException {@link ErrorCode#INVALID_MODEL} when the model stores no class-set calibration (an exact
     *                      Tikhonov fit of classes with one ridge solve and at most {@link #MAX_INTERVAL_ROWS} rows)
     */
    public Matrix predictLabelSets(InputRows inputs, double level) {
        requireLevel(level);
        Calibration stored = calibration.filter(c -> c.method() == Calibration.Method.CLASS_SETS).orElseThrow(
                () -> new OklException(ErrorCode.INVALID_MODEL, "the model gives no class sets: fit one output "
                        + "column of classes on the exact route (no kernel sketch) with a Tikhonov filter (one ridge "
                        + "solve per path point), no tasks and at most " + MAX_INTERVAL_ROWS + " rows"));
        predictRegression(inputs, Optional.empty());
        Matrix x = okl.registry().runtimeFailures().guard("transforming the inputs",
                () -> transforms.transformInputs(inputs)).toDense();
        TikhonovLeaveOneOut.Fits fits = leaveOneOutFits();
        Matrix residuals = stored.residuals();
        Matrix targets = embedding.targets().orElseThrow();
        int n = residuals.rows();
        int d = residuals.cols();
        Matrix looTraining = targets.minus(residuals);
        Matrix trainingScores = embedding.scores(looTraining);
        Matrix ownScores = embedding.scores(targets);
        double[] own = new double[n];
        for (int i = 0; i < n; i++) {
            int best = 0;
            for (int k = 1; k < d; k++) {
                if (ownScores.get(i, k) > ownScores.get(i, best)) {
                    best = k;
                }
            }
            own[i] = -trainingScores.get(i, best);
        }
        int t = x.rows();
        Matrix sets = Matrix.zeros(t, d);
        double limit = level * (n + 1);
        for (int from = 0; from < t; from += INTERVAL_BLOCK) {
            int to = Math.min(t, from + INTERVAL_BLOCK);
            Matrix block = x.rowRange(from, to);
            Matrix[] mu = okl.registry().runtimeFailures().guard("predicting", () -> fits.predictions(block));
            for (int r = from; r < to; r++) {
                Matrix atRow = Matrix.zeros(n, d);
                for (int c = 0; c < d; c++) {
                    for (int i = 0; i < n; i++) {
                        atRow.set(i, c, mu[c].get(i, r - from));
                    }
                }
                Matrix scores = embedding.scores(atRow);
                for (int k = 0; k < d; k++) {
                    int below = 0;
                    for (int i = 0; i < n; i++) {
                        if (own[i] < -scores.get(i, k)) {
                            below++;
                        }
                    }
                    sets.set(r, k, below < limit ? 1 : 0);
                }
            }
        }
        return sets;
    }

    /** Whether the model stores calibrated label probabilities ({@link #predictProbabilities}). */
    public boolean hasProbabilities() {
        return calibration.map(c -> c.method() == Calibration.Method.PLATT).orElse(false);
    }

    /**
     * Calibrated label probabilities for new inputs (t x q, one column per label): each label's regression score
     * through its Platt scaling {@code 1/(1 + exp(a s + b))}, fitted when the model was on the fit's closed-form
     * leave-one-out scores (out-of-sample scores of every training row, from the decomposition the fit makes anyway).
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} when the model stores no Platt scaling (a fit that is not
     *                      an exact Tikhonov fit of 0/1 labels with one ridge solve and at most
     *                      {@link #MAX_INTERVAL_ROWS} rows)
     */
    public Matrix predictProbabilities(InputRows inputs) {
        Calibration stored = calibration.filter(c -> c.method() == Calibration.Method.PLATT).orElseThrow(
                () -> new OklException(ErrorCode.INVALID_MODEL, "the model stores no calibrated label probabilities:"
                        + " fit 0/1 labels on the exact route (no kernel sketch) with a Tikhonov filter (one ridge "
                        + "solve per path point), no tasks, no missing labels and at most " + MAX_INTERVAL_ROWS
                        + " rows"));
        Matrix h = predictRegression(inputs, Optional.empty());
        Matrix p = Matrix.zeros(h.rows(), h.cols());
        for (int c = 0; c < h.cols(); c++) {
            PlattScaling s = new PlattScaling(stored.residuals().get(0, c), stored.residuals().get(1, c));
            for (int r = 0; r < h.rows(); r++) {
                p.set(r, c, s.probability(h.get(r, c)));
            }
        }
        return p;
    }

    /**
     * The labels' raw regression scores on the 0/1 scale (the embedding's coding mapped back linearly, not clipped):
     * what calibrated probabilities are compared with.
     */
    Matrix rawLabelScores(InputRows inputs) {
        Matrix h = predictRegression(inputs, Optional.empty());
        return okl.registry().runtimeFailures().guard("decoding scores", () -> embedding.toOutputs(h));
    }

    /**
     * Split conformal intervals (Lei, G'Sell, Rinaldo, Tibshirani and Wasserman 2018): per output
     * {@code mu_c(x) ± q+(|R_c|)} with R the residuals of this model on n_cal calibration rows it was not fitted on;
     * jointly {@code mu_c(x) ± q+(S) s_c} ({@link ResidualScores}). Coverage at least {@code level} for rows
     * exchangeable with the calibration rows, and at most {@code level + 1/(n_cal + 1)}. Cost: the same at every
     * point, so O(1) per row and output beyond the prediction (the quantiles are computed once per call).
     */
    private PredictionIntervals splitIntervals(Matrix h, ResidualScores scores, double level) {
        double[] half = scores.halfWidths(1 - level);
        double[] joint = scores.jointHalfWidths(1 - level);
        int t = h.rows();
        int q = h.cols();
        Matrix[] out = {Matrix.zeros(t, q), Matrix.zeros(t, q), Matrix.zeros(t, q), Matrix.zeros(t, q)};
        for (int r = 0; r < t; r++) {
            for (int c = 0; c < q; c++) {
                out[0].set(r, c, h.get(r, c) - half[c]);
                out[1].set(r, c, h.get(r, c) + half[c]);
                out[2].set(r, c, h.get(r, c) - joint[c]);
                out[3].set(r, c, h.get(r, c) + joint[c]);
            }
        }
        Matrix[] lowerUpper = backTransformed(out[0], out[1]);
        Matrix[] jointBounds = backTransformed(out[2], out[3]);
        return new PredictionIntervals(decode(h).outputs(), lowerUpper[0], lowerUpper[1], jointBounds[0],
                jointBounds[1], level, "split conformal on the residuals of " + scores.residuals().rows()
                + " held-out calibration rows; joint: max over outputs of the residuals over their root mean square");
    }

    /**
     * The residuals of this model on rows it was not fitted on, on the transformed targets' scale (targets through
     * the target transforms minus the regression's predictions), for split conformal intervals; the same model
     * storing them ({@link Calibration#split}). Only for the identity decoder on an embedding that leaves the
     * (transformed) outputs as they are, whose regression predicts the transformed outputs themselves.
     *
     * @param inputs  the calibration rows' raw inputs
     * @param outputs their raw outputs
     * @return the model with the residuals, or this model when its regression does not predict its outputs
     */
    Model withSplitCalibration(Matrix inputs, Matrix outputs) {
        return calibrationResiduals(inputs, outputs).map(r -> withCalibration(Optional.of(Calibration.split(r))))
                .orElse(this);
    }

    /**
     * The residuals of this model on calibration rows it was not fitted on, for split conformal intervals computed
     * where the rows are (a cluster's executors, block by block) and stored afterwards with
     * {@link #withSplitResiduals}: per row the targets through the target transforms minus the regression's
     * predictions (n x q, on the transformed targets' scale, as {@code okl fit --calibration-rows} stores them). Only
     * for a model whose regression predicts its (transformed) outputs: the identity decoder, an embedding that leaves
     * them as they are, no tasks.
     *
     * @param inputs  the calibration rows' raw inputs (dense or sparse)
     * @param outputs their raw outputs
     * @return the residuals, or empty when the model's regression does not predict its outputs or a residual is
     *         not finite (the model then gives no intervals)
     */
    public Optional<Matrix> calibrationResiduals(InputRows inputs, Matrix outputs) {
        if (data.multiTask() || !"identity".equals(spec.decoder().name())
                || !(components.output() instanceof RowwiseOutputEmbedding rowwise)) {
            return Optional.empty();
        }
        Matrix targets = transforms.transformOutputs(outputs);
        Matrix encoded = rowwise.encode(targets);
        if (encoded.rows() != targets.rows() || encoded.cols() != targets.cols()
                || encoded.maxAbsDifference(targets) != 0) {
            return Optional.empty();
        }
        Matrix residuals = targets.minus(predictRegression(inputs, Optional.empty()));
        return residuals.isFinite() ? Optional.of(residuals) : Optional.empty();
    }

    /**
     * The same model storing split conformal residuals ({@link #calibrationResiduals} of rows it was not fitted on),
     * from which {@link #predictIntervals} computes its intervals and which its model file keeps.
     *
     * @param residuals n_cal x q, one column per output, finite
     * @throws IllegalArgumentException when the residuals have no row, not one column per output, or a value that
     *                                  is not finite
     */
    public Model withSplitResiduals(Matrix residuals) {
        if (residuals.rows() == 0 || residuals.cols() != data.outputCount() || !residuals.isFinite()) {
            throw new IllegalArgumentException("split conformal residuals need at least one row, one column per "
                    + "output (" + data.outputCount() + ") and finite values; got " + residuals.rows() + " x "
                    + residuals.cols());
        }
        return withCalibration(Optional.of(Calibration.split(residuals)));
    }

    /** The split conformal residuals the model stores (n_cal x q, transformed targets' scale), if it stores any. */
    public Optional<Matrix> splitResiduals() {
        return calibration.filter(c -> c.method() == Calibration.Method.SPLIT).map(Calibration::residuals);
    }

    /** Whether {@link #predictIntervals} gives intervals (the model stores split or leave-one-out residuals). */
    public boolean hasIntervals() {
        return calibration.map(c -> c.method() == Calibration.Method.SPLIT
                || c.method() == Calibration.Method.JACKKNIFE_PLUS || c.method() == Calibration.Method.CV_PLUS)
                .orElse(false);
    }

    /**
     * Jackknife+ bounds on the transformed scale (lower, upper, joint lower, joint upper; t x q): per output
     * {@code [q-(mu_{-i}(x) - |R_i|), q+(mu_{-i}(x) + |R_i|)]}, jointly the same with {@code S_i s_c} for |R_i|, S_i
     * the row's largest standardised residual. The n leave-one-out fits are decomposed once per model.
     */
    private Matrix[] jackknifePlus(Matrix x, ResidualScores scores, double alpha) {
        Function<Matrix, Matrix[]> leaveOutPredictions = leaveOutPredictions();
        Matrix residuals = scores.residuals();
        int n = residuals.rows();
        int q = residuals.cols();
        int t = x.rows();
        Optional<ResidualScale> local = calibration.orElseThrow().scale();
        Matrix inputs = calibration.get().inputs();
        Matrix atTraining = local.map(s -> s.at(components.kernel().gram(inputs, inputs), la())).orElse(null);
        double[] scale = local.isPresent() ? ones(q) : scores.scales();
        double[] joint = local.isPresent() ? normalisedJointScores(residuals, atTraining) : scores.jointScores();
        Matrix[] out = {Matrix.zeros(t, q), Matrix.zeros(t, q), Matrix.zeros(t, q), Matrix.zeros(t, q)};
        for (int from = 0; from < t; from += INTERVAL_BLOCK) {
            int to = Math.min(t, from + INTERVAL_BLOCK);
            Matrix block = x.rowRange(from, to);
            Matrix[] mu = okl.registry().runtimeFailures().guard("predicting",
                    () -> leaveOutPredictions.apply(block));
            Matrix atBlock = local.map(s -> s.at(components.kernel().gram(block, inputs), la())).orElse(null);
            for (int c = 0; c < q; c++) {
                double[] abs = new double[n];
                double[] scaled = new double[n];
                for (int i = 0; i < n; i++) {
                    abs[i] = Math.abs(residuals.get(i, c)) / (atTraining == null ? 1 : atTraining.get(i, c));
                    scaled[i] = joint[i] * scale[c];
                }
                for (int r = from; r < to; r++) {
                    double[] leaveOut = new double[n];
                    for (int i = 0; i < n; i++) {
                        leaveOut[i] = mu[c].get(i, r - from);
                    }
                    double width = atBlock == null ? 1 : atBlock.get(r - from, c);
                    double[] single = Jackknife.plus(leaveOut, times(abs, width), alpha);
                    double[] box = Jackknife.plus(leaveOut, times(scaled, width), alpha);
                    out[0].set(r, c, single[0]);
                    out[1].set(r, c, single[1]);
                    out[2].set(r, c, box[0]);
                    out[3].set(r, c, box[1]);
                }
            }
        }
        return out;
    }

    /** The runtime's linear algebra. */
    private org.okl.api.linalg.LinearAlgebra la() {
        return okl.context().linearAlgebra();
    }

    private static double[] ones(int q) {
        double[] v = new double[q];
        java.util.Arrays.fill(v, 1.0);
        return v;
    }

    /** The values times a factor (the values themselves for 1). */
    private static double[] times(double[] values, double factor) {
        if (factor == 1) {
            return values;
        }
        double[] v = new double[values.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = values[i] * factor;
        }
        return v;
    }

    /** Every row's joint normalised score {@code max_c |R_ic| / s_c(x_i)}. */
    private static double[] normalisedJointScores(Matrix residuals, Matrix atTraining) {
        double[] scores = new double[residuals.rows()];
        for (int i = 0; i < scores.length; i++) {
            for (int c = 0; c < residuals.cols(); c++) {
                scores[i] = Math.max(scores[i], Math.abs(residuals.get(i, c)) / atTraining.get(i, c));
            }
        }
        return scores;
    }

    /**
     * The leave-out predictions of a block of transformed inputs (per output n x m, row i the model without row i):
     * the n leave-one-out fits for jackknife+, the model of row i's fold for CV+ ({@code k(x, X) C_k A}).
     */
    private Function<Matrix, Matrix[]> leaveOutPredictions() {
        Calibration stored = calibration.orElseThrow();
        if (stored.method() == Calibration.Method.CV_PLUS) {
            TikhonovFolds.Fits folds = stored.folds().orElseThrow();
            return block -> folds.predictions(components.kernel().gram(block, stored.inputs()));
        }
        TikhonovLeaveOneOut.Fits fits = leaveOneOutFits();
        return fits::predictions;
    }

    /** The model's n leave-one-out fits, decomposed on first use from its stored inputs and outputs. */
    private synchronized TikhonovLeaveOneOut.Fits leaveOneOutFits() {
        if (leaveOneOutFits == null && calibration.orElseThrow().fits().isPresent()) {
            leaveOneOutFits = calibration.get().fits().get();
        }
        if (leaveOneOutFits == null) {
            Matrix x = calibration.orElseThrow().inputs();
            TrainingData stored = TrainingData.of(x, data.outputs().orElseThrow());
            RidgeFilter ridge = (RidgeFilter) components.filter();
            leaveOneOutFits = okl.registry().runtimeFailures().guard("decomposing the leave-one-out fits",
                    () -> TikhonovLeaveOneOut.fits(FittedPath.problem(components, embedding, stored, okl),
                            ridge.lambda(pathIndex)));
        }
        return leaveOneOutFits;
    }

    /**
     * Refuses a coverage level outside (0, 1).
     *
     * @throws OklException {@link ErrorCode#USAGE} naming the level
     */
    public static void requireLevel(double level) {
        if (!(level > 0 && level < 1)) {
            throw new OklException(ErrorCode.USAGE, "the interval level must lie strictly between 0 and 1 (for "
                    + "example 0.9 for 90 % coverage), not " + level);
        }
    }

    /** Bounds taken back through the target transforms, ordered per entry. */
    private Matrix[] backTransformed(Matrix low, Matrix high) {
        Matrix a = transforms.invert(Decoded.of(low)).outputs();
        Matrix b = transforms.invert(Decoded.of(high)).outputs();
        Matrix lower = a.copy();
        Matrix upper = b.copy();
        for (int q = 0; q < lower.data().length; q++) {
            lower.data()[q] = Math.min(a.data()[q], b.data()[q]);
            upper.data()[q] = Math.max(a.data()[q], b.data()[q]);
        }
        return new Matrix[] {lower, upper};
    }

    /** The same model read from a file with this signature. */
    Model withSignature(Optional<ModelSignature> read) {
        return new Model(spec, transforms, pathIndex, components, embedding, predictor, data, provenance, okl, files,
                alternatives, calibration, read);
    }

    /**
     * The signature of the file the model was read from: verified when it was loaded with a {@link TrustPolicy} that
     * requires one, else the key the file claims, unchecked; empty for an unsigned file and a model just fitted.
     */
    public Optional<ModelSignature> signature() {
        return signature;
    }

    /**
     * When the model selection preferred some grid values ({@link SelectionSpec#prefer()}), the best candidates with
     * them ({@code preferred}) and without them ({@code other}) as pipelines with nothing left to choose (their grid
     * values, their path point, their tuned decoder): fitting one on the same data gives the model a selection over
     * only that group would have chosen. For example, with the automatic pipeline's preference for independent
     * outputs, {@code preferred} is the best independent model and {@code other} the best coupled one. Empty for a
     * model without such a selection, and for a model read from a file (not stored).
     */
    public Map<String, PipelineSpec> alternatives() {
        return alternatives;
    }

    /** The fitted input and target transforms (empty chains when the pipeline has none). */
    public FittedTransforms transforms() {
        return transforms;
    }

    /** The fitted regression function (for the model file). */
    Predictor predictor() {
        return predictor;
    }

    /** What the model keeps of its training data (for the model file). */
    ModelData data() {
        return data;
    }

    /** The content of the files its pipeline names, by location (for the model file). */
    Map<String, byte[]> files() {
        return files;
    }
}
