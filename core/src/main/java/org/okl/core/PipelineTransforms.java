package org.okl.core;

import org.okl.api.transform.ColumnSchema;
import org.okl.core.transform.FittedTransforms;

/**
 * Fits a pipeline's input and target transforms on training data, and gives the data as the rest of the pipeline
 * sees it. Every fit (each cross-validation fold, the refit on all rows) calls it on its own training part only.
 */
final class PipelineTransforms {
    private PipelineTransforms() {
    }

    /** The transforms of {@code spec} fitted on the labelled rows of {@code data}. */
    static FittedTransforms fit(PipelineSpec spec, TrainingData data, Okl okl) {
        if (spec.inputs().isEmpty() && spec.targets().isEmpty()) {
            return FittedTransforms.none();
        }
        return FittedTransforms.fit(spec.inputs(), spec.targets(), schema(data), data.inputs(), data.outputs(),
                okl.context());
    }

    /** What input transforms know of the data's input columns. */
    static ColumnSchema schema(TrainingData data) {
        return data.inputColumns().map(InputColumns::schema)
                .orElseGet(() -> ColumnSchema.unnamed(data.inputs().cols()));
    }

    /** The data through the transforms: inputs (labelled and unlabelled) and outputs (labelled and unlabelled). */
    static TrainingData apply(FittedTransforms transforms, TrainingData data) {
        if (transforms.isEmpty()) {
            return data;
        }
        return TrainingData.builder(transforms.transformInputs(data.inputs()),
                        transforms.transformOutputs(data.outputs()))
                .groups(data.groups().orElse(null))
                .unlabelledInputs(data.unlabelledInputs().map(transforms::transformInputs).orElse(null))
                .unlabelledOutputs(data.unlabelledOutputs().map(transforms::transformOutputs).orElse(null))
                .build();
    }
}
