package org.okl.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.okl.api.decoder.Decoded;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.text.UserText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An HTTP server for fitted models, on Jetty 12's core handlers. Every answer carries a request id
 * ({@code X-Request-Id}, the client's when it sends a plain one, else a new one) and every error is JSON
 * {@code {"code": "OKL-E...", "message": ..., "requestId": ...}}: a client's mistake is a 4xx, never a stack trace.
 * Predictions are micro-batched per model ({@link Batcher}); a reload swaps the model between prediction calls, so
 * requests accepted before it finish on the model they were accepted under; a stop drains requests in flight.
 * The model files are the operator's choice (paths given at start); nothing in a file makes the server open a path,
 * load a class or reach an address.
 * <pre>{@code
 * try (ModelServer server = ModelServer.start(Map.of("iris", Path.of("iris.okl")), ServeOptions.defaults(),
 *         ModelLoader.verified(okl))) {
 *     System.out.println(server.uri());
 * }
 * }</pre>
 */
public final class ModelServer implements AutoCloseable {
    /** Every route, as {@code METHOD path} with {@code {name}} for a model's name (the OpenAPI file lists them). */
    public static final List<String> ROUTES = List.of("GET /healthz", "GET /readyz", "GET /metrics",
            "GET /openapi.json", "GET /v1/models", "GET /v1/models/{name}", "POST /v1/models/{name}/predict",
            "POST /v1/models/{name}/reload");
    /** The names models may be served under. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");
    private static final Logger LOG = LoggerFactory.getLogger(ModelServer.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A model served under a name: its current version, and the batcher its requests queue in. */
    private static final class Slot {
        final AtomicReference<ServedModel> current;
        final Batcher batcher;

        Slot(ServedModel model, Batcher batcher) {
            this.current = new AtomicReference<>(model);
            this.batcher = batcher;
        }
    }

    private final Map<String, Slot> models = new LinkedHashMap<>();
    private final ServeOptions options;
    private final ModelLoader loader;
    private final ServeMetrics metrics = new ServeMetrics();
    private final Server server;
    private final ServerConnector connector;
    private final byte[] tokenDigest;
    private final boolean loopback;
    private volatile boolean ready;

    private ModelServer(Map<String, Path> files, ServeOptions options, ModelLoader loader) {
        this.options = options;
        this.loader = loader;
        this.tokenDigest = options.token().map(t -> sha256(t.getBytes(StandardCharsets.UTF_8))).orElse(null);
        try {
            this.loopback = InetAddress.getByName(options.host()).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new OklException(ErrorCode.USAGE, "--host " + UserText.quote(options.host())
                    + ": not an address of this machine", e);
        }
        if (files.isEmpty()) {
            throw new OklException(ErrorCode.USAGE, "no model to serve");
        }
        files.forEach((name, file) -> {
            if (!NAME.matcher(name).matches()) {
                throw new OklException(ErrorCode.USAGE, "cannot serve a model under the name " + UserText.quote(name)
                        + ": names are letters, digits, '.', '_' and '-' (up to 64)");
            }
            ServedModel model = loadAtStart(name, file);
            metrics.serving(model, null);
            models.put(name, new Slot(model, new Batcher(name, options, rows -> metrics.batch(name, rows))));
        });
        QueuedThreadPool threads = new QueuedThreadPool(200, 8);
        threads.setName("okl-serve");
        threads.setDaemon(true);
        server = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(true);
        // Jetty caches repeated header values per connection, matched without case by default: a token that
        // differs from the previous request's only in case would be read as that one
        http.setHeaderCacheCaseSensitive(true);
        connector = new ServerConnector(server, new HttpConnectionFactory(http));
        connector.setHost(options.host());
        connector.setPort(options.port());
        connector.setIdleTimeout(options.idleTimeout().toMillis());
        server.addConnector(connector);
        server.setHandler(new GracefulHandler(new Routes()));
        server.setErrorHandler(new JsonErrors());
        server.setStopTimeout(options.drainTimeout().toMillis());
    }

    /**
     * Loads the models (name to file) and starts serving them.
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a file that cannot be served,
     *                      {@link ErrorCode#USAGE} for a name or an address that cannot be used
     */
    public static ModelServer start(Map<String, Path> files, ServeOptions options, ModelLoader loader) {
        ModelServer s = new ModelServer(files, options, loader);
        try {
            s.server.start();
        } catch (Exception e) {
            s.close();
            throw new OklException(ErrorCode.USAGE, "cannot listen on " + options.host() + ":" + options.port()
                    + ": " + e.getMessage(), e);
        }
        s.ready = true;
        LOG.info("serving {} on {}", s.models.keySet(), s.uri());
        return s;
    }

    /** The address the server answers on, for example {@code http://127.0.0.1:41234/}. */
    public URI uri() {
        String host = options.host().contains(":") ? "[" + options.host() + "]" : options.host();
        return URI.create("http://" + host + ":" + connector.getLocalPort() + "/");
    }

    /** The names served. */
    public List<String> names() {
        return List.copyOf(models.keySet());
    }

    /** The version served now under {@code name}. */
    public ServedModel model(String name) {
        Slot slot = models.get(name);
        if (slot == null) {
            throw new OklException(ErrorCode.USAGE, "no model " + UserText.quote(name));
        }
        return slot.current.get();
    }

    /**
     * Re-reads the file of the model served under {@code name} and serves it from the next prediction call on;
     * requests accepted before finish on the version they were accepted under.
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a damaged or refused file (the old version keeps
     *                      serving)
     */
    public ServedModel reload(String name) {
        Slot slot = models.get(name);
        if (slot == null) {
            throw new ServeException(404, ErrorCode.USAGE, "no model " + UserText.quote(name) + " is served");
        }
        synchronized (slot) {
            ServedModel old = slot.current.get();
            ServedModel fresh = loader.load(name, old.file());
            slot.current.set(fresh);
            metrics.serving(fresh, old);
            keep(fresh);
            return fresh;
        }
    }

    /**
     * The model of {@code file} at start. With a state folder, a file that is refused (damaged by a crash during a
     * copy, or by a kill during a reload that left it half-replaced) falls back to the last verified version kept
     * there, verified again by the same loader, and one log line says so; without a kept version the refusal stands.
     */
    private ServedModel loadAtStart(String name, Path file) {
        ServedModel model;
        try {
            model = loader.load(name, file);
        } catch (OklException refused) {
            Path kept = options.stateDirectory().map(d -> d.resolve(name + ".okl")).orElse(null);
            if (kept == null || !Files.isRegularFile(kept)) {
                throw refused;
            }
            ServedModel last;
            try {
                last = loader.load(name, kept);
            } catch (OklException again) {
                refused.addSuppressed(again);
                throw refused;
            }
            LOG.warn("{} refused ({}); serving the last verified version of {} kept in {} (sha256 {})", file,
                    message(refused), name, kept, last.sha256());
            return new ServedModel(name, file, last.model(), last.sha256(), last.version(), last.inputNames(),
                    last.outputNames());
        }
        keep(model);
        return model;
    }

    /**
     * Copies a verified version into the state folder, atomically (a temporary file, forced to disk, renamed over
     * the previous copy), so that a kill at any moment leaves the previous verified copy or this one. A file changed
     * since it was verified is not copied; a copy that fails is logged and serving goes on.
     */
    private void keep(ServedModel model) {
        if (options.stateDirectory().isEmpty()) {
            return;
        }
        Path folder = options.stateDirectory().get();
        Path target = folder.resolve(model.name() + ".okl");
        Path temporary = null;
        try {
            byte[] bytes = Files.readAllBytes(model.file());
            if (!java.util.HexFormat.of().formatHex(sha256(bytes)).equals(model.sha256())) {
                LOG.warn("{} changed since it was verified; the state folder keeps the previous version of {}",
                        model.file(), model.name());
                return;
            }
            Files.createDirectories(folder);
            temporary = Files.createTempFile(folder, "." + model.name() + "-", ".tmp");
            try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            temporary = null;
            try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
                dir.force(true);
            } catch (IOException e) {
                // not every system lets a folder be forced; the rename itself is atomic
            }
        } catch (IOException e) {
            LOG.warn("cannot keep the verified version of {} in {}: {}", model.name(), folder, e.toString());
        } finally {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException e) {
                    // a leftover temporary file is harmless
                }
            }
        }
    }

    /** Reloads every model; a file that is refused is logged and its old version kept. */
    public void reloadAll() {
        for (String name : models.keySet()) {
            try {
                ServedModel m = reload(name);
                LOG.info("reloaded {} (sha256 {})", name, m.sha256());
            } catch (OklException e) {
                LOG.warn("reload of {} refused, still serving the previous version: {}", name, e.getMessage());
            }
        }
    }

    /** Blocks until the server stops. */
    public void join() throws InterruptedException {
        server.join();
    }

    /** Stops accepting requests, waits for those in flight (up to the drain timeout), then stops. */
    @Override
    public void close() {
        ready = false;
        try {
            server.stop();
        } catch (Exception e) {
            LOG.warn("while stopping the server: {}", e.toString());
        }
        for (Slot slot : models.values()) {
            try {
                slot.batcher.close(options.drainTimeout().toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The routes. */
    private final class Routes extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            long start = System.nanoTime();
            String given = request.getHeaders().get("X-Request-Id");
            String id = given != null && REQUEST_ID.matcher(given).matches() ? given : UUID.randomUUID().toString();
            response.getHeaders().put("X-Request-Id", id);
            Exchange x = new Exchange(request, response, callback, id, start);
            try {
                route(x);
            } catch (ServeException e) {
                x.error(e.status(), e);
            } catch (OklException e) {
                x.error(e.errorCode() == ErrorCode.INTERNAL ? 500 : 400, e);
            } catch (RuntimeException e) {
                LOG.error("request {}: {}", id, e.toString(), e);
                x.error(500, new OklException(ErrorCode.INTERNAL, "an internal error (request " + id + ")"));
            }
            return true;
        }

        private void route(Exchange x) {
            String method = x.request.getMethod();
            String path = x.request.getHttpURI().getPath();
            String[] parts = path.split("/", -1);
            x.route = List.of("/healthz", "/readyz", "/metrics", "/openapi.json", "/v1/models").contains(path) ? path
                    : "other";
            if (path.equals("/healthz") || path.equals("/readyz")) {
                requireMethod(x, "GET");
                boolean ok = path.equals("/healthz") || ready;
                x.json(ok ? 200 : 503, JSON.createObjectNode().put("status", ok ? "ok" : "stopping"));
            } else if (path.equals("/metrics")) {
                requireMethod(x, "GET");
                requireToken(x, true);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try {
                    metrics.write(out);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                x.send(200, metrics.contentType(), out.toByteArray());
            } else if (path.equals("/openapi.json")) {
                requireMethod(x, "GET");
                x.send(200, "application/json", OpenApi.bytes());
            } else if (path.equals("/v1/models")) {
                requireMethod(x, "GET");
                requireToken(x, !loopback);
                ArrayNode list = JSON.createArrayNode();
                models.values().forEach(s -> list.add(describe(s.current.get())));
                x.json(200, JSON.createObjectNode().set("models", list));
            } else if (parts.length >= 4 && parts.length <= 5 && parts[1].equals("v1") && parts[2].equals("models")) {
                Slot slot = models.get(parts[3]);
                if (slot == null) {
                    throw new ServeException(404, ErrorCode.USAGE, "no model " + UserText.quote(parts[3])
                            + " is served; the models are " + RequestRows.quoted(List.copyOf(models.keySet())));
                }
                x.model = parts[3];
                String action = parts.length == 5 ? parts[4] : "";
                x.route = action.isEmpty() ? "model" : List.of("predict", "reload").contains(action) ? action
                        : "other";
                switch (action) {
                    case "" -> {
                        requireMethod(x, "GET");
                        requireToken(x, !loopback);
                        x.json(200, describe(slot.current.get()));
                    }
                    case "predict" -> {
                        requireMethod(x, "POST");
                        requireToken(x, !loopback);
                        predict(x, slot);
                    }
                    case "reload" -> {
                        requireMethod(x, "POST");
                        requireToken(x, true);
                        reloadRoute(x, parts[3]);
                    }
                    default -> throw new ServeException(404, ErrorCode.USAGE, "no route " + UserText.quote(path)
                            + "; the routes are listed at /openapi.json");
                }
            } else {
                throw new ServeException(404, ErrorCode.USAGE, "no route " + UserText.quote(path)
                        + "; the routes are listed at /openapi.json");
            }
        }

        private void reloadRoute(Exchange x, String name) {
            ServedModel before = models.get(name).current.get();
            try {
                ServedModel after = reload(name);
                LOG.info("request {}: reloaded {} (sha256 {} -> {})", x.id, name, before.sha256(), after.sha256());
                x.json(200, describe(after).put("previousChecksum", before.sha256()));
            } catch (OklException e) {
                LOG.warn("request {}: reload of {} refused, still serving sha256 {}: {}", x.id, name,
                        before.sha256(), e.getMessage());
                throw new ServeException(409, e.errorCode(), message(e) + " (still serving the previous version, "
                        + "sha256 " + before.sha256() + ")");
            }
        }

        private void predict(Exchange x, Slot slot) {
            ServedModel served = slot.current.get();
            byte[] body = body(x);
            String type = x.request.getHeaders().get(HttpHeader.CONTENT_TYPE);
            Fields query = Request.extractQueryParameters(x.request);
            boolean scores = "true".equalsIgnoreCase(query.getValue("scores"));
            int top = topCount(query.getValue("top"));
            CompletableFuture<Decoded> result;
            int count;
            if (ArrowRequest.isArrow(type)) {
                // Arrow's buffers for an uncompressed stream take about the body's bytes
                ArrowRequest.Block block = ArrowRequest.read(body, served.requestColumns(), served.model().multiTask(),
                        options.maxRowsPerRequest(), 2L * body.length + (1 << 20));
                count = block.inputs().rows();
                result = slot.batcher.submit(served, block.inputs(), block.tasks());
            } else {
                double[][] rows = RequestRows.parse(body, type, served.requestColumns(), options.maxRowsPerRequest());
                int[] tasks = served.model().multiTask() ? RequestRows.tasks(rows) : null;
                count = rows.length;
                result = slot.batcher.submit(served, rows, tasks);
            }
            if (result == null) {
                metrics.rejected(served.name(), "overload");
                x.response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
                throw new ServeException(503, ErrorCode.OVERLOADED, "the server is at capacity ("
                        + slot.batcher.queued() + " rows waiting, at most " + options.maxQueuedRows()
                        + "); retry later");
            }
            // answered on the server's threads: the batch's worker goes on to the next batch while they write
            result.whenCompleteAsync((decoded, failure) -> {
                try {
                    if (failure != null) {
                        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                                ? failure.getCause() : failure;
                        if (cause instanceof OklException e && e.errorCode() != ErrorCode.INTERNAL) {
                            x.error(400, e);
                        } else {
                            LOG.error("request {}: prediction failed: {}", x.id, cause.toString(), cause);
                            x.error(500, new OklException(ErrorCode.INTERNAL, "an internal error (request "
                                    + x.id + ")"));
                        }
                        return;
                    }
                    byte[] answer = PredictionAnswer.bytes(served, decoded, scores, top);
                    metrics.predicted(served.name(), count, (System.nanoTime() - x.start) / 1e9);
                    x.send(200, "application/json", answer);
                } catch (RuntimeException e) {
                    LOG.error("request {}: {}", x.id, e.toString(), e);
                    x.error(500, new OklException(ErrorCode.INTERNAL, "an internal error (request " + x.id + ")"));
                }
            }, this::answerOnServerThread);
        }

        /** Runs an answer on the server's threads, or here when they take no more work (stopping, full). */
        private void answerOnServerThread(Runnable answer) {
            try {
                server.getThreadPool().execute(answer);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                answer.run();
            }
        }

        private int topCount(String value) {
            if (value == null) {
                return 5;
            }
            try {
                int k = Integer.parseInt(value);
                if (k >= 0 && k <= 1000) {
                    return k;
                }
            } catch (NumberFormatException e) {
                // answered below
            }
            throw new ServeException(400, ErrorCode.USAGE, "?top=" + UserText.quote(value)
                    + ": give a count from 0 to 1000");
        }

        /** The body, refused when larger than the limit (by its declared length first, else while reading). */
        private byte[] body(Exchange x) {
            long limit = options.maxBodyBytes();
            long declared = x.request.getLength();
            if (declared > limit) {
                throw tooLarge(x, declared + " bytes");
            }
            try (InputStream in = Request.asInputStream(x.request)) {
                if (declared >= 0) {
                    // read into an array of the declared size, without the growing copies of an unknown length
                    byte[] bytes = new byte[(int) declared];
                    int read = in.readNBytes(bytes, 0, bytes.length);
                    if (read < bytes.length) {
                        throw new ServeException(400, ErrorCode.USAGE, "the request body ended after " + read
                                + " of the " + declared + " bytes its Content-Length declares");
                    }
                    return bytes;
                }
                byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
                if (bytes.length > limit) {
                    throw tooLarge(x, "more than " + limit + " bytes");
                }
                return bytes;
            } catch (IOException e) {
                throw new ServeException(400, ErrorCode.USAGE, "the request body could not be read: "
                        + UserText.escape(String.valueOf(e.getMessage())));
            }
        }

        private ServeException tooLarge(Exchange x, String size) {
            metrics.rejected(x.model, "body_too_large");
            x.response.getHeaders().put(HttpHeader.CONNECTION, "close");
            return new ServeException(413, ErrorCode.USAGE, "a request body of " + size + ", more than the "
                    + options.maxBodyBytes() + " bytes the server takes; split the rows into several requests");
        }

        private void requireMethod(Exchange x, String method) {
            if (!x.request.getMethod().equals(method)) {
                x.response.getHeaders().put(HttpHeader.ALLOW, method);
                throw new ServeException(405, ErrorCode.USAGE, x.request.getMethod() + " is not allowed here; use "
                        + method);
            }
        }

        /** Requires the bearer token, when the server has one and {@code needed}; compared in constant time. */
        private void requireToken(Exchange x, boolean needed) {
            if (tokenDigest == null || !needed) {
                return;
            }
            String header = x.request.getHeaders().get(HttpHeader.AUTHORIZATION);
            String given = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7)
                    .trim() : "";
            if (!MessageDigest.isEqual(tokenDigest, sha256(given.getBytes(StandardCharsets.UTF_8)))) {
                metrics.rejected(x.model, "unauthorized");
                x.response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer");
                throw new ServeException(401, ErrorCode.USAGE, header == null
                        ? "this route needs the header 'Authorization: Bearer <token>'" : "a wrong token");
            }
        }
    }

    private static ObjectNode describe(ServedModel m) {
        ObjectNode node = JSON.createObjectNode().put("name", m.name()).put("checksum", m.sha256())
                .put("oklVersion", m.version());
        ArrayNode inputs = node.putArray("inputs");
        m.inputNames().forEach(inputs::add);
        if (m.model().multiTask()) {
            node.put("taskColumn", ServedModel.TASK);
        }
        ArrayNode outputs = node.putArray("outputs");
        m.outputNames().forEach(outputs::add);
        return node;
    }

    /** An error's message without its {@code [OKL-E...]} prefix. */
    private static String message(OklException e) {
        String m = e.getMessage();
        String prefix = "[" + e.errorCode().code() + "] ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    /**
     * The errors Jetty answers itself (a request line or headers it cannot parse or that are too large, a request
     * refused while stopping): the same JSON as the server's own, never an HTML page or a stack trace.
     */
    private static final class JsonErrors extends org.eclipse.jetty.server.handler.ErrorHandler {
        @Override
        protected void generateResponse(Request request, Response response, int code, String message,
                Throwable cause, Callback callback) {
            String id = UUID.randomUUID().toString();
            ErrorCode errorCode = code >= 500 && code != 503 ? ErrorCode.INTERNAL : ErrorCode.USAGE;
            String text = message == null || message.isBlank() ? org.eclipse.jetty.http.HttpStatus.getMessage(code)
                    : message;
            byte[] body;
            try {
                body = JSON.writeValueAsBytes(JSON.createObjectNode().put("code", errorCode.code())
                        .put("message", UserText.escape(text)).put("requestId", id));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            response.getHeaders().put("X-Request-Id", id);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
            response.write(true, ByteBuffer.wrap(body), callback);
        }
    }

    /** One request and its answer. */
    private final class Exchange {
        final Request request;
        final Response response;
        final Callback callback;
        final String id;
        final long start;
        String model = "";
        String route;

        Exchange(Request request, Response response, Callback callback, String id, long start) {
            this.request = request;
            this.response = response;
            this.callback = callback;
            this.id = id;
            this.start = start;
        }

        void json(int status, ObjectNode body) {
            try {
                send(status, "application/json", JSON.writeValueAsBytes(body));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }

        void error(int status, OklException e) {
            if (status >= 500) {
                LOG.error("request {}: {} {}", id, status, e.getMessage());
            } else {
                LOG.debug("request {}: {} {}", id, status, e.getMessage());
            }
            json(status, JSON.createObjectNode().put("code", e.errorCode().code()).put("message", message(e))
                    .put("requestId", id));
        }

        void send(int status, String type, byte[] body) {
            metrics.request(model, route == null ? "other" : route, status);
            response.setStatus(status);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
            response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
            response.write(true, ByteBuffer.wrap(body), callback);
        }
    }
}
