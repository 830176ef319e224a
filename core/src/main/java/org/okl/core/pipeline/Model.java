package org.okl.core.pipeline;

import java.util.Map;
import java.util.Optional;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.core.Okl;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;
import org.okl.core.solve.PredictionEnvironment;
import org.okl.core.solve.Predictor;
import org.okl.core.solve.PredictorCodec;

/**
 * A fitted pipeline: predicts outputs for new inputs. {@link org.okl.core.model.ModelFiles} writes and reads it.
 */
public final class Model {
    private final PipelineSpec spec;
    private final int pathIndex;
    private final Components components;
    private final FittedOutputEmbedding embedding;
    private final Predictor predictor;
    private final TrainingData data;
    private final Provenance provenance;
    private final Okl okl;

    Model(PipelineSpec spec, int pathIndex, Components components, FittedOutputEmbedding embedding,
            Predictor predictor, TrainingData data, Provenance provenance, Okl okl) {
        this.spec = spec;
        this.pathIndex = pathIndex;
        this.components = components;
        this.embedding = embedding;
        this.predictor = predictor;
        this.data = data;
        this.provenance = provenance;
        this.okl = okl;
    }

    /**
     * Rebuilds a stored model: components from the recorded pipeline, the predictor from its arrays, and the output
     * embedding refitted on the stored training outputs (deterministic, so the model predicts as it did).
     */
    public static Model restore(PipelineSpec spec, int pathIndex, String predictorType,
            Map<String, Matrix> predictorArrays, TrainingData data, Provenance provenance, Okl okl) {
        return okl.registry().runtimeFailures().guard("loading the model", () -> restoreGuarded(spec, pathIndex,
                predictorType, predictorArrays, data, provenance, okl));
    }

    private static Model restoreGuarded(PipelineSpec spec, int pathIndex, String predictorType,
            Map<String, Matrix> predictorArrays, TrainingData data, Provenance provenance, Okl okl) {
        Components c = Components.create(spec, null, okl.context());
        Predictor predictor = PredictorCodec.restore(predictorType, predictorArrays,
                new PredictionEnvironment(c.kernel(), c.operator(), okl.context()));
        FittedOutputEmbedding embedding = c.output().fit(new OutputData(data.outputs(), data.unlabelledOutputs()),
                okl.context());
        if (embedding.learnsFromRegression()) {
            embedding = embedding.refine(Predictions.select(predictor.predict(data.inputs()), data.groups()));
        }
        return new Model(spec, pathIndex, c, embedding, predictor, data, provenance, okl);
    }

    /** The predictions of the regression step (t x D), before decoding. */
    public Matrix predictRaw(Matrix inputs, Optional<int[]> groups) {
        if (inputs.cols() != data.inputs().cols()) {
            throw new OklException(ErrorCode.INVALID_DATA, "the model was fitted on " + data.inputs().cols()
                    + " input columns but the data has " + inputs.cols());
        }
        TrainingData.requireFinite(inputs, "inputs");
        if (data.groups().isPresent() != groups.isPresent()) {
            throw new OklException(ErrorCode.INVALID_DATA, data.groups().isPresent()
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
                new PipelineDecodingContext(embedding, data.outputs(), data.unlabelledOutputs(), okl.context(),
                        okl.tables())));
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

    /** The training data (stored in model files: candidates and embeddings need it). */
    public TrainingData trainingData() {
        return data;
    }

    /** Where the model came from. */
    public Provenance provenance() {
        return provenance;
    }
}
