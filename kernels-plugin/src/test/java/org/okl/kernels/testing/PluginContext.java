package org.okl.kernels.testing;

import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.Parameters;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.OutputMatrix;
import org.okl.core.testing.TestContext;
import org.okl.kernels.KernelsPlugin;

/**
 * A test context that creates nested components from this plugin's own factories, after filling in defaults and
 * checking the declared ranges the way core's registry does (so that factories are exercised as pipelines use them).
 */
public final class PluginContext implements ComponentContext {
    private final TestContext base = TestContext.active();
    private final KernelsPlugin plugin = new KernelsPlugin();

    @Override
    public LinearAlgebra linearAlgebra() {
        return base.linearAlgebra();
    }

    @Override
    public <T> T create(Class<T> kind, ComponentSpec spec) {
        ComponentFactory<?> factory = factories(kind).stream().filter(f -> f.id().equals(spec.name())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "no " + kind.getSimpleName() + " named " + spec.name()));
        return kind.cast(factory.create(parameters(factory, spec), this));
    }

    /** Creates a scalar kernel from its spec. */
    public VectorKernel kernel(ComponentSpec spec) {
        return create(VectorKernel.class, spec);
    }

    /** The factory of the given kind and id. */
    public ComponentFactory<?> factory(Class<?> kind, String id) {
        return factories(kind).stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow();
    }

    private Collection<? extends ComponentFactory<?>> factories(Class<?> kind) {
        if (kind == VectorKernel.class) {
            return plugin.kernels();
        }
        if (kind == OperatorKernel.class) {
            return plugin.operatorKernels();
        }
        if (kind == OutputMatrix.class) {
            return plugin.outputMatrices();
        }
        throw new IllegalArgumentException("the kernels plugin has no " + kind.getSimpleName());
    }

    private static Parameters parameters(ComponentFactory<?> factory, ComponentSpec spec) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (String name : spec.parameters().keySet()) {
            if (factory.parameters().stream().noneMatch(p -> p.name().equals(name))) {
                throw new InvalidParameterException(spec.name(), name, "is not a parameter of " + spec.name());
            }
        }
        for (ParameterSpec p : factory.parameters()) {
            Object v = spec.parameters().containsKey(p.name()) ? spec.parameters().get(p.name()) : p.defaultValue();
            if (v == null) {
                if (p.required()) {
                    throw new InvalidParameterException(spec.name(), p.name(), "is required");
                }
                continue;
            }
            check(spec.name(), p, v);
            values.put(p.name(), v);
        }
        return new SpecParameters(new ComponentSpec(spec.name(), values));
    }

    private static void check(String component, ParameterSpec p, Object v) {
        List<?> items = v instanceof List<?> l ? l : List.of(v);
        for (Object item : items) {
            if (item instanceof Number number) {
                double x = number.doubleValue();
                boolean ok = (p.minInclusive() ? x >= p.min() : x > p.min())
                        && (p.maxInclusive() ? x <= p.max() : x < p.max());
                if (!ok) {
                    throw new InvalidParameterException(component, p.name(),
                            "must be in " + p.rangeText() + ", got " + x);
                }
            }
            if (item instanceof String s && !p.choices().isEmpty() && !p.choices().contains(s)) {
                throw new InvalidParameterException(component, p.name(), "must be one of " + p.choices());
            }
        }
    }

    @Override
    public long seed() {
        return base.seed();
    }

    @Override
    public Optional<Path> dataDirectory() {
        return base.dataDirectory();
    }
}
