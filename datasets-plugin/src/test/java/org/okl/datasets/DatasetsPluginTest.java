package org.okl.datasets;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.TableReader;
import org.okl.api.plugin.OklPlugin;
import org.okl.core.plugin.ValidatedParameters;

class DatasetsPluginTest {

    @Test
    void registeredAsAServiceUnderItsName() {
        OklPlugin plugin = ServiceLoader.load(OklPlugin.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p instanceof DatasetsPlugin).findFirst().orElseThrow();
        assertThat(plugin.name()).isEqualTo("okl-datasets");
        assertThat(plugin.version()).isNotBlank();
    }

    @Test
    void readersByIdAndSuffix() {
        DatasetsPlugin plugin = new DatasetsPlugin();
        assertThat(plugin.readers().stream().map(ComponentFactory::id).collect(Collectors.toList()))
                .containsExactly("csv", "arff", "libsvm", "esl", "idx");
        for (ComponentFactory<TableReader> f : plugin.readers()) {
            TableReader r = f.create(ValidatedParameters.bind(f, ComponentSpec.of(f.id())), Contexts.plain());
            assertThat(r.suffixes()).isNotEmpty().allMatch(s -> s.equals(s.toLowerCase(java.util.Locale.ROOT)));
            assertThat(f.kind()).isEqualTo(TableReader.class);
        }
    }

    @Test
    void everyDataSetHasASummaryAndALocation() {
        for (ComponentFactory<DatasetSource> f : new DatasetsPlugin().datasets()) {
            assertThat(f.description()).as(f.id()).isNotBlank();
            DatasetSource s = f.create(ValidatedParameters.bind(f, ComponentSpec.of(f.id())), Contexts.plain());
            assertThat(s.summary()).as(f.id()).matches("(REGRESSION|MULTI_LABEL|MULTI_CLASS|MULTI_TASK|STRUCTURED), .*");
            assertThat(s.expectedLocation(Contexts.plain())).as(f.id()).isNotBlank();
        }
        assertThat(new DatasetsPlugin().metrics()).as("the metrics are okl-metrics'").isEmpty();
    }
}
