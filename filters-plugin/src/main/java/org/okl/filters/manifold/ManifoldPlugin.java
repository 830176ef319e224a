package org.okl.filters.manifold;

import java.util.Collection;
import java.util.List;
import org.okl.api.component.ComponentFactory;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.regularizer.Regularizer;

/** The plugin {@code okl-manifold}: the {@code manifold} regularizer. */
public final class ManifoldPlugin implements OklPlugin {

    @Override
    public String name() {
        return "okl-manifold";
    }

    /** The version from the JAR manifest ({@code unspecified} when run from classes). */
    @Override
    public String version() {
        String v = ManifoldPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "unspecified" : v;
    }

    @Override
    public Collection<ComponentFactory<Regularizer>> regularizers() {
        return List.of(ManifoldRegularizer.factory());
    }
}
