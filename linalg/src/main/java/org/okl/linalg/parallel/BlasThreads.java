package org.okl.linalg.parallel;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many threads the native BLAS (OpenBLAS) uses per call, set at run time through {@code
 * openblas_set_num_threads} of the library the process loaded (called with JNA: the JDK 17 has no final
 * foreign-function API), so that {@link Workers}' pool and the BLAS never compete for the cores:
 * <ul>
 *   <li>while tasks run on the pool ({@link #single}), one thread per call: each pool thread makes its own calls;</li>
 *   <li>outside the pool, one thread for a call of less than {@value #PARALLEL_FLOPS} floating-point operations
 *       ({@link #call}), and as many as the pool has ({@link Workers#configuredThreads()}) for a larger one, unless
 *       the environment fixed the BLAS's own count ({@code OPENBLAS_NUM_THREADS}, {@code GOTO_NUM_THREADS} or
 *       {@code OMP_NUM_THREADS}: an okl-spark executor's 1), which is then kept.</li>
 * </ul>
 * Why small calls run on one thread: OpenBLAS hands a call's work to its threads and waits for all of them. On a
 * machine whose cores other processes keep busy, a waiting call lasts until the last of its threads is scheduled
 * again, so a fit made of many small calls slows down by far more than its share of the cores: the automatic fit of
 * emotions' training part (391 rows, 313 per fold) took 617 s on 2 cores beside two busy processes, against 18 s
 * with one BLAS thread. On a quiet machine one thread is as fast up to about this size (2 cores: eigendecompositions
 * of 200 and 400 took 3.1 and 12.7 ms on one thread, 4.5 and 14.0 ms on two; at 800 two threads were 11 % faster,
 * at 1,600 1.45 times).
 *
 * <p>The count is global to the library. It is set only when it changes: it stays at one after a pool region or a
 * small call until a large call outside the pool asks for more, so a small call costs no library call.
 * Without native BLAS, or with a BLAS that is not OpenBLAS (the reference BLAS and netlib's Java BLAS run on the
 * calling thread), nothing is set.
 */
public final class BlasThreads {
    private static final Logger LOG = LoggerFactory.getLogger(BlasThreads.class);
    /**
     * OpenBLAS kernel sets older than AVX2 with FMA: a CPU with AVX2 that gets one of these is one the library does
     * not recognise (OpenBLAS 0.3.21 takes Intel's Sapphire and Emerald Rapids for a Prescott).
     */
    private static final Set<String> PRE_AVX2_CORES = Set.of("prescott", "core2", "penryn",
            "dunnington", "nehalem", "atom", "banias", "katmai", "coppermine", "northwood", "opteron",
            "opteron_sse3", "barcelona", "bobcat", "nano", "athlon", "sandybridge", "bulldozer", "piledriver",
            "steamroller", "excavator");
    private static final List<String> BLAS_ENVIRONMENT = List.of("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS",
            "OMP_NUM_THREADS");
    private static final Object LOCK = new Object();
    /**
     * The floating-point operations from which a call outside the pool runs on more than one BLAS thread (an
     * eigendecomposition of about 480 rows, a product of two square matrices of about 800).
     */
    public static final double PARALLEL_FLOPS = 1e9;

    private static volatile String library;
    private static Control control;
    private static boolean resolved;
    private static int depth;
    /** The count last set in the library (under the lock; read without it only to skip a call that changes nothing). */
    private static volatile int applied;

    private BlasThreads() {
    }

    /**
     * Registers the OpenBLAS library the native back-end loaded (its path, as the process mapped it). When the
     * thread count is configured explicitly ({@value Workers#PROPERTY} or {@value Workers#ENVIRONMENT}) the BLAS is
     * set to it now; otherwise on the first region or call.
     */
    public static void attach(String openBlasPath) {
        library = openBlasPath;
        applied = 0; // unknown until the control is resolved
        boolean explicit = notBlank(System.getProperty(Workers.PROPERTY)) || notBlank(System.getenv(Workers.ENVIRONMENT));
        if (explicit) {
            synchronized (LOCK) {
                control();
            }
        }
    }

    /** Runs {@code body}, a region whose tasks each make their own BLAS calls, with the BLAS on one thread per call. */
    public static void single(Runnable body) {
        singleCall(() -> {
            body.run();
            return null;
        });
    }

    /**
     * Runs {@code body}, a region whose tasks each make their own BLAS calls, with the BLAS on one thread per call,
     * and returns its result.
     */
    public static <T> T singleCall(Supplier<T> body) {
        enter();
        try {
            return body.get();
        } finally {
            leave();
        }
    }

    /**
     * Runs {@code body}, one BLAS or LAPACK call of about {@code flops} floating-point operations, on one BLAS thread
     * when it is small ({@value #PARALLEL_FLOPS}) or a pool region is running, else on the threads outside the pool.
     */
    public static <T> T call(double flops, Supplier<T> body) {
        if (flops < PARALLEL_FLOPS) {
            if (applied != 1) {
                narrow();
            }
        } else {
            widen();
        }
        return body.get();
    }

    /** {@link #call} for a body without a result. */
    public static void run(double flops, Runnable body) {
        call(flops, () -> {
            body.run();
            return null;
        });
    }

    /**
     * The threads the BLAS uses for a call of at least {@value #PARALLEL_FLOPS} flops outside parallel regions, when
     * OKL controls them (empty without OpenBLAS, or when JNA cannot reach it).
     */
    public static Optional<Integer> outside() {
        synchronized (LOCK) {
            Control c = control();
            return c == null ? Optional.empty() : Optional.of(c.outside());
        }
    }

    /** The threads OpenBLAS uses now ({@code openblas_get_num_threads}), when OKL controls them. */
    static Optional<Integer> current() {
        synchronized (LOCK) {
            Control c = control();
            return c == null ? Optional.empty() : Optional.of(c.getter().invokeInt(new Object[0]));
        }
    }

    /** The OpenBLAS library the native back-end registered (its path), when there is one. */
    public static Optional<String> library() {
        return Optional.ofNullable(library);
    }

    /**
     * What a text function of the registered OpenBLAS without arguments returns ({@code openblas_get_config},
     * {@code openblas_get_corename}), stripped; empty without OpenBLAS or when JNA cannot call it. The BLAS threads
     * are left as they are.
     */
    public static String ask(String function) {
        String path = library;
        if (path == null) {
            return "";
        }
        try {
            return text(NativeLibrary.getInstance(path), function);
        } catch (RuntimeException | LinkageError e) {
            return "";
        }
    }

    /** One line for reports: who sets the BLAS threads, and to what. */
    public static String describe() {
        synchronized (LOCK) {
            Control c = control();
            if (c != null) {
                return "OpenBLAS" + (c.core().isEmpty() ? "" : " (" + c.core() + " kernels)") + " threads set by OKL: "
                        + "1 per pool task and per call under " + (long) PARALLEL_FLOPS + " flops, " + c.outside()
                        + " for a larger call outside the pool (" + c.source() + ")";
            }
            return library == null ? "no native BLAS threads to set" : "OpenBLAS threads not controlled ("
                    + library + ": its openblas_set_num_threads could not be called)";
        }
    }

    private static void enter() {
        synchronized (LOCK) {
            Control c = control();
            if (c != null) {
                depth++;
                apply(c, 1);
            }
        }
    }

    /** Ends a region; the count stays at one until a large call outside the pool asks for more. */
    private static void leave() {
        synchronized (LOCK) {
            if (control() != null) {
                depth--;
            }
        }
    }

    private static void narrow() {
        synchronized (LOCK) {
            Control c = control();
            if (c != null) {
                apply(c, 1);
            } else {
                applied = 1; // nothing to set: later small calls skip the lock
            }
        }
    }

    private static void widen() {
        synchronized (LOCK) {
            Control c = control();
            if (c != null && depth == 0) {
                apply(c, c.outside());
            }
        }
    }

    /** Sets the library's count when it changes (under the lock). */
    private static void apply(Control c, int threads) {
        if (applied != threads) {
            c.set(threads);
            applied = threads;
        }
    }

    /** The control of the registered library, looked up once (under the lock); null when there is none. */
    private static Control control() {
        if (resolved || library == null) {
            return control;
        }
        resolved = true;
        try {
            NativeLibrary lib = NativeLibrary.getInstance(library);
            Function set = lib.getFunction("openblas_set_num_threads");
            Function get = lib.getFunction("openblas_get_num_threads");
            Optional<String> fixed = BLAS_ENVIRONMENT.stream().filter(v -> notBlank(System.getenv(v))).findFirst();
            int outside;
            String source;
            if (fixed.isPresent()) {
                outside = Math.max(1, get.invokeInt(new Object[0]));
                source = "kept from " + fixed.get();
            } else {
                outside = safeConfiguredThreads();
                source = "the pool's size";
            }
            String core = coreName(lib);
            control = new Control(set, get, outside, source, core);
            control.set(outside);
            applied = outside;
            warnIfMisdetected(core);
        } catch (Throwable e) {
            LOG.debug("cannot set the OpenBLAS threads of {}: {}", library, e.toString());
            control = null;
        }
        return control;
    }

    /** {@code openblas_get_corename()}: the kernel set the library chose, or "" when it cannot say. */
    private static String coreName(NativeLibrary lib) {
        return text(lib, "openblas_get_corename");
    }

    /** A library's text function without arguments, stripped, or "" when it cannot be called. */
    private static String text(NativeLibrary lib, String function) {
        try {
            String name = lib.getFunction(function).invokeString(new Object[0], false);
            return name == null ? "" : name.strip();
        } catch (RuntimeException | LinkageError e) {
            return "";
        }
    }

    /**
     * One warning when OpenBLAS runs kernels older than the CPU (AVX2 and FMA, read from /proc/cpuinfo): its
     * products then run several times slower than they could, and the fix is an environment variable set before
     * the library loads.
     */
    private static void warnIfMisdetected(String core) {
        if (core.isEmpty() || !PRE_AVX2_CORES.contains(core.toLowerCase(Locale.ROOT))) {
            return;
        }
        Set<String> flags = cpuFlags();
        if (!flags.contains("avx2") || !flags.contains("fma")) {
            return;
        }
        String suggested = flags.contains("avx512f") && flags.contains("avx512bw") && flags.contains("avx512dq")
                && flags.contains("avx512vl") ? "SkylakeX" : "Haswell";
        LOG.warn("OpenBLAS ({}) does not recognise this CPU and runs its {} kernels, several times slower than the "
                + "CPU's AVX2{} allows: set OPENBLAS_CORETYPE={} in the environment of Java",
                library, core, suggested.equals("SkylakeX") ? "/AVX-512" : "", suggested);
    }

    /** The flags of the first processor in /proc/cpuinfo (empty where it cannot be read). */
    public static Set<String> cpuFlags() {
        return Set.copyOf(Arrays.asList(cpuInfo("flags").split("\\s+")));
    }

    /** The vendor of the first processor in /proc/cpuinfo ({@code GenuineIntel}, {@code AuthenticAMD}; or ""). */
    public static String cpuVendor() {
        return cpuInfo("vendor_id");
    }

    private static String cpuInfo(String key) {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith(key)).findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .orElse("");
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static int safeConfiguredThreads() {
        try {
            return Workers.configuredThreads();
        } catch (RuntimeException e) {
            return Math.max(1, Runtime.getRuntime().availableProcessors());
        }
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    /**
     * The library's setter and the count outside parallel regions.
     *
     * @param setter  openblas_set_num_threads
     * @param getter  openblas_get_num_threads
     * @param outside the count outside parallel regions
     * @param source  where that count comes from
     * @param core    the kernel set OpenBLAS chose ("" when it cannot say)
     */
    private record Control(Function setter, Function getter, int outside, String source, String core) {
        void set(int threads) {
            setter.invoke(new Object[] {threads});
        }
    }
}
