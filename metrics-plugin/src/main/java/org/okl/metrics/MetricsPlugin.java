package org.okl.metrics;

import java.util.Collection;
import java.util.Map;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.metric.Metric;
import org.okl.api.plugin.OklPlugin;

/**
 * The built-in plugin {@code okl-metrics}: the evaluation metrics (regression losses, multi-label measures, top-k and
 * per-character accuracy), and {@code mse} as the metric model selection minimises when a pipeline names none. The
 * metrics live here, with the evaluation, rather than with the data readers of {@code okl-datasets}.
 */
public final class MetricsPlugin implements OklPlugin {

    /** The plugin, as {@link java.util.ServiceLoader} creates it. */
    public MetricsPlugin() {
    }

    @Override
    public String name() {
        return "okl-metrics";
    }

    @Override
    public String version() {
        String v = MetricsPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }

    @Override
    public Collection<ComponentFactory<Metric>> metrics() {
        return MetricCatalog.factories();
    }

    /** The metric model selection minimises when a pipeline names none: {@code mse}. */
    @Override
    public Map<Class<?>, ComponentSpec> defaults() {
        return Map.of(Metric.class, ComponentSpec.of("mse"));
    }
}
