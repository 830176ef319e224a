package org.okl.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/**
 * Expands the grid of a selection into pipeline variants: a grid key such as {@code kernel.sigma} or
 * {@code operator.matrix.omega} names a component member followed by nested parameter names
 * ({@code inputs.0.rank} the first input transform's), and the key {@code kernel} alone takes whole kernels. Keys are
 * applied in the grid's order, so {@code kernel} before {@code kernel.factor} sets the factor of every listed kernel.
 */
final class GridVariants {
    private GridVariants() {
    }

    /**
     * A pipeline variant with its grid values.
     *
     * @param spec   the pipeline with the grid values applied
     * @param values the grid values, by key
     */
    record Variant(PipelineSpec spec, Map<String, Object> values) {
    }

    /** Every combination of the grid's values (one variant, the spec itself, without a grid). */
    static List<Variant> expand(PipelineSpec spec, Map<String, List<Object>> grid) {
        List<Variant> out = new ArrayList<>();
        out.add(new Variant(spec, Map.of()));
        for (Map.Entry<String, List<Object>> e : grid.entrySet()) {
            List<Variant> next = new ArrayList<>();
            for (Variant v : out) {
                for (Object value : e.getValue()) {
                    Map<String, Object> values = new LinkedHashMap<>(v.values());
                    values.put(e.getKey(), value);
                    next.add(new Variant(apply(v.spec(), e.getKey(), value), values));
                }
            }
            out = next;
        }
        return out;
    }

    private static PipelineSpec apply(PipelineSpec spec, String key, Object value) {
        List<String> parts = Arrays.asList(key.split("\\."));
        if (key.equals("kernel")) {
            if (!(value instanceof ComponentSpec kernel)) {
                throw invalid(key, "lists whole kernels, such as {\"name\": \"laplacian\", \"bandwidth\": "
                        + "\"median\"}");
            }
            return spec.withKernel(kernel);
        }
        if (parts.size() < 2) {
            throw invalid(key, "needs a member and a parameter, such as kernel.sigma");
        }
        List<String> rest = parts.subList(1, parts.size());
        return switch (parts.get(0)) {
            case "kernel" -> spec.withKernel(set(spec.kernel().orElseThrow(
                    () -> invalid(key, "the pipeline has no kernel")), rest, value, key));
            case "operator" -> spec.withOperator(set(spec.operator(), rest, value, key));
            case "output" -> spec.withOutput(set(spec.output(), rest, value, key));
            case "filter" -> spec.withFilter(set(spec.filter(), rest, value, key));
            case "decoder" -> spec.withDecoder(set(spec.decoder(), rest, value, key));
            case "approximation" -> spec.withApproximation(set(spec.approximation().orElseThrow(
                    () -> invalid(key, "the pipeline has no approximation")), rest, value, key));
            case "solver" -> spec.withSolver(set(spec.solver().orElseThrow(
                    () -> invalid(key, "the pipeline names no solver")), rest, value, key));
            case "regularizers" -> spec.withRegularizers(setInList(spec.regularizers(), rest, value, key,
                    "regularizer(s)"));
            case "inputs" -> spec.withInputs(setInList(spec.inputs(), rest, value, key, "input transform(s)"));
            case "targets" -> spec.withTargets(setInList(spec.targets(), rest, value, key, "target transform(s)"));
            default -> throw invalid(key, "unknown member '" + parts.get(0) + "'");
        };
    }


    private static List<ComponentSpec> setInList(List<ComponentSpec> list, List<String> rest, Object value, String key,
            String what) {
        int index = parseIndex(rest.get(0), key);
        List<ComponentSpec> out = new ArrayList<>(list);
        if (index >= out.size()) {
            throw invalid(key, "the pipeline has " + out.size() + " " + what);
        }
        out.set(index, set(out.get(index), rest.subList(1, rest.size()), value, key));
        return out;
    }

    private static ComponentSpec set(ComponentSpec c, List<String> path, Object value, String key) {
        if (path.isEmpty()) {
            throw invalid(key, "names a component, not a parameter");
        }
        if (path.size() == 1) {
            return c.with(path.get(0), value);
        }
        Object nested = c.parameters().get(path.get(0));
        ComponentSpec inner = nested instanceof ComponentSpec cs ? cs : nested instanceof String s
                ? ComponentSpec.of(s) : null;
        if (inner == null) {
            throw invalid(key, "'" + path.get(0) + "' of " + c.name() + " is not a nested component");
        }
        return c.with(path.get(0), set(inner, path.subList(1, path.size()), value, key));
    }

    private static int parseIndex(String s, String key) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw invalid(key, "a list member needs an index, such as regularizers.0 or inputs.1");
        }
    }

    private static OklException invalid(String key, String problem) {
        return new OklException(ErrorCode.INVALID_PIPELINE, "selection.grid key '" + key + "': " + problem);
    }
}
