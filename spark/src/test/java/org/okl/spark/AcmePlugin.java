package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.okl.api.plugin.OklPlugin;

/**
 * A third party's plugin folder for tests, built as its author would build it (compiled against the api alone): the
 * sub-folder {@code acme} holds the plugin's JAR, with the Gaussian kernel written out by hand as {@code acme-rbf}
 * ({@code exp(-||x - x'||^2 / (2 sigma^2))}, the built-in {@code gaussian}'s values), and the JAR of a library it
 * uses ({@code com.acme.math}). Nothing of it is on the class path. It is built once per JVM: Spark ships files by
 * name, and a session given a second, different {@code acme-okl.jar} would refuse it.
 */
public final class AcmePlugin {
    private static Path folder;

    private static final String LIBRARY = """
            package com.acme.math;
            public final class Rbf {
                private Rbf() {
                }
                public static double value(double[] a, double[] b, double sigma) {
                    double d2 = 0;
                    for (int i = 0; i < a.length; i++) {
                        d2 += (a[i] - b[i]) * (a[i] - b[i]);
                    }
                    return Math.exp(-d2 / (2 * sigma * sigma));
                }
            }
            """;
    private static final String PLUGIN = """
            package com.acme.okl;
            import java.util.Collection;
            import java.util.List;
            import org.okl.api.component.ComponentFactory;
            import org.okl.api.component.ParameterSpec;
            import org.okl.api.component.SimpleComponentFactory;
            import org.okl.api.kernel.VectorKernel;
            import org.okl.api.linalg.Matrix;
            import org.okl.api.plugin.OklPlugin;
            public final class AcmeOklPlugin implements OklPlugin {
                public String name() {
                    return "acme";
                }
                public Collection<ComponentFactory<VectorKernel>> kernels() {
                    return List.of(SimpleComponentFactory.of("acme-rbf", VectorKernel.class, "a Gaussian kernel",
                            List.of(ParameterSpec.positive("sigma", 1.0, "the width")), (p, c) -> {
                                double sigma = p.getDouble("sigma");
                                VectorKernel k = (a, b) -> {
                                    Matrix g = Matrix.zeros(a.rows(), b.rows());
                                    for (int i = 0; i < a.rows(); i++) {
                                        for (int j = 0; j < b.rows(); j++) {
                                            g.set(i, j, com.acme.math.Rbf.value(a.row(i), b.row(j), sigma));
                                        }
                                    }
                                    return g;
                                };
                                return k;
                            }));
                }
            }
            """;

    private AcmePlugin() {
    }

    /** The plugins folder, written on first use. */
    public static synchronized Path folder() throws IOException {
        if (folder == null) {
            Path dir = Files.createTempDirectory("okl-acme-plugin");
            folder = write(dir);
        }
        return folder;
    }

    /** Writes the plugin into {@code plugins/acme/} (two JARs) and returns the plugins folder. */
    private static Path write(Path dir) throws IOException {
        Path src = Files.createDirectories(dir.resolve("acme-src"));
        Path classes = Files.createDirectories(dir.resolve("acme-classes"));
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "--release", "17", "-classpath",
                apiJar().toString()));
        for (String[] source : new String[][] {{"com/acme/math/Rbf.java", LIBRARY},
                {"com/acme/okl/AcmeOklPlugin.java", PLUGIN}}) {
            Path file = src.resolve(source[0]);
            Files.createDirectories(file.getParent());
            Files.writeString(file, source[1]);
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, args.toArray(String[]::new))).as("javac exit code").isZero();
        Path plugins = dir.resolve("plugins");
        Path acme = Files.createDirectories(plugins.resolve("acme"));
        jar(acme.resolve("acme-math.jar"), classes, "com/acme/math/", null);
        jar(acme.resolve("acme-okl.jar"), classes, "com/acme/okl/", "com.acme.okl.AcmeOklPlugin");
        return plugins;
    }

    private static void jar(Path jar, Path classes, String prefix, String pluginClass) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = classes.relativize(f).toString().replace('\\', '/');
                if (name.startsWith(prefix)) {
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
    }

    private static Path apiJar() {
        try {
            return Path.of(OklPlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
