package org.okl.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.AbstractModule;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.MapBinder;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.plugin.PipelineTemplate;
import org.okl.core.testing.TestContext;

class ComponentRegistryTest {

    private static PluginLoader.Discovery discovery(PluginLoader.LoadedPlugin... plugins) {
        return new PluginLoader.Discovery(List.of(plugins), List.of());
    }

    private static PluginLoader.LoadedPlugin loaded(OklPlugin p, String jar) {
        return new PluginLoader.LoadedPlugin(p, jar);
    }

    @Test
    void createsRegisteredComponentsWithValidatedParameters() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(
                loaded(FakePlugins.plugin("a", List.of(FakePlugins.dotKernel("dot")), List.of()), "a.jar")));
        VectorKernel k = registry.create(VectorKernel.class, ComponentSpec.of("dot", "scale", 2.0),
                TestContext.active());
        Matrix x = Matrix.fromRows(new double[][] {{1, 2}, {3, 4}});
        assertThat(k.gram(x).get(0, 1)).isEqualTo(2.0 * (1 * 3 + 2 * 4));
        assertThat(registry.components(ComponentKind.KERNEL).get("dot").location()).isEqualTo("a.jar");
    }

    @Test
    void unknownNameListsWhatIsAvailable() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(loaded(FakePlugins.plugin("a",
                List.of(FakePlugins.dotKernel("dot"), FakePlugins.dotKernel("dot2")), List.of()), "a.jar")));
        assertThatThrownBy(() -> registry.factory(VectorKernel.class, "gausian"))
                .isInstanceOf(OklException.class)
                .hasMessage("[OKL-E001] unknown kernel 'gausian'; available: dot, dot2. Run 'okl plugins' to see "
                        + "every component, or add the plugin JAR that provides it");
    }

    @Test
    void duplicateIdIsAHardErrorNamingBothJars() {
        var d = discovery(
                loaded(FakePlugins.plugin("first", List.of(FakePlugins.dotKernel("dot")), List.of()), "/x/a.jar"),
                loaded(FakePlugins.plugin("second", List.of(FakePlugins.dotKernel("dot")), List.of()), "/y/b.jar"));
        assertThatThrownBy(() -> ComponentRegistry.of(d))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("OKL-E002")
                .hasMessageContaining("duplicate kernel id 'dot'")
                .hasMessageContaining("first (/x/a.jar)")
                .hasMessageContaining("second (/y/b.jar)");
    }

    @Test
    void brokenPluginIsReportedAndTheOthersStillLoad() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(
                loaded(FakePlugins.throwing("broken"), "/p/broken.jar"),
                loaded(FakePlugins.badModule("badmodule"), "/p/badmodule.jar"),
                loaded(FakePlugins.plugin("good", List.of(FakePlugins.dotKernel("dot")), List.of()), "/p/good.jar")));
        assertThat(registry.plugins()).extracting(PluginInfo::name).containsExactly("good");
        assertThat(registry.failures()).hasSize(2);
        assertThat(registry.failures().get(0).location()).isEqualTo("/p/broken.jar");
        assertThat(registry.failures().get(0).cause()).contains("cannot read my configuration");
        assertThat(registry.failures().get(1).cause()).contains("not a com.google.inject.Module");
        assertThat(registry.components(ComponentKind.KERNEL)).containsKey("dot");
    }

    @Test
    void factoryOfTheWrongKindIsRejected() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        ComponentFactory<VectorKernel> wrong = (ComponentFactory) org.okl.api.component.SimpleComponentFactory.of(
                "oops", String.class, "not a kernel", List.of(), (p, c) -> "x");
        ComponentRegistry registry = ComponentRegistry.of(
                discovery(loaded(FakePlugins.plugin("w", List.of(wrong), List.of()), "w.jar")));
        assertThat(registry.failures()).singleElement()
                .satisfies(f -> assertThat(f.cause()).contains("factory 'oops'").contains("java.lang.String"));
    }

    @Test
    void guiceModulesOfPluginsCanContributeFactories() {
        OklPlugin viaGuice = new OklPlugin() {
            @Override
            public String name() {
                return "guicy";
            }

            @Override
            public Collection<Object> guiceModules() {
                return List.of(new AbstractModule() {
                    @Override
                    protected void configure() {
                        MapBinder.newMapBinder(binder(), new TypeLiteral<String>() { },
                                new TypeLiteral<ComponentFactory<VectorKernel>>() { })
                                .addBinding("from-guice").toInstance(FakePlugins.dotKernel("from-guice"));
                    }
                });
            }
        };
        ComponentRegistry registry = ComponentRegistry.of(discovery(loaded(viaGuice, "g.jar")));
        assertThat(registry.factory(VectorKernel.class, "from-guice").id()).isEqualTo("from-guice");
    }

    @Test
    void templatesAreRegisteredAndDuplicatesRejected() {
        PipelineTemplate t = new PipelineTemplate("iokr", "IOKR", "{}");
        ComponentRegistry registry = ComponentRegistry.of(
                discovery(loaded(FakePlugins.plugin("a", List.of(), List.of(t)), "a.jar")));
        assertThat(registry.template("iokr")).contains(t);
        assertThatThrownBy(() -> ComponentRegistry.of(discovery(
                loaded(FakePlugins.plugin("a", List.of(), List.of(t)), "a.jar"),
                loaded(FakePlugins.plugin("b", List.of(), List.of(t)), "b.jar"))))
                .hasMessageContaining("duplicate pipeline 'iokr'").hasMessageContaining("a.jar")
                .hasMessageContaining("b.jar");
    }

    @Test
    void invalidParameterBecomesACodedError() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(
                loaded(FakePlugins.plugin("a", List.of(FakePlugins.dotKernel("dot")), List.of()), "a.jar")));
        assertThatThrownBy(() -> registry.create(VectorKernel.class, ComponentSpec.of("dot", "scale", -1.0),
                TestContext.active()))
                .isInstanceOf(OklException.class)
                .hasMessage("[OKL-E004] dot: parameter 'scale' must be in (0, inf), got -1");
    }
}
