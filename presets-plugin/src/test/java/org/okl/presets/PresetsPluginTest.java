package org.okl.presets;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.plugin.PipelineTemplate;

class PresetsPluginTest {
    private final PresetsPlugin plugin = new PresetsPlugin();

    @Test
    void isFoundByTheServiceLoader() {
        assertThat(ServiceLoader.load(OklPlugin.class).stream().map(p -> (Object) p.type()))
                .contains(PresetsPlugin.class);
        assertThat(plugin.name()).isEqualTo("okl-presets");
        assertThat(plugin.version()).isNotBlank();
    }

    @Test
    @SuppressWarnings("unchecked")
    void pipelinesAreValidPipelineFiles() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Set<String> allowed = Set.of("kernel", "operator", "output", "filter", "regularizers", "decoder",
                "approximation", "selection");
        assertThat(plugin.pipelines().stream().map(PipelineTemplate::id)).containsExactlyInAnyOrder("kde-cortes",
                "kde-weston", "kde-covariance", "kde-conditional-covariance", "iokr", "oel0", "oel", "vv-rls", "vvmr",
                "auto-regression", "auto-multi-label", "auto-binary", "auto-multi-class", "auto-multi-task",
                "auto-structured", "auto-large");
        Set<String> auto = Set.of("inputs", "targets", "kernel", "operator", "output", "filter", "decoder",
                "approximation", "selection");
        for (PipelineTemplate t : plugin.pipelines()) {
            assertThat(t.description()).isNotBlank();
            Map<String, Object> file = json.readValue(t.json(), Map.class);
            if (t.id().startsWith("auto-")) {
                assertThat(auto).as(t.id()).containsAll(file.keySet());
            } else {
                assertThat(file.keySet()).as(t.id()).containsAll(
                        List.of("kernel", "operator", "output", "filter", "regularizers", "decoder"));
                assertThat(allowed).as(t.id()).containsAll(file.keySet());
            }
        }
    }

    @Test
    void autoLargeIsAutoRegressionWithANystromSketchAndAScreen() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Map<String, PipelineTemplate> byId = new HashMap<>();
        plugin.pipelines().forEach(t -> byId.put(t.id(), t));
        ObjectNode large = (ObjectNode) json.readTree(byId.get("auto-large").json());
        assertThat(large.remove("approximation")).isEqualTo(json.readTree("{\"name\": \"nystrom\", \"rank\": 2000}"));
        // and a coarse-to-fine search: the grid screened with a smaller sketch first
        assertThat(((ObjectNode) large.get("selection")).remove("screen")).isEqualTo(json.readTree(
                "{\"approximation.rank\": 500}"));
        assertThat(large).isEqualTo(json.readTree(byId.get("auto-regression").json()));
    }
}
