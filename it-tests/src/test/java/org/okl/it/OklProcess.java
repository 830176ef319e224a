package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** Runs the shaded {@code okl} JAR in a separate JVM, as a user would. */
final class OklProcess {
    private static final String VECTOR_MODULE = "jdk.incubator.vector";
    private static final String VECTOR_WARNING = "WARNING: Using incubator modules: " + VECTOR_MODULE
            + System.lineSeparator();
    /**
     * The research commands: plugins of the lab JAR, which the product's JAR does not contain and the repository's
     * launcher adds to the class path; a command line naming one runs with it too, as {@code ./okl} runs it.
     */
    private static final Set<String> LAB_COMMANDS = Set.of("bench", "experiment");

    private OklProcess() {
    }

    /**
     * The outcome of one run.
     *
     * @param exitCode the exit code
     * @param stdout   standard output
     * @param stderr   standard error
     */
    record Result(int exitCode, String stdout, String stderr) {
    }

    /** The path of a build artifact handed over by failsafe as a system property. */
    static Path artifact(String property) {
        String value = System.getProperty(property);
        assertThat(value).as("system property " + property + " (set by failsafe)").isNotNull();
        Path p = Path.of(value);
        assertThat(p).as("built artifact " + property).exists();
        return p;
    }

    /**
     * Runs {@code java -jar okl-app-all.jar args...} in {@code workDir} with extra environment variables (for
     * {@code bench} and {@code experiment}: {@code java -cp okl-app-all.jar:okl-lab-all.jar org.okl.app.Main args...},
     * as the launcher runs them). The process sees no plugin folders and no data mirror from the calling environment,
     * and its data directory is {@code workDir/okl-data} (created only when something is downloaded) unless
     * {@code env} sets {@code OKL_DATA}: like a fresh machine, it finds only the data that ships with OKL.
     */
    static Result run(Path workDir, Map<String, String> env, String... args) throws IOException,
            InterruptedException {
        return start(javaCommand(args), workDir, env, args);
    }

    /** Runs {@code java -jar okl-app-all.jar args...} under a file-creation mask such as {@code 022}. */
    static Result runWithUmask(String umask, Path workDir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", "umask " + umask + " && exec \"$@\"", "sh"));
        command.addAll(javaCommand(args));
        return start(command, workDir, Map.of(), args);
    }

    /**
     * Runs the {@code okl} launcher script of the checkout on the built JARs ({@code OKL_JAR} and {@code
     * OKL_LAB_JAR}), as a user types {@code ./okl args...}.
     */
    static Result runLauncher(Path workDir, Map<String, String> env, String... args) throws IOException,
            InterruptedException {
        Path launcher = artifact("okl.launcher");
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("OKL_JAR", artifact("okl.app.jar").toString());
        all.put("OKL_LAB_JAR", artifact("okl.lab.jar").toString());
        List<String> command = new ArrayList<>(List.of("bash", launcher.toString()));
        command.addAll(List.of(args));
        return start(command, workDir, all, args);
    }

    private static List<String> javaCommand(String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java));
        if (args.length > 0 && LAB_COMMANDS.contains(args[0])) {
            command.addAll(List.of("-cp", artifact("okl.app.jar") + File.pathSeparator
                    + artifact("okl.lab.jar"), "org.okl.app.Main"));
        } else {
            command.addAll(List.of("-jar", artifact("okl.app.jar").toString()));
        }
        String linalg = System.getProperty("okl.linalg");
        if (linalg != null && !linalg.isBlank()) {
            command.add(1, "-Dokl.linalg=" + linalg);
        }
        if (ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent()) {
            // as ./okl runs it, and as this JVM computes: the pure-Java back-end's Vector API kernels round
            // differently from its plain loops, so a process without them could not match an in-process fit
            command.addAll(1, List.of("--add-modules", VECTOR_MODULE));
        }
        command.addAll(List.of(args));
        return command;
    }

    private static Result start(List<String> command, Path workDir, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile());
        pb.environment().remove("OKL_PLUGINS");
        pb.environment().remove("OKL_DATA_MIRROR");
        pb.environment().put("OKL_DATA", workDir.resolve("okl-data").toString());
        pb.environment().putAll(env);
        Path out = Files.createTempFile(workDir, "stdout", ".txt");
        Path err = Files.createTempFile(workDir, "stderr", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("okl " + String.join(" ", args) + " did not finish in 10 minutes");
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        if (stderr.startsWith(VECTOR_WARNING)) {
            stderr = stderr.substring(VECTOR_WARNING.length()); // the launcher drops it too
        }
        Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), stderr);
        Files.delete(out);
        Files.delete(err);
        return r;
    }
}
