package org.okl.datasets.source;

import java.util.Map;
import java.util.stream.Collectors;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.core.plugin.ValidatedParameters;

/** Creating and loading catalog data sets in tests. */
final class DatasetsTestSupport {
    private static final Map<String, ComponentFactory<DatasetSource>> BY_ID = DatasetCatalog.factories().stream()
            .collect(Collectors.toMap(ComponentFactory::id, f -> f));

    private DatasetsTestSupport() {
    }

    static ComponentFactory<DatasetSource> factory(String id) {
        return BY_ID.get(id);
    }

    static DatasetSource source(String id, ComponentContext context, Object... params) {
        ComponentFactory<DatasetSource> f = BY_ID.get(id);
        return f.create(ValidatedParameters.bind(f, ComponentSpec.of(f.id(), params)), context);
    }

    static Dataset load(String id, ComponentContext context, Object... params) {
        return source(id, context, params).load(context);
    }
}
