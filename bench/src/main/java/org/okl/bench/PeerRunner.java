package org.okl.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the numpy peer script ({@code python peer_numpy.py N P D}) on this machine and reads its JSON line. When
 * Python, the script or numpy is missing, {@link #run} fails with {@link PeerUnavailable} whose message says what to
 * install; the harness then reports OKL's timings without ratios.
 */
public final class PeerRunner {
    /** Debian's Python, which has python3-numpy, python3-scipy and python3-sklearn. */
    public static final Path DEFAULT_PYTHON = Path.of("/usr/bin/python3");
    /** The environment variable naming the peer script. */
    public static final String SCRIPT_ENV = "OKL_PEER_SCRIPT";
    /** The longest a peer run may take. */
    private static final long TIMEOUT_MINUTES = 120;

    private final Path python;
    private final Path script;

    /**
     * @param python the Python interpreter
     * @param script the peer script
     */
    public PeerRunner(Path python, Path script) {
        this.python = python;
        this.script = script;
    }

    /** {@link #SCRIPT_ENV} if set, else {@code shared/bench/peer_numpy.py} one or two folders up, else the first. */
    public static Path defaultScript() {
        String env = System.getenv(SCRIPT_ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env.trim());
        }
        List<Path> candidates = List.of(Path.of("../shared/bench/peer_numpy.py"),
                Path.of("../../shared/bench/peer_numpy.py"));
        return candidates.stream().filter(Files::isRegularFile).findFirst().orElse(candidates.get(0))
                .toAbsolutePath().normalize();
    }

    /**
     * Runs the script for one size.
     *
     * @throws PeerUnavailable when Python, the script or numpy is missing or the script fails
     */
    public PeerTimings run(int n, int p, int d) {
        requirePython();
        if (!Files.isRegularFile(script)) {
            throw new PeerUnavailable("no numpy peer: script " + script + " not found (set " + SCRIPT_ENV
                    + " or --peer-script)");
        }
        return PeerTimings.parse(runScript(script, List.of(Integer.toString(n), Integer.toString(p),
                Integer.toString(d)), "n = " + n));
    }

    /**
     * Runs one of the bench's own peer scripts (shipped as a resource next to this class) with arguments.
     *
     * @param resource the script's resource name, for example {@code peer_lowrank.py}
     * @return the script's last line of output (a JSON object)
     * @throws PeerUnavailable when Python or a module is missing or the script fails
     */
    public String runResource(String resource, List<String> args, String what) {
        return runResource(PeerRunner.class, resource, args, what);
    }

    /**
     * Runs a script shipped as a resource next to {@code owner} (another module's peer or independent check).
     *
     * @param owner    the class the resource name is relative to
     * @param resource the script's resource name
     * @return the script's last line of output
     * @throws PeerUnavailable when Python or a module is missing or the script fails
     */
    public String runResource(Class<?> owner, String resource, List<String> args, String what) {
        try {
            Path copy = Files.createTempFile("okl-" + Path.of(resource).getFileName().toString().replace(".py", ""),
                    ".py");
            try (var in = owner.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("the JAR of " + owner.getName() + " lacks its resource "
                            + resource);
                }
                Files.copy(in, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            try {
                return runScript(copy, args, what);
            } finally {
                Files.deleteIfExists(copy);
            }
        } catch (IOException e) {
            throw new PeerUnavailable("cannot write the peer script " + resource + ": " + e.getMessage());
        }
    }

    private void requirePython() {
        if (!Files.isExecutable(python)) {
            throw new PeerUnavailable("no numpy peer: " + python + " not found (apt-get install python3-numpy "
                    + "python3-scipy python3-sklearn)");
        }
    }

    /**
     * Checks that the Python has numpy, scipy and scikit-learn, before hours of work that need them.
     *
     * @throws PeerUnavailable naming the missing module and what to install
     */
    public void requireScikitLearn() {
        requirePython();
        runCommand(List.of(python.toString(), "-c", "import numpy, scipy, sklearn"), "the module check");
    }

    private String runScript(Path file, List<String> args, String what) {
        requirePython();
        List<String> command = new java.util.ArrayList<>(List.of(python.toString(), file.toString()));
        command.addAll(args);
        return runCommand(command, what);
    }

    private String runCommand(List<String> command, String what) {
        try {
            Path err = Files.createTempFile("okl-peer", ".err");
            try {
                Process process = new ProcessBuilder(command).redirectError(err.toFile()).start();
                process.getOutputStream().close();
                String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
                if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                    process.destroyForcibly();
                    throw new PeerUnavailable("peer timed out after " + TIMEOUT_MINUTES + " minutes at " + what);
                }
                String stderr = Files.readString(err).trim();
                if (process.exitValue() != 0) {
                    throw new PeerUnavailable(failure(process.exitValue(), stderr));
                }
                return out.lines().reduce((a, b) -> b).orElse("");
            } finally {
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new PeerUnavailable("no numpy peer: cannot run " + python + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PeerUnavailable("numpy peer interrupted");
        }
    }

    /** The message for a failed script run: a missing module named, else the last line of its error output. */
    static String failure(int exit, String stderr) {
        String last = stderr.lines().reduce((a, b) -> b).orElse("(no error output)");
        if (last.contains("No module named")) {
            return "no numpy peer: " + last.substring(last.indexOf("No module named"))
                    + " (apt-get install python3-numpy python3-scipy python3-sklearn)";
        }
        return "numpy peer failed (exit " + exit + "): " + last;
    }

    /** The peer could not be run; the message says why and what to install. */
    public static final class PeerUnavailable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** An unavailable peer with the reason. */
        public PeerUnavailable(String message) {
            super(message);
        }
    }
}
