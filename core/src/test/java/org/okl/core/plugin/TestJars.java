package org.okl.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.okl.api.plugin.OklPlugin;

/** Compiles Java sources against the OKL api alone and packs the classes into JARs, as a plugin author's build does. */
final class TestJars {
    private TestJars() {
    }

    /**
     * Compiles sources (class name to source text) against the api into a folder of classes.
     *
     * @return the folder holding the compiled classes
     */
    static Path compile(Path dir, Map<String, String> sources) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "--release", "17", "-classpath",
                apiLocation().toString()));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path file = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, args.toArray(String[]::new))).as("javac exit code").isZero();
        return classes;
    }

    /**
     * A JAR of the compiled classes whose names start with one of the prefixes, with a service file naming the
     * plugin class when it is not {@code null}.
     */
    static Path jar(Path jar, Path classes, List<String> prefixes, String pluginClass) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = classes.relativize(f).toString().replace('\\', '/');
                if (prefixes.stream().anyMatch(p -> name.startsWith(p.replace('.', '/')))) {
                    j.putNextEntry(new JarEntry(name));
                    j.write(Files.readAllBytes(f));
                    j.closeEntry();
                }
            }
            if (pluginClass != null) {
                j.putNextEntry(new JarEntry("META-INF/services/" + OklPlugin.class.getName()));
                j.write((pluginClass + "\n").getBytes(StandardCharsets.UTF_8));
                j.closeEntry();
            }
        }
        return jar;
    }

    private static Path apiLocation() {
        try {
            return Path.of(OklPlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
