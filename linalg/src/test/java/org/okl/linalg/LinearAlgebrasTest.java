package org.okl.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.LinearAlgebra;
import org.slf4j.helpers.NOPLogger;

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
    void theJavaBackEndNamesNetlibsJavaBlasThroughForwardingBackEnds() {
        String version = NetlibLoader.version();
        assertThat(version).as("netlib's Maven metadata").matches("\\d+\\.\\d+.*");
        BlasLibrary blas = LinearAlgebras.blasLibrary(LinearAlgebras.java()).orElseThrow();
        assertThat(blas.library()).matches("netlib (JavaBLAS|Java11BLAS|VectorBLAS) " + version.replace(".", "\\."));
        assertThat(blas.kernels()).isEmpty();
        LinearAlgebra tiled = TiledProducts.of(LinearAlgebras.java()).onWorkers(LinearAlgebras.java(),
                org.okl.linalg.parallel.Workers.of(2));
        assertThat(LinearAlgebras.blasLibrary(tiled)).contains(blas);
        assertThat(LinearAlgebras.blasLibrary(SolverLinearAlgebra.of(tiled))).contains(blas);
    }

    @Test
    void theNativeBackEndNamesOpenBlasItsFileAndKernels() {
        assumeThat(LinearAlgebras.nativeBackend()).as("native BLAS/LAPACK available").isPresent();
        BlasLibrary blas = LinearAlgebras.blasLibrary(LinearAlgebras.nativeBackend().get()).orElseThrow();
        if (org.okl.linalg.parallel.BlasThreads.library().isPresent()) {
            String path = org.okl.linalg.parallel.BlasThreads.library().get();
            assertThat(blas.library()).startsWith("OpenBLAS ").endsWith(" (" + path + ")");
            assertThat(blas.kernels()).isNotEmpty().doesNotContain(" ");
        } else {
            assertThat(blas.library()).isEqualTo(LinearAlgebras.nativeBackend().get().description());
            assertThat(blas.kernels()).isEmpty();
        }
    }

    @Test
    void aBackEndThatIsNotOklsHasNoBlasToName() {
        LinearAlgebra stranger = (LinearAlgebra) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {LinearAlgebra.class}, (proxy, method, args) -> null);
        assertThat(LinearAlgebras.blasLibrary(stranger)).isEmpty();
    }

    @Test
    void requestingJavaNeverTriesToLoadNativeLibraries() {
        Supplier<NetlibLoader.NativeProbe> mustNotLoad = () -> {
            throw new AssertionError("native libraries were probed although java was requested");
        };
        assertThat(LinearAlgebras.select("java", null, mustNotLoad, true).backend().name()).isEqualTo("java");
    }

    @Test
    void propertyWinsOverEnvironmentAndIsCaseInsensitive() {
        var choice = LinearAlgebras.select(" Java ", "native", NATIVE_MISSING, true);
        assertThat(choice.backend().name()).isEqualTo("java");
        assertThat(choice.explanation()).contains("system property okl.linalg");
        assertThat(LinearAlgebras.select("", "java", NATIVE_MISSING, true).explanation())
                .contains("environment variable OKL_LINALG");
    }

    @Test
    void automaticFallsBackToJavaAndSaysWhatToInstall() {
        var choice = LinearAlgebras.select(null, null, NATIVE_MISSING, true);
        assertThat(choice.backend().name()).isEqualTo("java");
        assertThat(choice.explanation()).contains("ojAlgo").contains("native BLAS/LAPACK not found")
                .contains("apt-get install libopenblas0-pthread");
        assertThat(LinearAlgebras.select("auto", "", NATIVE_MISSING, true).backend().name()).isEqualTo("java");
    }

    @Test
    void fallingBackToJavaWithoutTheVectorModuleIsTheOneWarning() {
        var slowest = LinearAlgebras.select(null, null, NATIVE_MISSING, false);
        assertThat(slowest.slowest()).isTrue();
        assertThat(slowest.explanation()).contains("apt-get install libopenblas0-pthread")
                .contains("--add-modules jdk.incubator.vector");
        assertThat(LinearAlgebras.select(null, null, NATIVE_MISSING, true).slowest()).isFalse();
        assertThat(LinearAlgebras.select(null, null, NATIVE_MISSING, true).explanation())
                .doesNotContain("--add-modules");
        // asked for by name, pure Java is no surprise: the hint is in the line, logged at INFO
        var requested = LinearAlgebras.select("java", null, NATIVE_MISSING, false);
        assertThat(requested.slowest()).isFalse();
        assertThat(requested.explanation()).contains("--add-modules jdk.incubator.vector");
    }

    @Test
    void theWarningReachesStandardErrorWhenSlf4jHasNoProvider() {
        var slowest = LinearAlgebras.select(null, null, NATIVE_MISSING, false);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        LinearAlgebras.report(slowest, NOPLogger.NOP_LOGGER, true, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(err.toString(StandardCharsets.UTF_8).lines().toList()).singleElement().asString()
                .startsWith("OKL: linear algebra back-end: java").contains("--add-modules jdk.incubator.vector");

        ByteArrayOutputStream quiet = new ByteArrayOutputStream();
        LinearAlgebras.report(LinearAlgebras.select(null, null, NATIVE_MISSING, true), NOPLogger.NOP_LOGGER, true,
                new PrintStream(quiet, true, StandardCharsets.UTF_8));
        LinearAlgebras.report(slowest, NOPLogger.NOP_LOGGER, false, new PrintStream(quiet, true,
                StandardCharsets.UTF_8));
        assertThat(quiet.size()).as("INFO lines, or a logging provider that shows the warning itself").isZero();
    }

    @Test
    void forcingMissingNativeFailsWithInstallAdvice() {
        assertThatThrownBy(() -> LinearAlgebras.select("native", null, NATIVE_MISSING, true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("apt-get install libopenblas0-pthread")
                .hasMessageContaining("cannot open shared object file");
    }

    @Test
    void unknownRequestIsRejected() {
        assertThatThrownBy(() -> LinearAlgebras.select("cuda", null, NATIVE_MISSING, true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'native', 'java' or empty").hasMessageContaining("cuda");
    }

    @Test
    void automaticPrefersNativeWhenItLoads() {
        assumeThat(LinearAlgebras.nativeBackend()).isPresent();
        Supplier<NetlibLoader.NativeProbe> probe =
                () -> new NetlibLoader.NativeProbe(LinearAlgebras.nativeBackend().orElseThrow(), null);
        assertThat(LinearAlgebras.select(null, null, probe, true).backend().name()).isEqualTo("native");
        assertThat(LinearAlgebras.select(null, null, probe, true).explanation()).startsWith("native (");
    }
}
