package org.okl.linalg;

import com.sun.jna.NativeLibrary;
import java.util.Optional;
import java.util.Set;
import org.okl.linalg.parallel.BlasThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Names the kernels OpenBLAS runs on an Intel CPU before the library loads, unless the user did
 * ({@value #VARIABLE}): OpenBLAS 0.3.21 (Debian 12's) takes Intel CPUs it does not know, such as Sapphire and
 * Emerald Rapids, for a Prescott and runs its SSE3 kernels, four to five times slower than the CPU allows (15
 * against 70 GFLOP/s per core measured on an Emerald Rapids), and with results that depend on where arrays sit in
 * memory. The library reads the variable from the process environment when it loads, so OKL sets it there (C's
 * {@code setenv}, through JNA) just before: {@code SkylakeX} on a CPU with AVX-512 (F, BW, DQ, VL), {@code Haswell}
 * on one with AVX2 and FMA; nothing on other CPUs or when it is set already. Other BLAS libraries ignore it.
 */
final class OpenBlasKernels {
    /** The environment variable OpenBLAS reads. */
    static final String VARIABLE = "OPENBLAS_CORETYPE";

    private static final Logger LOG = LoggerFactory.getLogger(OpenBlasKernels.class);

    private OpenBlasKernels() {
    }

    /** Sets {@value #VARIABLE} for this CPU when it is unset; never throws. */
    static void nameBeforeLoading() {
        if (System.getenv(VARIABLE) != null) {
            return;
        }
        Optional<String> kernels = forCpu(BlasThreads.cpuFlags(), BlasThreads.cpuVendor());
        if (kernels.isEmpty()) {
            return;
        }
        try {
            NativeLibrary libc = NativeLibrary.getInstance("c");
            libc.getFunction("setenv").invokeInt(new Object[] {VARIABLE, kernels.get(), 0});
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("cannot set {} ({}); OpenBLAS chooses its kernels itself", VARIABLE, e.toString());
        }
    }

    /** The kernels to name for a CPU's flags and vendor: SkylakeX, Haswell, or none. */
    static Optional<String> forCpu(Set<String> flags, String vendor) {
        if (!vendor.equals("GenuineIntel")) {
            return Optional.empty();
        }
        if (flags.containsAll(Set.of("avx512f", "avx512bw", "avx512dq", "avx512vl"))) {
            return Optional.of("SkylakeX");
        }
        if (flags.containsAll(Set.of("avx2", "fma"))) {
            return Optional.of("Haswell");
        }
        return Optional.empty();
    }
}
