package org.okl.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.thirdparty.ThirdPartyPlugins;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.plugin.PipelineTemplate;
import org.okl.testkit.TestContext;

class ComponentRegistryTest {

    private static PluginLoader.Discovery discovery(PluginLoader.LoadedPlugin... plugins) {
        return new PluginLoader.Discovery(List.of(plugins), List.of());
    }

    private static PluginLoader.LoadedPlugin loaded(OklPlugin p, String jar) {
        return new PluginLoader.LoadedPlugin(p, jar);
    }

    /** A plugin loaded as one of OKL's own (what discovery decides by where its class came from). */
    private static PluginLoader.LoadedPlugin own(OklPlugin p, String jar) {
        return new PluginLoader.LoadedPlugin(p, jar, true);
    }

    @Test
    void createsRegisteredComponentsWithValidatedParameters() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(
                own(FakePlugins.plugin("a", List.of(FakePlugins.dotKernel("dot")), List.of()), "a.jar")));
        VectorKernel k = registry.create(VectorKernel.class, ComponentSpec.of("dot", "scale", 2.0),
                TestContext.active());
        Matrix x = Matrix.fromRows(new double[][] {{1, 2}, {3, 4}});
        assertThat(k.gram(x).get(0, 1)).isEqualTo(2.0 * (1 * 3 + 2 * 4));
        assertThat(registry.components(ComponentKind.KERNEL).get("dot").location()).isEqualTo("a.jar");
    }

    @Test
    void unknownNameListsWhatIsAvailable() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(own(FakePlugins.plugin("a",
                List.of(FakePlugins.dotKernel("dot"), FakePlugins.dotKernel("dot2")), List.of()), "a.jar")));
        assertThatThrownBy(() -> registry.factory(VectorKernel.class, "gausian"))
                .isInstanceOf(OklException.class)
                .hasMessage("[OKL-E001] unknown kernel 'gausian'; available: dot, dot2. Run 'okl plugins' to see "
                        + "every component, or add the plugin JAR that provides it");
    }

    @Test
    void duplicateIdIsAHardErrorNamingBothJars() {
        var d = discovery(
                own(FakePlugins.plugin("first", List.of(FakePlugins.dotKernel("dot")), List.of()), "/x/a.jar"),
                own(FakePlugins.plugin("second", List.of(FakePlugins.dotKernel("dot")), List.of()), "/y/b.jar"));
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
                own(FakePlugins.throwing("broken"), "/p/broken.jar"),
                own(FakePlugins.plugin("good", List.of(FakePlugins.dotKernel("dot")), List.of()), "/p/good.jar")));
        assertThat(registry.plugins()).extracting(PluginInfo::name).containsExactly("good");
        assertThat(registry.failures()).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo("/p/broken.jar");
            assertThat(f.cause()).contains("cannot read my configuration");
        });
        assertThat(registry.components(ComponentKind.KERNEL)).containsKey("dot");
    }

    @Test
    void theReservedPrefixIsRefusedToThirdPartiesOnly() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(
                loaded(ThirdPartyPlugins.failingKernels("okl-impostor", "fine-id"), "/p/a.jar"),
                loaded(ThirdPartyPlugins.failingKernels("honest", "okl-kernel"), "/p/b.jar"),
                loaded(ThirdPartyPlugins.failingKernels("third", "third-kernel"), "/p/c.jar"),
                own(FakePlugins.plugin("okl-own", List.of(FakePlugins.dotKernel("okl-dot")), List.of()),
                        "/p/own.jar")));
        assertThat(registry.plugins()).extracting(PluginInfo::name).containsExactly("third", "okl-own");
        assertThat(registry.failures()).hasSize(2);
        assertThat(registry.failures().get(0).location()).isEqualTo("/p/a.jar");
        assertThat(registry.failures().get(0).cause()).contains("plugin name 'okl-impostor' starts with 'okl-', "
                + "which is reserved for OKL's own plugins; rename it");
        assertThat(registry.failures().get(1).location()).isEqualTo("/p/b.jar");
        assertThat(registry.failures().get(1).cause()).contains("kernel id 'okl-kernel' starts with 'okl-'");
        assertThat(registry.components(ComponentKind.KERNEL)).containsOnlyKeys("third-kernel", "okl-dot");
    }

    /**
     * Trust follows where a plugin was loaded from, not its package: a plugin whose classes are in OKL's package but
     * that was not loaded as one of OKL's own (from a plugins folder, or added in code) is a third party's.
     */
    @Test
    void aPluginInOklsPackageIsNotTrustedUnlessItWasLoadedAsOklsOwn() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(
                loaded(FakePlugins.plugin("okl-impostor", List.of(FakePlugins.dotKernel("dot")), List.of()),
                        "/plugins/impostor.jar"),
                loaded(FakePlugins.declaringDefault("defaults", "dot2"), "/plugins/defaults.jar")));
        assertThat(FakePlugins.class.getName()).startsWith("org.okl.");
        assertThat(registry.plugins()).isEmpty();
        assertThat(registry.failures()).extracting(PluginLoader.PluginFailure::cause).satisfiesExactly(
                c -> assertThat(c).contains("plugin name 'okl-impostor' starts with 'okl-'"),
                c -> assertThat(c).contains("only OKL's own plugins declare defaults"));
    }

    /** Discovery finds OKL's own by the marker its module's JAR or class folder holds, never by the package. */
    @Test
    void ownPluginsAreThoseFromAnOklModule() {
        assertThat(PluginLoader.isOwn(ComponentRegistry.class)).as("a class from core's classes").isTrue();
        assertThat(PluginLoader.isOwn(FakePlugins.class)).as("a test class in OKL's package").isFalse();
        assertThat(PluginLoader.isOwn(ThirdPartyPlugins.class)).isFalse();
    }

    @Test
    void defaultsComeFromOklsOwnPluginsOnly() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(
                own(FakePlugins.declaringDefault("own", "dot"), "/p/own.jar"),
                loaded(ThirdPartyPlugins.declaringDefault("third", "theirs"), "/p/third.jar")));
        assertThat(registry.defaultComponent(VectorKernel.class)).isEqualTo(ComponentSpec.of("dot"));
        assertThat(registry.failures()).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo("/p/third.jar");
            assertThat(f.cause()).contains("only OKL's own plugins declare defaults");
        });
        assertThatThrownBy(() -> registry.defaultComponent(org.okl.api.decoder.Decoder.class))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("[OKL-E005] the pipeline names no decoder and no plugin declares a default one");
    }

    @Test
    void twoDefaultsForOneKindAreADuplicate() {
        assertThatThrownBy(() -> ComponentRegistry.of(discovery(
                own(FakePlugins.declaringDefault("one", "dot"), "/p/one.jar"),
                own(FakePlugins.declaringDefault("two", "dot2"), "/p/two.jar"))))
                .isInstanceOf(OklException.class)
                .hasMessage("[OKL-E002] duplicate default kernel: offered by one (/p/one.jar) and by two "
                        + "(/p/two.jar); remove one of the JARs");
    }

    @Test
    void aThirdPartyFailureAtRunTimeNamesThePluginAndItsJar() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(
                loaded(ThirdPartyPlugins.failingKernels("acme", "acme-kernel"), "/p/acme.jar")));
        VectorKernel kernel = registry.create(VectorKernel.class, ComponentSpec.of("acme-kernel"),
                TestContext.active());
        Matrix x = Matrix.fromRows(new double[][] {{1, 2}});
        assertThatThrownBy(() -> registry.runtimeFailures().guard("fitting the pipeline", () -> kernel.gram(x)))
                .isInstanceOf(OklException.class)
                .hasMessage("[OKL-E013] plugin 'acme' 2.5 (/p/acme.jar) failed while fitting the pipeline: "
                        + "IllegalStateException: index 3 out of bounds for my cache (in "
                        + "com.example.thirdparty.ThirdPartyPlugins$FailingKernel.gram); fix or update the plugin, "
                        + "or remove its JAR");
    }

    @Test
    void failuresOfOklsOwnCodeAreNotBlamedOnAPlugin() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(
                loaded(ThirdPartyPlugins.failingKernels("acme", "acme-kernel"), "/p/acme.jar")));
        ArithmeticException own = new ArithmeticException("singular");
        assertThatThrownBy(() -> registry.runtimeFailures().guard("fitting", () -> {
            throw own;
        })).isSameAs(own);
        OklException user = new OklException(ErrorCode.INVALID_DATA, "bad row");
        assertThat(registry.runtimeFailures().explain(user, "fitting")).isEmpty();
    }

    @Test
    void factoryOfTheWrongKindIsRejected() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        ComponentFactory<VectorKernel> wrong = (ComponentFactory) org.okl.api.component.SimpleComponentFactory.of(
                "oops", String.class, "not a kernel", List.of(), (p, c) -> "x");
        ComponentRegistry registry = ComponentRegistry.of(
                discovery(own(FakePlugins.plugin("w", List.of(wrong), List.of()), "w.jar")));
        assertThat(registry.failures()).singleElement()
                .satisfies(f -> assertThat(f.cause()).contains("factory 'oops'").contains("java.lang.String"));
    }

    @Test
    void templatesAreRegisteredAndDuplicatesRejected() {
        PipelineTemplate t = new PipelineTemplate("iokr", "IOKR", "{}");
        ComponentRegistry registry = ComponentRegistry.of(
                discovery(own(FakePlugins.plugin("a", List.of(), List.of(t)), "a.jar")));
        assertThat(registry.template("iokr")).contains(t);
        assertThatThrownBy(() -> ComponentRegistry.of(discovery(
                own(FakePlugins.plugin("a", List.of(), List.of(t)), "a.jar"),
                own(FakePlugins.plugin("b", List.of(), List.of(t)), "b.jar"))))
                .hasMessageContaining("duplicate pipeline 'iokr'").hasMessageContaining("a.jar")
                .hasMessageContaining("b.jar");
    }

    @Test
    void invalidParameterBecomesACodedError() {
        ComponentRegistry registry = ComponentRegistry.of(discovery(
                own(FakePlugins.plugin("a", List.of(FakePlugins.dotKernel("dot")), List.of()), "a.jar")));
        assertThatThrownBy(() -> registry.create(VectorKernel.class, ComponentSpec.of("dot", "scale", -1.0),
                TestContext.active()))
                .isInstanceOf(OklException.class)
                .hasMessage("[OKL-E004] dot: parameter 'scale' must be in (0, inf), got -1");
    }
}
