package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Builds plugin JARs in a test as a plugin author's build would: sources compiled against the api JAR alone. */
final class PluginJars {
    private PluginJars() {
    }

    /** Compiles every {@code .java} file under the source folders, with only the api JAR on the class path. */
    static Path compileAgainstApi(Path classes, List<Path> sourceFolders) throws IOException {
        Files.createDirectories(classes);
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "--release", "17", "-classpath",
                OklProcess.artifact("okl.api.jar").toString()));
        for (Path folder : sourceFolders) {
            try (Stream<Path> sources = Files.walk(folder)) {
                sources.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
            }
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, args.toArray(String[]::new))).as("javac exit code").isZero();
        return classes;
    }

    /** Writes a source file for {@link #compileAgainstApi}, at the path its class name gives. */
    static void source(Path folder, String className, String text) throws IOException {
        Path file = folder.resolve(className.replace('.', '/') + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    /** A JAR of the files under the roots whose relative paths pass the filter. */
    static Path jar(Path jar, List<Path> roots, Predicate<String> include) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            for (Path root : roots) {
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                        String name = root.relativize(f).toString().replace('\\', '/');
                        if (include.test(name)) {
                            j.putNextEntry(new JarEntry(name));
                            j.write(Files.readAllBytes(f));
                            j.closeEntry();
                        }
                    }
                }
            }
        }
        return jar;
    }
}
