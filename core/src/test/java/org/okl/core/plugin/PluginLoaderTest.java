package org.okl.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.plugin.OklPlugin;

class PluginLoaderTest {

    private static void jarWithServiceLine(Path jar, String line) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry("META-INF/services/" + OklPlugin.class.getName()));
            j.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            j.closeEntry();
        }
    }

    @Test
    void brokenJarInPluginFolderIsReportedWithItsPath(@TempDir Path dir) throws IOException {
        Path jar = dir.resolve("broken-plugin.jar");
        jarWithServiceLine(jar, "com.example.DoesNotExist");
        PluginLoader.Discovery d = PluginLoader.discover(getClass().getClassLoader(), List.of(dir));
        assertThat(d.failures()).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(jar.toString());
            assertThat(f.cause()).contains("com.example.DoesNotExist");
        });
    }

    @Test
    void missingPluginFolderIsAClearError(@TempDir Path dir) {
        Path missing = dir.resolve("nope");
        assertThatThrownBy(() -> PluginLoader.discover(getClass().getClassLoader(), List.of(missing)))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("OKL-E008")
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
