package org.okl.linalg;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.linalg.parallel.Workers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.NOPLoggerFactory;

/**
 * Chooses the linear-algebra back-end once per JVM.
 *
 * <p>The choice comes from the system property {@value #PROPERTY}, else the environment variable
 * {@value #ENVIRONMENT_VARIABLE}: {@code native}, {@code java}, or empty/absent/{@code auto} for automatic, which
 * means native BLAS/LAPACK (OpenBLAS through netlib's JNI bindings) when it loads and pure Java (netlib's Java BLAS and
 * LAPACK with ojAlgo) otherwise.
 * A failed native load never surfaces as a link error; it is logged once and the Java back-end is used.
 */
public final class LinearAlgebras {

    /** The system property naming the back-end. */
    public static final String PROPERTY = "okl.linalg";
    /** The environment variable naming the back-end when the system property is empty or absent. */
    public static final String ENVIRONMENT_VARIABLE = "OKL_LINALG";
    /** The JDK module of the Vector API, which netlib's fastest pure-Java BLAS kernels use. */
    static final String VECTOR_MODULE = "jdk.incubator.vector";
    /** What to install when the native back-end cannot load. */
    static final String INSTALL_HINT = "apt-get install libopenblas0-pthread";

    private static final Logger LOG = LoggerFactory.getLogger(LinearAlgebras.class);
    private static final Object LOCK = new Object();
    private static volatile LinearAlgebra active;

    private LinearAlgebras() {
    }

    /**
     * The back-end every component uses, chosen on the first call (thread-safe) and reported once (see
     * {@link #report}).
     *
     * @throws IllegalStateException if {@code native} is requested but cannot load, or the request is not one of
     *                               {@code native}, {@code java}, {@code auto} or empty
     */
    public static LinearAlgebra active() {
        LinearAlgebra chosen = active;
        if (chosen == null) {
            synchronized (LOCK) {
                chosen = active;
                if (chosen == null) {
                    Choice choice = select(System.getProperty(PROPERTY), System.getenv(ENVIRONMENT_VARIABLE),
                            () -> NativeHolder.PROBE, ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent());
                    report(choice, LOG, LoggerFactory.getILoggerFactory() instanceof NOPLoggerFactory,
                            System.err);
                    chosen = choice.backend();
                    active = chosen;
                }
            }
        }
        return chosen;
    }

    /** The pure-Java back-end, always available. */
    public static SolverLinearAlgebra java() {
        return JavaHolder.JAVA;
    }

    /** The native back-end, or empty when native BLAS/LAPACK cannot be loaded on this machine. */
    public static Optional<LinearAlgebra> nativeBackend() {
        return NativeHolder.PROBE.available();
    }

    /**
     * The BLAS library a back-end's products run on, through the back-ends that forward to another; empty for a
     * back-end that is not one of OKL's (one a program passed to {@code Okl.builder().linearAlgebra(...)}).
     */
    public static Optional<BlasLibrary> blasLibrary(LinearAlgebra backEnd) {
        LinearAlgebra la = backEnd;
        while (la instanceof ForwardingLinearAlgebra forwarding) {
            la = forwarding.delegate();
        }
        return la instanceof BlasBackEnd own ? Optional.of(own.blasLibrary()) : Optional.empty();
    }

    /**
     * Reports the chosen back-end in one line: at WARN when OKL fell back to pure Java on its own and runs it without
     * the Vector API (the slowest way, which a program embedding OKL gets without OpenBLAS and without the JVM option),
     * at INFO otherwise. The warning also goes to {@code err} when SLF4J has no provider (its no-operation logger
     * would drop it), so that such a program is told, not silently slow.
     */
    static void report(Choice choice, Logger log, boolean noLoggingProvider, PrintStream err) {
        String line = "linear algebra back-end: " + choice.explanation();
        if (!choice.slowest()) {
            log.info(line);
            return;
        }
        log.warn(line);
        if (noLoggingProvider) {
            err.println("OKL: " + line);
        }
    }

    /**
     * The back-end requested by a property value, else an environment value (either may be null or blank), given the
     * way to load the native libraries (called only when native may be chosen) and whether the JVM has the Vector API
     * module, with the line to log about it.
     */
    static Choice select(String property, String environment, Supplier<NetlibLoader.NativeProbe> loadNative,
            boolean vectorModule) {
        boolean fromProperty = property != null && !property.isBlank();
        String request = fromProperty ? property : environment;
        String source = fromProperty ? "system property " + PROPERTY : "environment variable " + ENVIRONMENT_VARIABLE;
        String normalized = request == null ? "" : request.trim().toLowerCase(Locale.ROOT);
        switch (normalized) {
            case "native":
                NetlibLoader.NativeProbe probe = loadNative.get();
                LinearAlgebra requested = probe.available().orElseThrow(() -> new IllegalStateException(
                        "native linear algebra was requested (" + source + "=native) but native BLAS/LAPACK "
                                + "could not be loaded (" + probe.failure() + "); install OpenBLAS ("
                                + INSTALL_HINT + ") or set " + PROPERTY + "=java"));
                return new Choice(requested, requested.description() + ", requested by " + source, false);
            case "java":
                return new Choice(java(), java().description() + ", requested by " + source
                        + vectorModuleHint(vectorModule), false);
            case "":
            case "auto":
                NetlibLoader.NativeProbe found = loadNative.get();
                return found.available()
                        .map(n -> new Choice(n, n.description(), false))
                        .orElseGet(() -> new Choice(java(), java().description()
                                + "; native BLAS/LAPACK not found, install it with: " + INSTALL_HINT + " ("
                                + found.failure() + ")" + vectorModuleHint(vectorModule), !vectorModule));
            default:
                throw new IllegalStateException(source + " must be 'native', 'java' or empty (automatic), got '"
                        + request + "'");
        }
    }

    /**
     * The advice on the Vector API module for the pure-Java back-end (empty when the JVM has it): products run about
     * 3x faster with it.
     */
    static String vectorModuleHint(boolean vectorModule) {
        return vectorModule ? "" : "; products run about 3x faster with the JVM option --add-modules " + VECTOR_MODULE
                + " (the okl launcher adds it when it uses this back-end)";
    }

    /**
     * A selected back-end and why it was selected.
     *
     * @param backend     the back-end
     * @param explanation what it is, why it was chosen and how to make it faster
     * @param slowest     whether OKL fell back to pure Java on its own without the Vector API module
     */
    record Choice(LinearAlgebra backend, String explanation, boolean slowest) {
    }

    private static final class JavaHolder {
        static final SolverLinearAlgebra JAVA = new JavaLinearAlgebra(NetlibLoader.javaBlas(), NetlibLoader.javaLapack(),
                Workers.shared());
    }

    private static final class NativeHolder {
        static final NetlibLoader.NativeProbe PROBE = NetlibLoader.probeNative();
    }
}
