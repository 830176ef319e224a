package org.okl.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.FittedTransform;
import org.okl.api.transform.InputTransform;
import org.okl.api.transform.TransformStatistics;

/**
 * Fitted transforms applied one after the other (a pipeline's {@code inputs}, or its {@code targets}). Each stage is
 * fitted on the rows the stages before it give: in memory, in one call per stage; over rows read in passes, one pass
 * per stage, every earlier stage applied to each block on the way.
 */
public final class TransformChain {
    private static final TransformChain EMPTY = new TransformChain("", List.of(), List.of());

    private final String role;
    private final List<ComponentSpec> specs;
    private final List<FittedTransform> stages;

    private TransformChain(String role, List<ComponentSpec> specs, List<FittedTransform> stages) {
        this.role = role;
        this.specs = List.copyOf(specs);
        this.stages = List.copyOf(stages);
    }

    /** The chain of no stage: rows pass unchanged. */
    public static TransformChain empty() {
        return EMPTY;
    }

    /** Source of the rows a stage is fitted on: runs a pass handing every block of rows to the consumer. */
    @FunctionalInterface
    public interface Passes {
        /** One pass over the (untransformed) rows, block by block, in order. */
        void pass(Consumer<Matrix> blocks);
    }

    /**
     * Gathers a stage's statistics in parts, each where its rows are held (a cluster's partitions): every part
     * applies the stages fitted so far to its rows, adds them to the stage's {@link TransformStatistics} and returns
     * their {@link TransformStatistics#part()}.
     */
    @FunctionalInterface
    public interface Parts {
        /**
         * The parts of one stage's statistics, in row order.
         *
         * @param stage   the stage's index in the chain
         * @param before  the stages fitted so far
         * @param columns the columns the stage is fitted on (those {@code before} gives)
         */
        List<Map<String, Matrix>> gather(int stage, TransformChain before, ColumnSchema columns);
    }

    /**
     * Fits a chain over rows read in passes (one pass per stage).
     *
     * @param role    {@code input} or {@code target}, for messages
     * @param specs   the stages
     * @param columns the columns of the untransformed rows
     * @param rows    the passes over the untransformed rows
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} when a stage cannot apply to the columns, and
     *                      {@link ErrorCode#INVALID_DATA} when the rows do not suit it
     */
    public static TransformChain fit(String role, List<ComponentSpec> specs, ColumnSchema columns, Passes rows,
            ComponentContext context) {
        return fit(role, specs, columns, rows, null, context);
    }

    /**
     * The same, with the statistics of every stage whose statistics merge gathered in parts (the others read the
     * rows in passes).
     *
     * @param parts where the parts are gathered, or {@code null} to read every stage's rows in passes
     */
    public static TransformChain fit(String role, List<ComponentSpec> specs, ColumnSchema columns, Passes rows,
            Parts parts, ComponentContext context) {
        if (specs.isEmpty()) {
            return EMPTY;
        }
        List<FittedTransform> fitted = new ArrayList<>();
        ColumnSchema schema = columns;
        for (ComponentSpec spec : specs) {
            InputTransform transform = context.create(InputTransform.class, spec);
            TransformStatistics statistics;
            try {
                statistics = transform.statistics(schema, context);
            } catch (IllegalArgumentException e) {
                throw new OklException(ErrorCode.INVALID_PIPELINE, role + " transform "
                        + UserText.quote(spec.name()) + ": " + e.getMessage(), e);
            }
            TransformChain before = new TransformChain(role, specs.subList(0, fitted.size()), fitted);
            FittedTransform stage;
            try {
                if (parts != null && statistics.part().isPresent()) {
                    for (Map<String, Matrix> part : parts.gather(fitted.size(), before, schema)) {
                        statistics.merge(part);
                    }
                } else {
                    rows.pass(block -> statistics.add(before.apply(block)));
                }
                stage = statistics.finish();
            } catch (IllegalArgumentException e) {
                throw new OklException(ErrorCode.INVALID_DATA, role + " transform "
                        + UserText.quote(spec.name()) + " on the training rows: " + e.getMessage(), e);
            }
            if (stage.inputDimension() != schema.size()) {
                throw new IllegalStateException(role + " transform " + UserText.quote(spec.name()) + " was fitted on "
                        + schema.size() + " columns but says it takes " + stage.inputDimension());
            }
            schema = stage.columns(schema);
            fitted.add(stage);
        }
        return new TransformChain(role, specs, fitted);
    }

    /** Fits a chain on rows in memory. */
    public static TransformChain fit(String role, List<ComponentSpec> specs, ColumnSchema columns, Matrix rows,
            ComponentContext context) {
        return fit(role, specs, columns, blocks -> blocks.accept(rows), context);
    }

    /**
     * Rebuilds a fitted chain from its stages' stored arrays ({@link #arrays()}).
     *
     * @throws IllegalArgumentException when a stage's state is missing or inconsistent
     */
    public static TransformChain restore(String role, List<ComponentSpec> specs, Map<String, Matrix> arrays,
            ComponentContext context) {
        if (specs.isEmpty()) {
            return EMPTY;
        }
        List<FittedTransform> fitted = new ArrayList<>();
        for (int k = 0; k < specs.size(); k++) {
            Map<String, Matrix> state = new LinkedHashMap<>();
            String prefix = k + "/";
            arrays.forEach((name, m) -> {
                if (name.startsWith(prefix)) {
                    state.put(name.substring(prefix.length()), m);
                }
            });
            fitted.add(context.create(InputTransform.class, specs.get(k)).restore(state, context));
        }
        for (int k = 1; k < fitted.size(); k++) {
            if (fitted.get(k).inputDimension() != fitted.get(k - 1).outputDimension()) {
                throw new IllegalArgumentException(role + " transform " + (k + 1) + " takes "
                        + fitted.get(k).inputDimension() + " columns but transform " + k + " gives "
                        + fitted.get(k - 1).outputDimension());
            }
        }
        return new TransformChain(role, specs, fitted);
    }

    /** Whether the chain has no stage. */
    public boolean isEmpty() {
        return stages.isEmpty();
    }

    /** The stages' specs. */
    public List<ComponentSpec> specs() {
        return specs;
    }

    /** The number of columns the chain takes: its first stage's, or {@code columns} when it is empty. */
    public int inputDimension(int columns) {
        return stages.isEmpty() ? columns : stages.get(0).inputDimension();
    }

    /** The number of columns the chain gives for rows of {@code columns} columns. */
    public int outputDimension(int columns) {
        return stages.isEmpty() ? columns : stages.get(stages.size() - 1).outputDimension();
    }

    /**
     * The rows through every stage (the argument itself for an empty chain).
     *
     * @throws OklException {@link ErrorCode#INVALID_DATA} when a value cannot be transformed
     */
    public Matrix apply(Matrix rows) {
        Matrix out = rows;
        for (int k = 0; k < stages.size(); k++) {
            try {
                out = stages.get(k).apply(out);
            } catch (IllegalArgumentException e) {
                throw new OklException(ErrorCode.INVALID_DATA, role + " transform "
                        + UserText.quote(specs.get(k).name()) + ": "
                        + e.getMessage(), e);
            }
        }
        return out;
    }

    /** Whether every stage can be undone. */
    public boolean invertible() {
        return stages.stream().allMatch(FittedTransform::invertible);
    }

    /** The rows whose transform is {@code transformed}: every stage undone, last first. */
    public Matrix invert(Matrix transformed) {
        Matrix out = transformed;
        for (int k = stages.size() - 1; k >= 0; k--) {
            out = stages.get(k).invert(out);
        }
        return out;
    }

    /** Every stage's state, named {@code <stage index>/<array name>}. */
    public Map<String, Matrix> arrays() {
        Map<String, Matrix> out = new LinkedHashMap<>();
        for (int k = 0; k < stages.size(); k++) {
            int stage = k;
            stages.get(k).state().forEach((name, m) -> out.put(stage + "/" + name, m));
        }
        return out;
    }
}
