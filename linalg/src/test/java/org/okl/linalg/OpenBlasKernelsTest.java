package org.okl.linalg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which OpenBLAS kernels OKL names for a CPU before the library loads. */
class OpenBlasKernelsTest {

    @Test
    void intelCpusGetTheWidestKernelsTheyRunOthersAreLeftToOpenBlas() {
        Set<String> avx512 = Set.of("sse3", "avx", "avx2", "fma", "avx512f", "avx512bw", "avx512dq", "avx512vl");
        assertThat(OpenBlasKernels.forCpu(avx512, "GenuineIntel")).hasValue("SkylakeX");
        assertThat(OpenBlasKernels.forCpu(Set.of("avx2", "fma", "avx512f"), "GenuineIntel")).as("AVX-512 F alone")
                .hasValue("Haswell");
        assertThat(OpenBlasKernels.forCpu(Set.of("avx", "avx2"), "GenuineIntel")).as("no FMA").isEmpty();
        assertThat(OpenBlasKernels.forCpu(avx512, "AuthenticAMD")).isEmpty();
        assertThat(OpenBlasKernels.forCpu(Set.of(), "")).isEmpty();
    }
}
