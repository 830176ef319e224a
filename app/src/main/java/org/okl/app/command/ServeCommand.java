package org.okl.app.command;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.text.UserText;
import org.okl.app.usage.UsageException;
import org.okl.serve.ModelLoader;
import org.okl.serve.ModelServer;
import org.okl.serve.ServeOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code okl serve}: serves fitted models over HTTP until stopped (SIGTERM or Ctrl-C drain requests in flight). */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve model files over HTTP: POST /v1/models/NAME/predict (JSON or CSV rows), reload, "
                + "health, readiness, Prometheus metrics and an OpenAPI description (/openapi.json).",
            "Prints the server's URL on one line of standard output once it listens; stops, draining requests in "
                + "flight, on SIGTERM or Ctrl-C."})
public final class ServeCommand implements Runnable {
    @ParentCommand
    private CommandRoot root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--model", paramLabel = "M.okl", description = "A model file, served under its file name "
            + "without .okl (repeatable).")
    private List<Path> modelFiles = new ArrayList<>();

    @Option(names = "--models", paramLabel = "DIR", description = "A folder of model files (*.okl), each served "
            + "under its name.")
    private Path modelFolder;

    @Option(names = "--host", paramLabel = "ADDR", defaultValue = "127.0.0.1", description = "The address to listen "
            + "on (default ${DEFAULT-VALUE}: this machine only).")
    private String host;

    @Option(names = "--port", defaultValue = "8080", description = "The port (default ${DEFAULT-VALUE}; 0 picks a "
            + "free one).")
    private int port;

    @Option(names = "--token-file", paramLabel = "F", description = "A file holding a bearer token that reload and "
            + "metrics require (Authorization: Bearer TOKEN), and predict too when --host is not a loopback address.")
    private Path tokenFile;

    @Mixin
    private TrustArguments trust;

    @Option(names = "--batch-wait-ms", defaultValue = "2", description = "How long a request waits for others to "
            + "share its prediction call (default ${DEFAULT-VALUE} ms).")
    private double batchWaitMs;

    @Option(names = "--batch-rows", defaultValue = "4096", description = "The most rows of one prediction call "
            + "(default ${DEFAULT-VALUE}).")
    private int batchRows;

    @Option(names = "--queue-rows", defaultValue = "65536", description = "The most rows waiting per model; more "
            + "answer 503 with Retry-After (default ${DEFAULT-VALUE}).")
    private int queueRows;

    @Option(names = "--max-body-bytes", defaultValue = "16777216", description = "The largest request body; larger "
            + "answer 413 (default ${DEFAULT-VALUE}).")
    private long maxBodyBytes;

    @Option(names = "--max-rows", defaultValue = "10000", description = "The most rows per request (default "
            + "${DEFAULT-VALUE}).")
    private int maxRows;

    @Option(names = "--idle-timeout-s", defaultValue = "30", description = "Seconds a connection may stay silent "
            + "(slow headers or bodies) before it is closed (default ${DEFAULT-VALUE}).")
    private int idleSeconds;

    @Option(names = "--drain-timeout-s", defaultValue = "30", description = "Seconds a stop waits for requests in "
            + "flight (default ${DEFAULT-VALUE}).")
    private int drainSeconds;

    @Option(names = "--state-dir", paramLabel = "DIR", description = "A folder where the server keeps a copy of the "
            + "last verified version of every model (written atomically at start and on every reload); a start whose "
            + "model file is damaged (a crash during a copy or a reload) serves that copy and says so in its log.")
    private Path stateFolder;

    @Override
    public void run() {
        Map<String, Path> files = models();
        ServeOptions options;
        try {
            options = ServeOptions.defaults().withAddress(host, port)
                    .withBatching(Duration.ofNanos(Math.round(batchWaitMs * 1e6)), batchRows, queueRows)
                    .withLimits(maxBodyBytes, maxRows, Duration.ofSeconds(idleSeconds),
                            Duration.ofSeconds(drainSeconds))
                    .withToken(token()).withStateDirectory(Optional.ofNullable(stateFolder));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        // --trust-key: every model, at start and on every reload, must be signed by a trusted key
        ModelLoader loader = ModelLoader.verified(root.okl(), trust.policy());
        ModelServer server = ModelServer.start(files, options, loader);
        reloadOnHangUp(server);
        Thread stop = new Thread(server::close, "okl-serve-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        spec.commandLine().getOut().println(server.uri());
        spec.commandLine().getOut().flush();
        try {
            server.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.close();
        }
    }

    /**
     * Reloads every model on SIGHUP (as daemons re-read their configuration), instead of the JVM's default of
     * stopping; a file that is refused is logged and its old version keeps serving. A process that inherited SIGHUP
     * ignored (started under {@code nohup}) cannot handle it: the JVM leaves it ignored, and one line on standard
     * error says to reload over HTTP instead.
     */
    @SuppressWarnings("sunapi")
    private void reloadOnHangUp(ModelServer server) {
        try {
            sun.misc.SignalHandler before = sun.misc.Signal.handle(new sun.misc.Signal("HUP"),
                    signal -> server.reloadAll());
            if (before == sun.misc.SignalHandler.SIG_IGN) {
                spec.commandLine().getErr().println("okl serve: SIGHUP is ignored in this process (started under "
                        + "nohup?), so it does not reload the models; reload with POST /v1/models/NAME/reload");
                spec.commandLine().getErr().flush();
            }
        } catch (IllegalArgumentException e) {
            // no SIGHUP on this system (Windows): reload through POST /v1/models/NAME/reload
        }
    }

    /** The models to serve, by name. */
    private Map<String, Path> models() {
        if (modelFiles.isEmpty() && modelFolder == null) {
            throw new UsageException("give --model M.okl or --models DIR");
        }
        Map<String, Path> files = new LinkedHashMap<>();
        List<Path> all = new ArrayList<>(modelFiles);
        if (modelFolder != null) {
            try (Stream<Path> list = Files.list(modelFolder)) {
                List<Path> found = list.filter(p -> p.getFileName().toString().endsWith(".okl"))
                        .filter(Files::isRegularFile).sorted().toList();
                if (found.isEmpty()) {
                    throw new UsageException("--models " + modelFolder + ": no *.okl file there");
                }
                all.addAll(found);
            } catch (IOException e) {
                throw new UsageException("--models " + modelFolder + ": cannot list the folder: " + e.getMessage());
            }
        }
        for (Path file : all) {
            String fileName = file.getFileName().toString();
            String name = fileName.endsWith(".okl") ? fileName.substring(0, fileName.length() - 4) : fileName;
            if (!ModelServer.NAME.matcher(name).matches()) {
                throw new UsageException(file + ": cannot serve it under the name " + UserText.quote(name)
                        + " (letters, digits, '.', '_' and '-'); rename the file");
            }
            if (files.putIfAbsent(name, file) != null) {
                throw new UsageException("two models named " + UserText.quote(name) + ": " + files.get(name)
                        + " and " + file);
            }
        }
        return files;
    }

    private Optional<String> token() {
        if (tokenFile == null) {
            return Optional.empty();
        }
        String token;
        try {
            token = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new OklException(ErrorCode.USAGE, "--token-file " + tokenFile + ": cannot read it: "
                    + e.getMessage(), e);
        }
        if (token.isEmpty() || token.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
            throw new UsageException("--token-file " + tokenFile + ": the token must be one line of printable "
                    + "characters without spaces");
        }
        return Optional.of(token);
    }
}
