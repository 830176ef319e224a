package org.okl.core.transform;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoded;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.ColumnSchema;

/**
 * A pipeline's fitted transforms: the chain its inputs go through before the kernel, and the chain its regression
 * targets go through before the output embedding, undone on decoded predictions.
 *
 * @param inputs  the input chain
 * @param targets the target chain (every stage invertible)
 */
public record FittedTransforms(TransformChain inputs, TransformChain targets) {
    private static final String INPUTS = "inputs/";
    private static final String TARGETS = "targets/";

    /** No transform. */
    public static FittedTransforms none() {
        return new FittedTransforms(TransformChain.empty(), TransformChain.empty());
    }

    /**
     * Fits both chains over training rows read in passes.
     *
     * @param inputColumns the input columns' names and levels
     * @param outputs      the number of output columns
     * @param inputRows    passes over the training inputs
     * @param outputRows   passes over the training outputs
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} for a target transform that cannot be undone
     */
    public static FittedTransforms fit(List<ComponentSpec> inputSpecs, List<ComponentSpec> targetSpecs,
            ColumnSchema inputColumns, int outputs, TransformChain.Passes inputRows, TransformChain.Passes outputRows,
            ComponentContext context) {
        return fit(inputSpecs, targetSpecs, inputColumns, outputs, inputRows, outputRows, null, null, context);
    }

    /**
     * The same, gathering the statistics that merge in parts where the rows are held ({@link TransformChain.Parts}).
     *
     * @param inputParts  the parts of the input stages' statistics, or {@code null}
     * @param outputParts the parts of the target stages' statistics, or {@code null}
     */
    public static FittedTransforms fit(List<ComponentSpec> inputSpecs, List<ComponentSpec> targetSpecs,
            ColumnSchema inputColumns, int outputs, TransformChain.Passes inputRows, TransformChain.Passes outputRows,
            TransformChain.Parts inputParts, TransformChain.Parts outputParts, ComponentContext context) {
        TransformChain in = TransformChain.fit("input", inputSpecs, inputColumns, inputRows, inputParts, context);
        TransformChain out = TransformChain.fit("target", targetSpecs, ColumnSchema.unnamed(outputs), outputRows,
                outputParts, context);
        if (!out.invertible() || out.outputDimension(outputs) != outputs) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, "target transforms " + targetSpecs.stream()
                    .map(ComponentSpec::name).toList() + " cannot all be undone on predictions; targets take "
                    + "invertible column-wise transforms such as standardize, min-max and log1p");
        }
        return new FittedTransforms(in, out);
    }

    /** Fits both chains on training inputs and outputs in memory. */
    public static FittedTransforms fit(List<ComponentSpec> inputSpecs, List<ComponentSpec> targetSpecs,
            ColumnSchema inputColumns, Matrix inputs, Matrix outputs, ComponentContext context) {
        return fit(inputSpecs, targetSpecs, inputColumns, outputs.cols(), b -> b.accept(inputs),
                b -> b.accept(outputs), context);
    }

    /**
     * Rebuilds fitted transforms from their stored arrays ({@link #arrays()}).
     *
     * @throws IllegalArgumentException when a stage's state is missing or inconsistent
     */
    public static FittedTransforms restore(List<ComponentSpec> inputSpecs, List<ComponentSpec> targetSpecs,
            Map<String, Matrix> arrays, ComponentContext context) {
        return new FittedTransforms(TransformChain.restore("input", inputSpecs, part(arrays, INPUTS), context),
                TransformChain.restore("target", targetSpecs, part(arrays, TARGETS), context));
    }

    private static Map<String, Matrix> part(Map<String, Matrix> arrays, String prefix) {
        Map<String, Matrix> out = new LinkedHashMap<>();
        arrays.forEach((name, m) -> {
            if (name.startsWith(prefix)) {
                out.put(name.substring(prefix.length()), m);
            }
        });
        return out;
    }

    /** Whether there is no transform at all. */
    public boolean isEmpty() {
        return inputs.isEmpty() && targets.isEmpty();
    }

    /** Inputs through the input chain. */
    public Matrix transformInputs(Matrix rows) {
        return inputs.apply(rows);
    }

    /**
     * Inputs, dense or sparse, through the input chain: as they are when it is empty (sparse rows stay sparse), else
     * made dense first.
     */
    public InputRows transformInputs(InputRows rows) {
        if (inputs.isEmpty()) {
            return rows;
        }
        return inputs.apply(rows instanceof Matrix dense ? dense : rows.toDense());
    }

    /** Outputs through the target chain. */
    public Matrix transformOutputs(Matrix rows) {
        return targets.apply(rows);
    }

    /** Decoded predictions with their outputs taken back to the targets' own scale (scores stay as decoded). */
    public Decoded invert(Decoded decoded) {
        return targets.isEmpty() ? decoded
                : new Decoded(targets.invert(decoded.outputs()), decoded.scores(), decoded.ranking());
    }

    /** Every stage's state, named {@code inputs/<stage>/<array>} and {@code targets/<stage>/<array>}. */
    public Map<String, Matrix> arrays() {
        Map<String, Matrix> out = new LinkedHashMap<>();
        inputs.arrays().forEach((name, m) -> out.put(INPUTS + name, m));
        targets.arrays().forEach((name, m) -> out.put(TARGETS + name, m));
        return out;
    }
}
