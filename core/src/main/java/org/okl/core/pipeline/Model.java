package org.okl.core.pipeline;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.okl.api.decoder.Decoded;
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
import org.okl.core.Okl;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;
import org.okl.core.solve.PredictorCodec;
import org.okl.core.transform.FittedTransforms;

/**
 * A fitted pipeline: predicts outputs for new inputs, and is saved to and loaded from a model file
 * ({@code docs/model-format.md}).
 * <pre>{@code
 * Model model = okl.pipeline(spec).fit(TrainingData.of(x, y));
 * model.save(Path.of("m.okl"));
 * Decoded prediction = Model.load(Path.of("m.okl")).predict(xTest);
 * }</pre>
 */
public final class Model {
    private final PipelineSpec spec;
    private final FittedTransforms transforms;
    private final int pathIndex;
    private final Components components;
    private final FittedOutputEmbedding embedding;
    private final Predictor predictor;
    private final ModelData data;
    private final Provenance provenance;
    private final Okl okl;
    private Map<String, PipelineSpec> alternatives = Map.of();

    Model(PipelineSpec spec, FittedTransforms transforms, int pathIndex, Components components,
            FittedOutputEmbedding embedding, Predictor predictor, ModelData data, Provenance provenance, Okl okl) {
        this.spec = spec;
        this.transforms = transforms;
        this.pathIndex = pathIndex;
        this.components = components;
        this.embedding = embedding;
        this.predictor = predictor;
        this.data = data;
        this.provenance = provenance;
        this.okl = okl;
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
            Map<String, Matrix> predictorArrays, ModelData data, Provenance provenance, Okl okl) {
        return okl.registry().runtimeFailures().guard("loading the model", () -> restoreGuarded(spec,
                transformArrays, pathIndex, predictorType, predictorArrays, data, provenance, okl));
    }

    private static Model restoreGuarded(PipelineSpec spec, Map<String, Matrix> transformArrays, int pathIndex,
            String predictorType, Map<String, Matrix> predictorArrays, ModelData data, Provenance provenance,
            Okl okl) {
        FittedTransforms transforms = FittedTransforms.restore(spec.inputs(), spec.targets(), transformArrays,
                okl.context());
        Components c = Components.create(spec, null, okl.context());
        Predictor predictor = PredictorCodec.restore(predictorType, predictorArrays, environment(c, okl));
        FittedOutputEmbedding embedding;
        if (data.outputs().isPresent()) {
            embedding = c.output().fit(new OutputData(data.outputs().get(), data.unlabelledOutputs()), okl.context());
            if (embedding.learnsFromRegression()) {
                Matrix inputs = data.inputs().orElseThrow(() -> new IllegalArgumentException("the output embedding '"
                        + spec.output().name() + "' learns from the regression on the training inputs, which are "
                        + "absent"));
                embedding = embedding.refine(Predictions.select(predictor.predict(inputs), data.groups()));
            }
        } else {
            embedding = rowwise(c.output(), spec, data.outputCount(), okl);
        }
        return new Model(spec, transforms, pathIndex, c, embedding, predictor, data, provenance, okl);
    }

    /** The embedding fitted without rows, for models that store none. */
    static FittedOutputEmbedding rowwise(OutputEmbedding output, PipelineSpec spec, int outputColumns, Okl okl) {
        if (!(output instanceof RowwiseOutputEmbedding rowwise)) {
            throw new IllegalArgumentException("the output embedding '" + spec.output().name() + "' is fitted on the "
                    + "training outputs, which a model fitted on streamed rows does not store");
        }
        return rowwise.fitFor(outputColumns, okl.context());
    }

    /** The environment stored predictors are rebuilt in. */
    static PredictionEnvironment environment(Components c, Okl okl) {
        Optional<KernelSketch> sketch = c.spec().approximation().map(a -> okl.create(KernelSketch.class, a));
        return new PredictionEnvironment(c.kernel(), c.operator(), sketch, okl.context());
    }

    /**
     * Loads a model file, recreating its components with the plugins on the class path ({@link Okl#shared()}).
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a missing, damaged or newer file
     */
    public static Model load(Path file) {
        return load(file, Okl.shared());
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
     * Saves the model to a file atomically (a partial file is never left behind), creating missing folders; the
     * file gets the permissions of the user's umask.
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} when the file cannot be written
     */
    public void save(Path file) {
        ModelArchive.write(this, file);
    }

    /**
     * Decoded predictions for new inputs (t x p, the columns the model was fitted on): the inputs go through the
     * model's input transforms, and the decoded outputs through its target transforms undone.
     */
    public Decoded predict(Matrix inputs) {
        return decode(predictRegression(inputs, Optional.empty()));
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
                        data.outputCount(), data.unlabelledOutputs(), okl.context(), okl.tables()))));
    }

    private Matrix predictRegression(InputRows inputs, Optional<int[]> tasks) {
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
        }
        if (data.multiTask() != tasks.isPresent()) {
            throw new OklException(ErrorCode.INVALID_DATA, data.multiTask()
                    ? "the model is multi-task: give the task of every input" : "the model has no tasks");
        }
        InputRows x = okl.registry().runtimeFailures().guard("transforming the inputs",
                () -> transforms.transformInputs(inputs));
        Matrix h = okl.registry().runtimeFailures().guard("predicting", () -> predictor.predict(x));
        try {
            return Predictions.select(h, tasks);
        } catch (IllegalArgumentException e) {
            throw new OklException(ErrorCode.INVALID_DATA, e.getMessage(), e);
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
        return new Model(spec, transforms, pathIndex, components, embedding, predictor, data, other, okl)
                .withAlternatives(alternatives);
    }

    /** This model, knowing the selection's alternatives. */
    Model withAlternatives(Map<String, PipelineSpec> others) {
        this.alternatives = Map.copyOf(others);
        return this;
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
}
