package org.okl.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.ParameterType;
import org.okl.api.decoder.Decoder;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.metric.Metric;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.regularizer.Regularizer;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.solve.RegressionSolver;
import org.okl.api.transform.InputTransform;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.ComponentRegistry;
import org.okl.core.plugin.RegisteredComponent;

/**
 * The {@link ParameterType#FILE} parameters of a pipeline: every component's (nested ones included) and the grid
 * values that replace them, found by the components' declared parameters. A pipeline file's are resolved against
 * its folder ({@link PipelineFiles#read}), a fitted model stores the content of each ({@link Model}), and a loaded
 * model reads only those copies.
 */
final class FileParameters {

    private FileParameters() {
    }

    /** Maps one file parameter's location; {@code where} is its path in the pipeline, such as {@code decoder.file}. */
    @FunctionalInterface
    interface Mapping {
        String apply(String where, String location);
    }

    /** Every file parameter of the pipeline, as its path in the pipeline and the location it names. */
    static Map<String, String> of(PipelineSpec spec, ComponentRegistry registry) {
        Map<String, String> found = new LinkedHashMap<>();
        map(spec, registry, (where, location) -> {
            found.put(where, location);
            return location;
        });
        return found;
    }

    /** The pipeline with every file parameter's location replaced by the mapping's. */
    static PipelineSpec map(PipelineSpec spec, ComponentRegistry registry, Mapping mapping) {
        Walker w = new Walker(registry, mapping);
        PipelineSpec.Builder b = spec.toBuilder();
        spec.kernel().ifPresent(k -> b.kernel(w.component(k, VectorKernel.class, "kernel")));
        b.operator(w.component(spec.operator(), OperatorKernel.class, "operator"));
        b.output(w.component(spec.output(), OutputEmbedding.class, "output"));
        b.filter(w.component(spec.filter(), SpectralFilter.class, "filter"));
        List<ComponentSpec> regularizers = new ArrayList<>();
        for (int i = 0; i < spec.regularizers().size(); i++) {
            regularizers.add(w.component(spec.regularizers().get(i), Regularizer.class, "regularizers." + i));
        }
        b.regularizers(regularizers);
        b.decoder(w.component(spec.decoder(), Decoder.class, "decoder"));
        List<ComponentSpec> inputs = new ArrayList<>();
        for (int i = 0; i < spec.inputs().size(); i++) {
            inputs.add(w.component(spec.inputs().get(i), InputTransform.class, "inputs." + i));
        }
        b.inputs(inputs);
        List<ComponentSpec> targets = new ArrayList<>();
        for (int i = 0; i < spec.targets().size(); i++) {
            targets.add(w.component(spec.targets().get(i), InputTransform.class, "targets." + i));
        }
        b.targets(targets);
        spec.approximation().ifPresent(a -> b.approximation(w.component(a, KernelSketch.class, "approximation")));
        spec.solver().ifPresent(s -> b.solver(w.component(s, RegressionSolver.class, "solver")));
        spec.selection().ifPresent(s -> b.selection(w.selection(s, spec)));
        return b.build();
    }

    private record Walker(ComponentRegistry registry, Mapping mapping) {

        ComponentSpec component(ComponentSpec c, Class<?> kind, String where) {
            if (c == null) {
                return null;
            }
            Map<String, ParameterSpec> declared = declared(c, kind);
            Map<String, Object> params = new LinkedHashMap<>(c.parameters());
            for (Map.Entry<String, Object> e : c.parameters().entrySet()) {
                ParameterSpec p = declared.get(e.getKey());
                if (p != null) {
                    params.put(e.getKey(), value(p, e.getValue(), where + "." + e.getKey()));
                }
            }
            return params.equals(c.parameters()) ? c : new ComponentSpec(c.name(), params);
        }

        private Object value(ParameterSpec p, Object value, String where) {
            return switch (p.type()) {
                case FILE -> value instanceof String s ? mapping.apply(where, s) : value;
                case COMPONENT -> value instanceof ComponentSpec c ? component(c, p.componentKind(), where) : value;
                case COMPONENT_LIST -> value instanceof List<?> list ? list.stream()
                        .map(v -> v instanceof ComponentSpec c ? component(c, p.componentKind(), where) : v).toList()
                        : value;
                default -> value;
            };
        }

        private Map<String, ParameterSpec> declared(ComponentSpec c, Class<?> kind) {
            Map<String, ParameterSpec> declared = new LinkedHashMap<>();
            RegisteredComponent rc = registry.components(ComponentKind.of(kind)).get(c.name());
            if (rc != null) {
                rc.factory().parameters().forEach(p -> declared.put(p.name(), p));
            }
            return declared;
        }

        /** The selection with its metric and the grid values of file parameters mapped. */
        SelectionSpec selection(SelectionSpec s, PipelineSpec spec) {
            SelectionSpec.Builder b = s.toBuilder().metric(component(s.metric(), Metric.class, "selection.metric"));
            s.grid().forEach((key, values) -> parameterAt(spec, key).filter(p -> p.type() == ParameterType.FILE)
                    .ifPresent(p -> b.grid(key, values.stream()
                            .map(v -> v instanceof String str ? mapping.apply("selection.grid." + key, str) : v)
                            .toList())));
            return b.build();
        }

        /** The declaration of the parameter a grid key names, when it can be told. */
        private Optional<ParameterSpec> parameterAt(PipelineSpec spec, String key) {
            String[] parts = key.split("\\.");
            int next = 1;
            ComponentSpec c;
            Class<?> kind;
            switch (parts[0]) {
                case "kernel" -> {
                    c = spec.kernel().orElse(null);
                    kind = VectorKernel.class;
                }
                case "operator" -> {
                    c = spec.operator();
                    kind = OperatorKernel.class;
                }
                case "output" -> {
                    c = spec.output();
                    kind = OutputEmbedding.class;
                }
                case "filter" -> {
                    c = spec.filter();
                    kind = SpectralFilter.class;
                }
                case "decoder" -> {
                    c = spec.decoder();
                    kind = Decoder.class;
                }
                case "approximation" -> {
                    c = spec.approximation().orElse(null);
                    kind = KernelSketch.class;
                }
                case "solver" -> {
                    c = spec.solver().orElse(null);
                    kind = RegressionSolver.class;
                }
                case "regularizers" -> {
                    int index = parts.length > 1 && parts[1].matches("\\d{1,9}") ? Integer.parseInt(parts[1]) : -1;
                    c = index >= 0 && index < spec.regularizers().size() ? spec.regularizers().get(index) : null;
                    kind = Regularizer.class;
                    next = 2;
                }
                default -> {
                    return Optional.empty();
                }
            }
            for (int i = next; c != null && i < parts.length; i++) {
                ParameterSpec p = declared(c, kind).get(parts[i]);
                if (p == null) {
                    return Optional.empty();
                }
                if (i == parts.length - 1) {
                    return Optional.of(p);
                }
                Object nested = c.parameters().get(parts[i]);
                c = nested instanceof ComponentSpec cs ? cs : null;
                kind = p.componentKind();
            }
            return Optional.empty();
        }
    }
}
