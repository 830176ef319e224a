package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user sees about the linear-algebra back-end: a program embedding OKL without OpenBLAS and without the Vector
 * API module gets one line saying which back-end runs and how to make it faster, even with no logging provider; the
 * {@code okl} launcher prints no JVM warning line while keeping the Vector API on, and OKL's own messages and the
 * JVM's other warnings still come through.
 */
class BackEndNoticeIT {
    /** Makes netlib's native BLAS fail to load, as on a machine without OpenBLAS. */
    private static final String NO_OPENBLAS = "-Ddev.ludovic.netlib.blas.nativeLib=libopenblas-absent.so.0";

    @TempDir
    static Path dir;

    private static OklProcess.Result java(String... args) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().remove("OKL_LINALG");
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        return new OklProcess.Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static String libraryClasspath() throws Exception {
        return OklProcess.artifact("okl.test.classes") + File.pathSeparator
                + Files.readString(OklProcess.artifact("okl.library.classpath")).strip();
    }

    private static List<String> backEndLines(String stderr) {
        return stderr.lines().filter(l -> l.contains("linear algebra back-end")).toList();
    }

    @Test
    void aProgramWithoutOpenBlasOrTheVectorModuleIsToldOnceEvenWithoutALoggingProvider() throws Exception {
        OklProcess.Result r = java(NO_OPENBLAS, "-cp", libraryClasspath(), EmbeddedProgram.class.getName());
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout().strip()).isEqualTo("java");
        assertThat(r.stderr()).as("no logging provider on this class path").contains("No SLF4J providers");
        assertThat(backEndLines(r.stderr())).singleElement().asString()
                .startsWith("OKL: linear algebra back-end: java")
                .contains("apt-get install libopenblas0-pthread", "--add-modules jdk.incubator.vector");

        OklProcess.Result vector = java("--add-modules", "jdk.incubator.vector", NO_OPENBLAS, "-cp",
                libraryClasspath(), EmbeddedProgram.class.getName());
        assertThat(vector.exitCode()).as(vector.stderr()).isZero();
        assertThat(backEndLines(vector.stderr())).as("the Vector API on: nothing to warn about").isEmpty();
    }

    @Test
    void theCommandLineRunWithoutTheLauncherSaysItOnceToo() throws Exception {
        OklProcess.Result r = java(NO_OPENBLAS, "-jar", OklProcess.artifact("okl.app.jar").toString(), "datasets");
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stderr().lines().toList()).singleElement().asString()
                .startsWith("okl: WARN LinearAlgebras: linear algebra back-end: java")
                .contains("--add-modules jdk.incubator.vector");
    }

    @Test
    void theLauncherPrintsNoJvmWarningAndKeepsTheVectorApi() throws Exception {
        Map<String, String> java = Map.of("OKL_LINALG", "java");
        OklProcess.Result plugins = OklProcess.runLauncher(dir, java, "plugins");
        assertThat(plugins.exitCode()).as(plugins.stderr()).isZero();
        assertThat(plugins.stderr()).isEmpty();
        assertThat(plugins.stdout()).contains("linear algebra: java").contains("VectorBLAS");

        OklProcess.Result error = OklProcess.runLauncher(dir, java, "fit", "--data", "nowhere.csv");
        assertThat(error.exitCode()).isEqualTo(2);
        assertThat(error.stderr().lines().toList()).containsExactly(
                "okl: error: [OKL-E009] Missing required option: '--model=M.okl' (see docs/errors.md#okl-e009)",
                "okl: see 'okl fit --help'");

        OklProcess.Result vmWarning = OklProcess.runLauncher(dir, Map.of("OKL_LINALG", "java",
                "OKL_JAVA_OPTS", "-XX:+UseBiasedLocking"), "--version");
        assertThat(vmWarning.exitCode()).isZero();
        assertThat(vmWarning.stderr()).as("the JVM's other warnings pass the filter")
                .contains("UseBiasedLocking").doesNotContain("incubator");
    }
}
