package org.okl.core.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.LinearAlgebra;

class LinearAlgebrasTest {

    private static final Supplier<NetlibLoader.NativeProbe> NATIVE_MISSING = () ->
            new NetlibLoader.NativeProbe(null, "UnsatisfiedLinkError: libblas.so.3: cannot open shared object file");

    @Test
    void activeIsChosenOnceAndMatchesTheRequestedBackend() {
        LinearAlgebra active = LinearAlgebras.active();
        assertThat(LinearAlgebras.active()).isSameAs(active);
        String requested = System.getProperty(LinearAlgebras.PROPERTY, "");
        if (!requested.isBlank()) {
            assertThat(active.name()).isEqualTo(requested.trim());
        } else if (LinearAlgebras.nativeBackend().isPresent()) {
            assertThat(active.name()).isEqualTo("native");
        }
    }

    @Test
    void javaIsAlwaysAvailable() {
        assertThat(LinearAlgebras.java().name()).isEqualTo("java");
        assertThat(LinearAlgebras.java()).isSameAs(LinearAlgebras.java());
    }

    @Test
    void requestingJavaNeverTriesToLoadNativeLibraries() {
        Supplier<NetlibLoader.NativeProbe> mustNotLoad = () -> {
            throw new AssertionError("native libraries were probed although java was requested");
        };
        assertThat(LinearAlgebras.select("java", null, mustNotLoad).backend().name()).isEqualTo("java");
    }

    @Test
    void propertyWinsOverEnvironmentAndIsCaseInsensitive() {
        var choice = LinearAlgebras.select(" Java ", "native", NATIVE_MISSING);
        assertThat(choice.backend().name()).isEqualTo("java");
        assertThat(choice.explanation()).contains("system property okl.linalg");
        assertThat(LinearAlgebras.select("", "java", NATIVE_MISSING).explanation())
                .contains("environment variable OKL_LINALG");
    }

    @Test
    void automaticFallsBackToJavaAndSaysWhatToInstall() {
        var choice = LinearAlgebras.select(null, null, NATIVE_MISSING);
        assertThat(choice.backend().name()).isEqualTo("java");
        assertThat(choice.explanation()).contains("ojAlgo").contains("native BLAS/LAPACK not found")
                .contains("apt-get install libopenblas0-pthread");
        assertThat(LinearAlgebras.select("auto", "", NATIVE_MISSING).backend().name()).isEqualTo("java");
    }

    @Test
    void forcingMissingNativeFailsWithInstallAdvice() {
        assertThatThrownBy(() -> LinearAlgebras.select("native", null, NATIVE_MISSING))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("apt-get install libopenblas0-pthread")
                .hasMessageContaining("cannot open shared object file");
    }

    @Test
    void unknownRequestIsRejected() {
        assertThatThrownBy(() -> LinearAlgebras.select("cuda", null, NATIVE_MISSING))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'native', 'java' or empty").hasMessageContaining("cuda");
    }

    @Test
    void automaticPrefersNativeWhenItLoads() {
        assumeThat(LinearAlgebras.nativeBackend()).isPresent();
        Supplier<NetlibLoader.NativeProbe> probe =
                () -> new NetlibLoader.NativeProbe(LinearAlgebras.nativeBackend().orElseThrow(), null);
        assertThat(LinearAlgebras.select(null, null, probe).backend().name()).isEqualTo("native");
        assertThat(LinearAlgebras.select(null, null, probe).explanation()).startsWith("native (");
    }
}
