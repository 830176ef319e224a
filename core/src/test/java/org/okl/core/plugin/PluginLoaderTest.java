package org.okl.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.OklException;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.testkit.TestContext;

class PluginLoaderTest {
    /** A class with the name of one OKL ships (Jackson's), with a method OKL's copy lacks. */
    private static final String OWN_JSON_FACTORY = """
            package com.fasterxml.jackson.core;
            public class JsonFactory {
                public static double isolationProbe() {
                    return 0.25;
                }
            }
            """;
    /** A plugin whose kernel fills its Gram matrix with the bundled library's value. */
    private static final String PROBE_PLUGIN = """
            package com.acme;
            import java.util.Collection;
            import java.util.List;
            import org.okl.api.component.ComponentFactory;
            import org.okl.api.component.SimpleComponentFactory;
            import org.okl.api.kernel.VectorKernel;
            import org.okl.api.linalg.Matrix;
            import org.okl.api.plugin.OklPlugin;
            public final class ProbePlugin implements OklPlugin {
                public String name() {
                    return "probe";
                }
                public Collection<ComponentFactory<VectorKernel>> kernels() {
                    VectorKernel k = (a, b) -> {
                        Matrix g = Matrix.zeros(a.rows(), b.rows());
                        java.util.Arrays.fill(g.data(), com.fasterxml.jackson.core.JsonFactory.isolationProbe());
                        return g;
                    };
                    return List.of(SimpleComponentFactory.of("probe", VectorKernel.class, "constant kernel",
                            List.of(), (p, c) -> k));
                }
            }
            """;

    private static Path compiled(Path dir) throws IOException {
        return TestJars.compile(dir, Map.of("com.fasterxml.jackson.core.JsonFactory", OWN_JSON_FACTORY,
                "com.acme.ProbePlugin", PROBE_PLUGIN));
    }

    @Test
    void brokenJarInPluginFolderIsReportedWithItsPath(@TempDir Path dir) throws IOException {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path jar = TestJars.jar(plugins.resolve("broken-plugin.jar"), compiled(dir), List.of(),
                "com.example.DoesNotExist");
        PluginLoader.Discovery d = PluginLoader.discover(getClass().getClassLoader(), List.of(plugins));
        assertThat(d.failures()).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(jar.toString());
            assertThat(f.cause()).contains("com.example.DoesNotExist");
        });
    }

    @Test
    void aPluginBundlingItsOwnVersionOfALibraryOklShipsRunsItsOwn(@TempDir Path dir) throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        TestJars.jar(plugins.resolve("probe.jar"), compiled(dir), List.of("com."), "com.acme.ProbePlugin");
        ComponentRegistry registry = ComponentRegistry.of(PluginLoader.discover(getClass().getClassLoader(),
                List.of(plugins)));
        assertThat(registry.failures()).isEmpty();
        VectorKernel k = registry.create(VectorKernel.class, ComponentSpec.of("probe"), TestContext.active());
        assertThat(k.gram(Matrix.zeros(2, 1)).data()).containsExactly(0.25, 0.25, 0.25, 0.25);
        ClassLoader pluginLoader = k.getClass().getClassLoader();
        assertThat(pluginLoader).isInstanceOf(PluginClassLoader.class);
        // OKL's own Jackson and Guice are invisible to the plugin; the api is OKL's
        assertThat(pluginLoader.loadClass("com.fasterxml.jackson.core.JsonFactory"))
                .isNotSameAs(com.fasterxml.jackson.core.JsonFactory.class);
        assertThatThrownBy(() -> pluginLoader.loadClass("com.google.inject.Guice"))
                .isInstanceOf(ClassNotFoundException.class);
        assertThat(pluginLoader.loadClass(Matrix.class.getName())).isSameAs(Matrix.class);
        assertThat(pluginLoader.loadClass("org.slf4j.Logger")).isSameAs(org.slf4j.Logger.class);
    }

    @Test
    void aSubFolderIsOnePluginWithItsLibraryJars(@TempDir Path dir) throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path probe = Files.createDirectory(plugins.resolve("probe"));
        Path classes = compiled(dir);
        TestJars.jar(probe.resolve("probe-plugin.jar"), classes, List.of("com.acme."), "com.acme.ProbePlugin");
        TestJars.jar(probe.resolve("jackson-core-fork.jar"), classes, List.of("com.fasterxml."), null);
        ComponentRegistry registry = ComponentRegistry.of(PluginLoader.discover(getClass().getClassLoader(),
                List.of(plugins)));
        assertThat(registry.failures()).isEmpty();
        assertThat(registry.plugins()).filteredOn(p -> p.name().equals("probe")).singleElement()
                .satisfies(p -> assertThat(p.location()).isEqualTo(probe.toString()));
        VectorKernel k = registry.create(VectorKernel.class, ComponentSpec.of("probe"), TestContext.active());
        assertThat(k.gram(Matrix.zeros(1, 1)).get(0, 0)).isEqualTo(0.25);
    }

    /**
     * A folder's plugins listed with their JARs, then given back as JARs alone (as Spark executors receive them,
     * under other paths): the plugin loads in a loader of its own and runs its bundled library, as from the folder.
     */
    @Test
    void pluginsGivenByTheirJarsLoadAsFromTheirFolder(@TempDir Path dir) throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path probe = Files.createDirectory(plugins.resolve("probe"));
        Path classes = compiled(dir);
        Path pluginJar = TestJars.jar(probe.resolve("probe-plugin.jar"), classes, List.of("com.acme."),
                "com.acme.ProbePlugin");
        Path library = TestJars.jar(probe.resolve("jackson-core-fork.jar"), classes, List.of("com.fasterxml."), null);
        Path single = TestJars.jar(plugins.resolve("a-library.jar"), classes, List.of("com.fasterxml."), null);
        assertThat(PluginLoader.folderPlugins(List.of(plugins))).containsExactly(
                new PluginLoader.PluginJars(single.toString(), List.of(single)),
                new PluginLoader.PluginJars(probe.toString(), List.of(library, pluginJar)));

        Path elsewhere = Files.createDirectory(dir.resolve("fetched"));
        Path a = Files.copy(pluginJar, elsewhere.resolve("probe-plugin.jar"));
        Path b = Files.copy(library, elsewhere.resolve("jackson-core-fork.jar"));
        ComponentRegistry registry = ComponentRegistry.of(PluginLoader.discover(getClass().getClassLoader(),
                List.of(), List.of(new PluginLoader.PluginJars("shipped: probe", List.of(b, a)))));
        assertThat(registry.failures()).isEmpty();
        assertThat(registry.plugins()).filteredOn(p -> p.name().equals("probe")).singleElement()
                .satisfies(p -> assertThat(p.location()).isEqualTo("shipped: probe"));
        VectorKernel k = registry.create(VectorKernel.class, ComponentSpec.of("probe"), TestContext.active());
        assertThat(k.gram(Matrix.zeros(1, 1)).get(0, 0)).isEqualTo(0.25);
    }

    @Test
    void aLibraryThePluginLacksIsAnErrorNamingThePluginNotAStackTrace(@TempDir Path dir) throws Exception {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path jar = TestJars.jar(plugins.resolve("probe.jar"), compiled(dir), List.of("com.acme."),
                "com.acme.ProbePlugin");
        ComponentRegistry registry = ComponentRegistry.of(PluginLoader.discover(getClass().getClassLoader(),
                List.of(plugins)));
        VectorKernel k = registry.create(VectorKernel.class, ComponentSpec.of("probe"), TestContext.active());
        assertThatThrownBy(() -> registry.runtimeFailures().guard("fitting the pipeline",
                () -> k.gram(Matrix.zeros(1, 1))))
                .isInstanceOf(OklException.class)
                .hasMessageStartingWith("[OKL-E013] plugin 'probe' unspecified (" + jar + ") failed while fitting "
                        + "the pipeline: NoClassDefFoundError: com/fasterxml/jackson/core/JsonFactory")
                .hasMessageContaining("(in com.acme.ProbePlugin.");
    }

    @Test
    void aFileNamedJarThatIsNotAJarIsReportedByName(@TempDir Path dir) throws IOException {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path notAJar = Files.writeString(plugins.resolve("notes.jar"), "not a zip archive");
        PluginLoader.Discovery d = PluginLoader.discover(getClass().getClassLoader(), List.of(plugins));
        assertThat(d.failures()).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(notAJar.toString());
            assertThat(f.cause()).startsWith("not a JAR archive (").endsWith("remove the file from the plugins "
                    + "folder or replace it with the plugin's JAR");
        });
    }

    @Test
    void aJarThatDeclaresNoPluginIsReported(@TempDir Path dir) throws IOException {
        Path plugins = Files.createDirectory(dir.resolve("plugins"));
        Path library = TestJars.jar(plugins.resolve("library.jar"), compiled(dir), List.of("com."), null);
        PluginLoader.Discovery d = PluginLoader.discover(getClass().getClassLoader(), List.of(plugins));
        assertThat(d.failures()).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(library.toString());
            assertThat(f.cause()).startsWith("declares no OKL plugin");
        });
    }

    @Test
    void missingPluginFolderIsAClearError(@TempDir Path dir) {
        Path missing = dir.resolve("nope");
        assertThatThrownBy(() -> PluginLoader.discover(getClass().getClassLoader(), List.of(missing)))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("OKL-E008")
                .hasMessageContaining(missing.toString());
        assertThatThrownBy(() -> PluginLoader.checkFolders(List.of(dir, missing)))
                .isInstanceOf(OklException.class)
                .hasMessageContaining(missing.toString());
    }

    @Test
    void emptyFolderAddsNothing(@TempDir Path dir) {
        PluginLoader.Discovery base = PluginLoader.discover(getClass().getClassLoader(), List.of());
        PluginLoader.Discovery withDir = PluginLoader.discover(getClass().getClassLoader(), List.of(dir));
        assertThat(withDir.plugins()).hasSameSizeAs(base.plugins());
        assertThat(withDir.failures()).isEmpty();
    }
}
