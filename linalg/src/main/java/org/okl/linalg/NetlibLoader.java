package org.okl.linalg;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.blas.JavaBLAS;
import dev.ludovic.netlib.blas.NativeBLAS;
import dev.ludovic.netlib.lapack.JavaLAPACK;
import dev.ludovic.netlib.lapack.LAPACK;
import dev.ludovic.netlib.lapack.NativeLAPACK;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.linalg.parallel.BlasThreads;

/**
 * Loads netlib's BLAS/LAPACK instances without letting a failed native load reach the user: netlib reports it as a
 * java.util.logging warning (and the JVM as a link error), which this class silences and turns into a result.
 */
final class NetlibLoader {

    /** netlib's loggers, held strongly while their level is changed. */
    private static final Logger[] NETLIB_LOGGERS = {
        Logger.getLogger("dev.ludovic.netlib.blas.InstanceBuilder"),
        Logger.getLogger("dev.ludovic.netlib.lapack.InstanceBuilder"),
    };

    static {
        // before any netlib instance: netlib may load the native library while it builds its Java ones
        OpenBlasKernels.nameBeforeLoading();
    }

    private NetlibLoader() {
    }

    /**
     * The outcome of trying to load native BLAS and LAPACK.
     *
     * @param backend the native back-end, or null when loading failed
     * @param failure why loading failed, or null when it succeeded
     */
    record NativeProbe(LinearAlgebra backend, String failure) {

        /** The native back-end, when it loaded. */
        Optional<LinearAlgebra> available() {
            return Optional.ofNullable(backend);
        }
    }

    /** Tries to load native BLAS and LAPACK; never throws. */
    static NativeProbe probeNative() {
        try {
            NativeBLAS blas = quietly(NativeBLAS::getInstance);
            NativeLAPACK lapack = quietly(NativeLAPACK::getInstance);
            Set<String> libraries = mappedLibraries();
            libraries.stream().filter(path -> fileName(path).contains("openblas")).findFirst()
                    .ifPresent(BlasThreads::attach);
            return new NativeProbe(new NativeLinearAlgebra(blas, lapack, describeNative(libraries)), null);
        } catch (Throwable t) {
            return new NativeProbe(null, t.getClass().getSimpleName() + ": " + t.getMessage());
        }
    }

    /** netlib's pure-Java BLAS (never fails). */
    static BLAS javaBlas() {
        return quietly(JavaBLAS::getInstance);
    }

    /** netlib's pure-Java LAPACK, the Fortran reference translated to Java (never fails). */
    static LAPACK javaLapack() {
        return quietly(JavaLAPACK::getInstance);
    }

    private static <T> T quietly(Supplier<T> loader) {
        synchronized (NETLIB_LOGGERS) {
            Level[] saved = new Level[NETLIB_LOGGERS.length];
            for (int i = 0; i < NETLIB_LOGGERS.length; i++) {
                saved[i] = NETLIB_LOGGERS[i].getLevel();
                NETLIB_LOGGERS[i].setLevel(Level.OFF);
            }
            try {
                return loader.get();
            } finally {
                for (int i = 0; i < NETLIB_LOGGERS.length; i++) {
                    NETLIB_LOGGERS[i].setLevel(saved[i]);
                }
            }
        }
    }

    /** The BLAS and LAPACK libraries the process mapped (read from /proc/self/maps on Linux; empty elsewhere). */
    private static Set<String> mappedLibraries() {
        Set<String> libraries = new LinkedHashSet<>();
        Path maps = Path.of("/proc/self/maps");
        if (Files.isReadable(maps)) {
            try (Stream<String> lines = Files.lines(maps)) {
                lines.map(line -> line.substring(line.lastIndexOf(' ') + 1))
                        .filter(path -> path.startsWith("/") && isBlasOrLapack(path))
                        .forEach(libraries::add);
            } catch (IOException | RuntimeException e) {
                libraries.clear();
            }
        }
        return libraries;
    }

    /**
     * Names the native libraries the process actually mapped, falling back to the names netlib asks the dynamic
     * linker for.
     */
    private static String describeNative(Set<String> mapped) {
        Set<String> libraries = new LinkedHashSet<>(mapped);
        if (libraries.isEmpty()) {
            libraries.add(System.getProperty("dev.ludovic.netlib.blas.nativeLib", "libblas.so.3"));
            libraries.add(System.getProperty("dev.ludovic.netlib.lapack.nativeLib", "liblapack.so.3"));
        }
        String joined = String.join(", ", libraries);
        String flavour = joined.toLowerCase(Locale.ROOT).contains("openblas") ? "OpenBLAS" : "BLAS/LAPACK";
        return "native (" + flavour + " via netlib JNI " + version() + ": " + joined + ")";
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    }

    private static boolean isBlasOrLapack(String path) {
        String file = fileName(path);
        return !file.contains("netlib") && (file.contains("blas") || file.contains("lapack") || file.contains("mkl"));
    }

    /** The netlib version, read from the Maven metadata in its jar ("" when absent). */
    static String version() {
        return mavenVersion(BLAS.class, "dev.ludovic.netlib", "blas");
    }

    /**
     * The version of a library, read from the Maven metadata its jar carries (shading keeps those files, whereas the
     * package's manifest version then reports the shaded jar's own); "" when absent.
     */
    static String mavenVersion(Class<?> anchor, String groupId, String artifactId) {
        String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in == null) {
                return "";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "");
        } catch (IOException e) {
            return "";
        }
    }
}
