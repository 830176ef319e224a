package org.okl.core.pipeline;

import java.util.Map;
import java.util.Optional;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
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

/**
 * A fitted pipeline: predicts outputs for new inputs. {@link org.okl.core.model.ModelFiles} writes and reads it.
 *
 * <p>A model keeps its training data when prediction may need it (candidate sets from the training outputs,
 * embeddings fitted on them); a model fitted on streamed rows keeps none, only the numbers of input and output
 * columns, and refuses clearly what would need them.
 */
public final class Model {
    private final PipelineSpec spec;
    private final int pathIndex;
    private final Components components;
    private final FittedOutputEmbedding embedding;
    private final Predictor predictor;
    private final Optional<TrainingData> data;
    private final int inputColumns;
    private final int outputColumns;
    private final Provenance provenance;
    private final Okl okl;

    Model(PipelineSpec spec, int pathIndex, Components components, FittedOutputEmbedding embedding,
            Predictor predictor, Optional<TrainingData> data, int inputColumns, int outputColumns,
            Provenance provenance, Okl okl) {
        this.spec = spec;
        this.pathIndex = pathIndex;
        this.components = components;
        this.embedding = embedding;
        this.predictor = predictor;
        this.data = data;
        this.inputColumns = inputColumns;
        this.outputColumns = outputColumns;
        this.provenance = provenance;
        this.okl = okl;
    }

    /** A model that keeps its training data. */
    Model(PipelineSpec spec, int pathIndex, Components components, FittedOutputEmbedding embedding,
            Predictor predictor, TrainingData data, Provenance provenance, Okl okl) {
        this(spec, pathIndex, components, embedding, predictor, Optional.of(data), data.inputs().cols(),
                data.outputs().cols(), provenance, okl);
    }

    /**
     * Rebuilds a stored model: components from the recorded pipeline, the predictor from its arrays, and the output
     * embedding refitted on the stored training outputs (deterministic, so the model predicts as it did), or fitted
     * row-wise for a model that stores no training data.
     *
     * @param data          the stored training data, or empty for a model fitted on streamed rows
     * @param inputColumns  the number of input columns the model was fitted on
     * @param outputColumns the number of output columns
     * @throws IllegalArgumentException when the model stores no training data but its output embedding needs it
     */
    public static Model restore(PipelineSpec spec, int pathIndex, String predictorType,
            Map<String, Matrix> predictorArrays, Optional<TrainingData> data, int inputColumns, int outputColumns,
            Provenance provenance, Okl okl) {
        return okl.registry().runtimeFailures().guard("loading the model", () -> restoreGuarded(spec, pathIndex,
                predictorType, predictorArrays, data, inputColumns, outputColumns, provenance, okl));
    }

    private static Model restoreGuarded(PipelineSpec spec, int pathIndex, String predictorType,
            Map<String, Matrix> predictorArrays, Optional<TrainingData> data, int inputColumns, int outputColumns,
            Provenance provenance, Okl okl) {
        Components c = Components.create(spec, null, okl.context());
        Predictor predictor = PredictorCodec.restore(predictorType, predictorArrays, environment(c, okl));
        FittedOutputEmbedding embedding;
        if (data.isPresent()) {
            TrainingData d = data.get();
            embedding = c.output().fit(new OutputData(d.outputs(), d.unlabelledOutputs()), okl.context());
            if (embedding.learnsFromRegression()) {
                embedding = embedding.refine(Predictions.select(predictor.predict(d.inputs()), d.groups()));
            }
        } else {
            embedding = rowwise(c.output(), spec, outputColumns, okl);
        }
        return new Model(spec, pathIndex, c, embedding, predictor, data, inputColumns, outputColumns, provenance,
                okl);
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

    /** The predictions of the regression step (t x D), before decoding. */
    public Matrix predictRaw(Matrix inputs, Optional<int[]> groups) {
        if (inputs.cols() != inputColumns) {
            throw new OklException(ErrorCode.INVALID_DATA, "the model was fitted on " + inputColumns
                    + " input columns but the data has " + inputs.cols());
        }
        TrainingData.requireFinite(inputs, "inputs");
        boolean tasks = data.flatMap(TrainingData::groups).isPresent();
        if (tasks != groups.isPresent()) {
            throw new OklException(ErrorCode.INVALID_DATA, tasks
                    ? "the model is multi-task: give the task of every input" : "the model has no tasks");
        }
        return okl.registry().runtimeFailures().guard("predicting",
                () -> Predictions.select(predictor.predict(inputs), groups));
    }

    /** Decoded predictions for new inputs. */
    public Decoded predict(Matrix inputs) {
        return predict(inputs, Optional.empty());
    }

    /** Decoded predictions for new inputs with their tasks (multi-task models). */
    public Decoded predict(Matrix inputs, Optional<int[]> groups) {
        Matrix h = predictRaw(inputs, groups);
        return okl.registry().runtimeFailures().guard("decoding predictions", () -> components.decoder().decode(h,
                new PipelineDecodingContext(embedding, data.map(TrainingData::outputs), outputColumns,
                        data.flatMap(TrainingData::unlabelledOutputs), okl.context(), okl.tables())));
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

    /** The fitted regression function. */
    public Predictor predictor() {
        return predictor;
    }

    /**
     * The training data, stored in model files because candidates and embeddings may need it; empty for a model
     * fitted on streamed rows.
     */
    public Optional<TrainingData> trainingData() {
        return data;
    }

    /** The number of input columns the model was fitted on. */
    public int inputColumns() {
        return inputColumns;
    }

    /** The number of output columns of its training data. */
    public int outputColumns() {
        return outputColumns;
    }

    /** Where the model came from. */
    public Provenance provenance() {
        return provenance;
    }
}
