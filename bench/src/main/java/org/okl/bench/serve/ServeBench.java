package org.okl.bench.serve;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.linalg.parallel.Workers;
import org.okl.onnx.OnnxExport;
import org.okl.serve.ModelLoader;
import org.okl.serve.ModelServer;
import org.okl.serve.ServeOptions;

/**
 * {@code okl bench --serve}: a Nystrom model and an exact model served by {@link ModelServer} on loopback in this
 * JVM, spoken to by JDK HTTP clients, side by side with ONNX Runtime running the exported float64 graph in this JVM
 * on the same rows, {@code okl predict} in its own JVM on a CSV file, and the kernel block product alone (the
 * kernel block of a batch against the m centers times the m x q coefficients, timed on the back-end): the rows per
 * second that bound what any route can reach. The batches of 64 rows and more (and the largest) are also sent as
 * Apache Arrow IPC streams (the same rows, written once with Arrow's {@link ArrowStreamWriter}). Every measurement
 * is bounded in requests and seconds; the repeats
 * visit every measurement in turn (interleaved) and the medians are reported, with the load average.
 */
public final class ServeBench {
    /** A measurement: which engine, how many clients, rows per request. */
    private record Cell(String engine, int clients, int batch) {
    }

    private final ServeBenchSettings settings;
    private final Okl okl;
    private final PrintWriter progress;
    private final String commandLine;

    /**
     * A benchmark.
     *
     * @param settings    sizes and bounds
     * @param okl         the runtime (back-end, plugins)
     * @param progress    where progress lines go (standard error)
     * @param commandLine the command line printed above the table
     */
    public ServeBench(ServeBenchSettings settings, Okl okl, PrintWriter progress, String commandLine) {
        this.settings = settings;
        this.okl = okl;
        this.progress = progress;
        this.commandLine = commandLine;
    }

    /**
     * The rows of a tile when the kernel block limit is computed by tiles: what {@code Model.predict} takes for a
     * 2,000-wide block (core's {@code PredictionTiles}: about 2^20 entries, 256 to 1,024 rows).
     */
    static final int LIMIT_TILE = 512;

    /** The smallest batch also sent as Arrow bodies (the largest batch always is). */
    static final int ARROW_FROM = 64;

    /** The media type of Arrow IPC stream bodies. */
    private static final String ARROW = "application/vnd.apache.arrow.stream";

    /** One model's data for the measurements. */
    private static final class Subject {
        final String name;
        final String label;
        final int centers;
        final Path file;
        final Map<Integer, List<byte[]>> bodies = new LinkedHashMap<>();
        final Map<Integer, List<byte[]>> arrowBodies = new LinkedHashMap<>();
        final Map<Integer, List<double[]>> flat = new LinkedHashMap<>();
        final Map<Integer, List<Matrix>> matrices = new LinkedHashMap<>();
        OnnxRuntimeEngine onnx;
        Model model;

        Subject(String name, String label, int centers, Path file) {
            this.name = name;
            this.label = label;
            this.centers = centers;
            this.file = file;
        }
    }

    /** Runs every measurement and returns the report (Markdown). */
    public String run() {
        String loadStart = loadAverage();
        Path folder;
        boolean temporary = settings.modelFolder().isEmpty();
        try {
            folder = temporary ? Files.createTempDirectory("okl-serve-bench") : settings.modelFolder().get();
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the models' folder: " + e.getMessage(), e);
        }
        int p = settings.inputs();
        int q = settings.outputs();
        List<Subject> subjects = new ArrayList<>();
        say("models: Nystrom m = %d on %d rows, exact n = %d (p = %d, q = %d) in %s", settings.rank(),
                settings.nystromRows(), settings.exactRows(), p, q, folder);
        Model nystrom = ServeModels.model(okl, folder, "nystrom", settings.nystromRows(), p, q, settings.rank(), 1e-3,
                settings.seed());
        Model exact = ServeModels.model(okl, folder, "exact", settings.exactRows(), p, q, 0, 1e-3, settings.seed());
        subjects.add(new Subject("nystrom", "Nystrom (m = " + settings.rank() + ")", settings.rank(),
                folder.resolve("nystrom.okl")));
        subjects.add(new Subject("exact", "exact (n = " + settings.exactRows() + ")", settings.exactRows(),
                folder.resolve("exact.okl")));
        Optional<String> noOnnx = OnnxRuntimeEngine.unavailable();
        noOnnx.ifPresent(why -> say("%s: the ONNX Runtime column stays empty", why));
        int bodiesPerSize = 8;
        for (Subject s : subjects) {
            for (int b : sizes()) {
                List<byte[]> bodies = new ArrayList<>();
                List<double[]> flats = new ArrayList<>();
                List<Matrix> xs = new ArrayList<>();
                for (int k = 0; k < bodiesPerSize; k++) {
                    Matrix x = ServeModels.inputs(b, p, settings.seed() + 1000L * b + k);
                    bodies.add(json(x));
                    flats.add(rowMajor(x));
                    xs.add(x);
                }
                s.bodies.put(b, bodies);
                s.flat.put(b, flats);
                s.matrices.put(b, xs);
            }
            s.model = s.name.equals("nystrom") ? nystrom : exact;
            if (noOnnx.isEmpty()) {
                s.onnx = OnnxRuntimeEngine.open(OnnxExport.bytes(s.model, OnnxExport.Precision.FLOAT64));
            }
        }
        Path csv = folder.resolve("predict-input.csv");
        writeCsv(csv, ServeModels.inputs(settings.predictRows(), p, settings.seed() + 7));

        List<Cell> cells = new ArrayList<>();
        for (int c : settings.concurrency()) {
            cells.add(new Cell("serve", c, 1));
            if (noOnnx.isEmpty()) {
                cells.add(new Cell("onnx", c, 1));
            }
        }
        for (int b : settings.batches()) {
            if (b == 1) {
                continue;
            }
            cells.add(new Cell("serve", settings.highConcurrency(), b));
            if (arrowBatch(b)) {
                cells.add(new Cell("arrow", settings.highConcurrency(), b));
            }
            cells.add(new Cell("model", settings.highConcurrency(), b));
            if (noOnnx.isEmpty()) {
                cells.add(new Cell("onnx", settings.highConcurrency(), b));
            }
        }
        Map<String, List<ClosedLoop.Outcome>> outcomes = new LinkedHashMap<>();
        Map<String, List<Double>> predictRates = new LinkedHashMap<>();
        Map<String, List<double[]>> limits = new LinkedHashMap<>();
        int limitBatch = settings.batches().stream().mapToInt(Integer::intValue).max().orElse(1);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).executor(Executors.newCachedThreadPool(r -> {
                    Thread t = new Thread(r, "okl-bench-http");
                    t.setDaemon(true);
                    return t;
                })).build();
        String loadEnd;
        ModelLoader loader = ModelLoader.verified(okl);
        ServeOptions options = ServeOptions.defaults().withBatching(Duration.ofMillis(2), 4096, 1 << 20);
        try (ModelServer server = ModelServer.start(Map.of("nystrom", subjects.get(0).file, "exact",
                subjects.get(1).file), options, loader)) {
            say("serving on %s", server.uri());
            for (Subject s : subjects) {
                List<String> columns = server.model(s.name).requestColumns();
                for (int b : settings.batches()) {
                    if (arrowBatch(b)) {
                        s.arrowBodies.put(b, s.matrices.get(b).stream().map(x -> arrow(x, columns)).toList());
                    }
                }
            }
            // warm-up: every measurement once, briefly, untimed
            for (Subject s : subjects) {
                for (Cell c : cells) {
                    measure(client, server.uri(), s, c, Math.max(2, settings.requests() / 10),
                            settings.seconds() / 4);
                }
                kernelBlockLimit(s, limitBatch);
            }
            for (int r = 0; r < settings.repeats(); r++) {
                say("repeat %d of %d (load %s)", r + 1, settings.repeats(), loadAverage());
                for (Subject s : subjects) {
                    for (Cell c : cells) {
                        outcomes.computeIfAbsent(key(s, c), k -> new ArrayList<>()).add(measure(client, server.uri(),
                                s, c, settings.requests(), settings.seconds()));
                    }
                    limits.computeIfAbsent(s.name, k -> new ArrayList<>()).add(kernelBlockLimit(s, limitBatch));
                    predictRates.computeIfAbsent(s.name, k -> new ArrayList<>()).add(predictProcess(s, csv, folder));
                }
            }
            loadEnd = loadAverage();
        } finally {
            subjects.forEach(s -> {
                if (s.onnx != null) {
                    s.onnx.close();
                }
            });
            if (temporary) {
                deleteTree(folder);
            }
        }
        return report(subjects, cells, outcomes, limits, predictRates, limitBatch, loadStart, loadEnd);
    }

    private List<Integer> sizes() {
        List<Integer> all = new ArrayList<>(settings.batches());
        if (!all.contains(1)) {
            all.add(0, 1);
        }
        return all;
    }

    private static String key(Subject s, Cell c) {
        return s.name + "/" + c.engine() + "/" + c.clients() + "/" + c.batch();
    }

    private ClosedLoop.Outcome measure(HttpClient client, URI uri, Subject s, Cell c, int requests, double seconds) {
        List<byte[]> bodies = s.bodies.get(c.batch());
        List<double[]> flats = s.flat.get(c.batch());
        ClosedLoop.Outcome o;
        if (c.engine().equals("serve") || c.engine().equals("arrow")) {
            URI predict = uri.resolve("v1/models/" + s.name + "/predict");
            boolean arrow = c.engine().equals("arrow");
            List<byte[]> sent = arrow ? s.arrowBodies.get(c.batch()) : bodies;
            String type = arrow ? ARROW : "application/json";
            o = ClosedLoop.run(c.clients(), requests, seconds, c.batch(), i -> {
                HttpRequest request = HttpRequest.newBuilder(predict).timeout(Duration.ofSeconds(120))
                        .header("Content-Type", type)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(sent.get(i % sent.size()))).build();
                return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
            });
        } else if (c.engine().equals("model")) {
            List<Matrix> xs = s.matrices.get(c.batch());
            o = ClosedLoop.run(c.clients(), requests, seconds, c.batch(),
                    i -> s.model.predict(xs.get(i % xs.size())).outputs().rows() == c.batch());
        } else {
            o = ClosedLoop.run(c.clients(), requests, seconds, c.batch(),
                    i -> s.onnx.run(flats.get(i % flats.size()), c.batch()));
        }
        if (o.failures() > 0) {
            say("%s: %d failed requests, for example %s", key(s, c), o.failures(), o.sample());
        }
        return o;
    }

    /**
     * Rows per second of the kernel block product alone at {@code batch} rows: the Gaussian kernel block of the
     * batch against {@code centers} points (on the back-end) times a centers x q coefficient matrix, computed two
     * ways, and the faster one: as one call (the block whole, the BLAS on its own threads), and by tiles of
     * {@value #LIMIT_TILE} rows as tasks of the runtime's pool (the BLAS on one thread per call), which is how
     * {@code Model.predict} computes it; so the limit is not one that OKL's own way of predicting could beat. Each
     * the median of the runs of half a second (at least 3, at most 50).
     *
     * @return {one call, by tiles} in rows per second
     */
    private double[] kernelBlockLimit(Subject s, int batch) {
        int p = settings.inputs();
        VectorKernel kernel = okl.create(VectorKernel.class, ComponentSpec.of("gaussian", "sigma",
                ServeModels.sigma(p)));
        LinearAlgebra la = okl.context().linearAlgebra();
        Workers workers = Workers.of(okl.context());
        Matrix x = ServeModels.inputs(batch, p, settings.seed() + 11);
        Matrix centers = ServeModels.inputs(s.centers, p, settings.seed() + 12);
        Matrix coefficients = ServeModels.inputs(s.centers, settings.outputs(), settings.seed() + 13);
        int tiles = (batch + LIMIT_TILE - 1) / LIMIT_TILE;
        double oneCall = blockRate(batch, () -> la.multiply(kernel.gram(x, centers), coefficients).get(0, 0));
        double byTiles = blockRate(batch, () -> {
            double[] first = new double[tiles];
            workers.forEach(tiles, t -> {
                Matrix rows = x.rowRange(t * LIMIT_TILE, Math.min(batch, (t + 1) * LIMIT_TILE));
                first[t] = la.multiply(kernel.gram(rows, centers), coefficients).get(0, 0);
            });
            return first[tiles - 1];
        });
        return new double[] {oneCall, byTiles};
    }

    /** Rows per second of {@code block}, which computes {@code rows} rows: the median of half a second of runs. */
    private static double blockRate(int rows, java.util.function.DoubleSupplier block) {
        List<Double> times = new ArrayList<>();
        long until = System.nanoTime() + 500_000_000L;
        while (times.size() < 3 || times.size() < 50 && System.nanoTime() < until) {
            long t0 = System.nanoTime();
            double probe = block.getAsDouble();
            times.add((System.nanoTime() - t0) / 1e9);
            if (!Double.isFinite(probe)) {
                throw new IllegalStateException("the kernel block product is not finite");
            }
        }
        return rows / medianOf(times);
    }

    /** Rows per second of {@code okl predict} on the CSV file in its own JVM, its start included. */
    private double predictProcess(Subject s, Path csv, Path folder) {
        Path out = folder.resolve("predict-" + s.name + ".csv");
        List<String> command = JavaProcess.okl(List.of("predict", "--model", s.file.toString(), "--data",
                csv.toString(), "--out", out.toString()));
        try {
            Path log = Files.createTempFile("okl-bench-predict", ".log");
            try {
                long t0 = System.nanoTime();
                Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                        .start();
                if (!process.waitFor(600, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new IllegalStateException("okl predict did not end in 600 s");
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                if (process.exitValue() != 0) {
                    throw new IllegalStateException("okl predict failed (exit " + process.exitValue() + "): "
                            + Files.readString(log));
                }
                return settings.predictRows() / seconds;
            } finally {
                Files.deleteIfExists(log);
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run okl predict: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private String report(List<Subject> subjects, List<Cell> cells, Map<String, List<ClosedLoop.Outcome>> outcomes,
            Map<String, List<double[]>> limits, Map<String, List<Double>> predictRates, int limitBatch,
            String loadStart, String loadEnd) {
        int processors = Runtime.getRuntime().availableProcessors();
        StringBuilder md = new StringBuilder();
        md.append("Command: `").append(commandLine).append("`\n\n");
        md.append(String.format(Locale.ROOT, "Models: Nystrom m = %d (fitted on %d rows) and exact n = %d; p = %d "
                + "inputs, q = %d outputs; Gaussian kernel. Loopback HTTP (JSON rows, or Arrow bodies where said; "
                + "JDK HTTP client, closed loop), "
                + "each measurement bounded by %d requests and %.0f s; %d interleaved repeats, medians. ONNX Runtime "
                + "runs the exported float64 graph in the same JVM on the same rows, as OKL in the JVM runs Model.predict (no HTTP, "
                + "no JSON); okl predict reads a CSV of %d "
                + "rows in its own JVM (start included). The server: okl serve's defaults (2 ms batching wait, 4,096 "
                + "rows per call), its queue raised to 2^20 rows. Back-end: %s; %d processors.%n%n", settings.rank(),
                settings.nystromRows(), settings.exactRows(), settings.inputs(), settings.outputs(),
                settings.requests(), settings.seconds(), settings.repeats(), settings.predictRows(),
                okl.context().linearAlgebra().name(), processors));
        md.append("Load average (1, 5, 15 min): ").append(loadStart).append(" at start, ").append(loadEnd)
                .append(" at end");
        double worst = Math.max(firstLoad(loadStart), firstLoad(loadEnd));
        if (worst > 0.5 * processors) {
            md.append(String.format(Locale.ROOT, " (above 0.5 per core, %.1f for %d cores: not quiet numbers)",
                    0.5 * processors, processors));
        }
        md.append(".\n\n");
        md.append("| model | measurement | OKL serve | ONNX Runtime | OKL in the JVM | okl predict "
                + "| OKL serve / ONNX Runtime | OKL in the JVM / ONNX Runtime | failed |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Subject s : subjects) {
            for (int c : settings.concurrency()) {
                for (String what : List.of("p50", "p99")) {
                    double q = what.equals("p50") ? 0.5 : 0.99;
                    double okl = median(outcomes.get(key(s, new Cell("serve", c, 1))), o -> o.quantile(q)) * 1e3;
                    double ort = median(outcomes.get(key(s, new Cell("onnx", c, 1))), o -> o.quantile(q)) * 1e3;
                    row(md, s.label, "single-row latency " + what + ", " + c + (c == 1 ? " client" : " clients")
                            + " (ms)", okl, ort, Double.NaN, Double.NaN, ort / okl, Double.NaN,
                            failed(outcomes, s, c, 1, "serve", "onnx", "model"));
                }
            }
            int high = settings.highConcurrency();
            for (int b : settings.batches()) {
                double okl = median(outcomes.get(key(s, new Cell("serve", high, b))),
                        ClosedLoop.Outcome::rowsPerSecond);
                double ort = median(outcomes.get(key(s, new Cell("onnx", high, b))),
                        ClosedLoop.Outcome::rowsPerSecond);
                double inJvm = median(outcomes.get(key(s, new Cell("model", high, b))),
                        ClosedLoop.Outcome::rowsPerSecond);
                double predict = b == limitBatch ? medianOf(predictRates.get(s.name)) : Double.NaN;
                row(md, s.label, "rows/s, batches of " + b + ", " + high + " clients", okl, ort, inJvm, predict,
                        okl / ort, inJvm / ort, failed(outcomes, s, high, b, "serve", "onnx", "model"));
            }
            for (int b : settings.batches()) {
                if (arrowBatch(b)) {
                    double arrow = median(outcomes.get(key(s, new Cell("arrow", high, b))),
                            ClosedLoop.Outcome::rowsPerSecond);
                    double ort = median(outcomes.get(key(s, new Cell("onnx", high, b))),
                            ClosedLoop.Outcome::rowsPerSecond);
                    row(md, s.label, "rows/s, batches of " + b + ", " + high + " clients, Arrow bodies", arrow, ort,
                            Double.NaN, Double.NaN, arrow / ort, Double.NaN, failed(outcomes, s, high, b, "arrow"));
                }
            }
            double oneCall = medianOf(limits.get(s.name).stream().map(l -> l[0]).toList());
            double byTiles = medianOf(limits.get(s.name).stream().map(l -> l[1]).toList());
            double limit = Math.max(oneCall, byTiles);
            double batched = median(outcomes.get(key(s, new Cell("serve", high, limitBatch))),
                    ClosedLoop.Outcome::rowsPerSecond);
            double batchedArrow = median(outcomes.get(key(s, new Cell("arrow", high, limitBatch))),
                    ClosedLoop.Outcome::rowsPerSecond);
            double flops = 2.0 * s.centers * (settings.inputs() + settings.outputs());
            md.append("| ").append(s.label).append(" | kernel block product alone, ").append(limitBatch)
                    .append(" rows (rows/s, the faster of one call, ").append(number(oneCall)).append(", and ")
                    .append(LIMIT_TILE).append("-row tiles on the pool, ").append(number(byTiles)).append("; ")
                    .append(String.format(Locale.ROOT, "%.1f GFLOP/s", limit * flops / 1e9))
                    .append(") | ").append(number(limit)).append(" | | | | | | |\n");
            md.append("| ").append(s.label).append(" | batched throughput / kernel block limit, JSON bodies (target >= "
                    + "0.8) | ").append(String.format(Locale.ROOT, "%.2f", batched / limit)).append(" | | | | | | |\n");
            md.append("| ").append(s.label).append(" | batched throughput / kernel block limit, Arrow bodies (target "
                    + ">= 0.8) | ").append(String.format(Locale.ROOT, "%.2f", batchedArrow / limit))
                    .append(" | | | | | | |\n");
        }
        md.append("\nOKL serve / ONNX Runtime: the speed ratio (rows/s of OKL over ONNX Runtime's; for latencies "
                + "ONNX Runtime's over OKL's), target >= 1 for the batches; OKL in the JVM / ONNX Runtime: the same "
                + "model evaluation without HTTP and JSON, which ONNX Runtime's column does not pay either. okl "
                + "predict: the batch case only. Arrow bodies: the same rows as Arrow IPC streams of float64 columns "
                + "(application/vnd.apache.arrow.stream), the answers JSON as for JSON bodies.\n");
        return md.toString();
    }

    private static void row(StringBuilder md, String model, String what, double okl, double ort, double inJvm,
            double predict, double ratio, double inJvmRatio, int failed) {
        md.append("| ").append(model).append(" | ").append(what).append(" | ").append(number(okl)).append(" | ")
                .append(number(ort)).append(" | ").append(number(inJvm)).append(" | ").append(number(predict))
                .append(" | ").append(Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.2f", ratio) : "")
                .append(" | ").append(Double.isFinite(inJvmRatio) ? String.format(Locale.ROOT, "%.2f", inJvmRatio) : "")
                .append(" | ").append(failed).append(" |\n");
    }

    private int failed(Map<String, List<ClosedLoop.Outcome>> outcomes, Subject s, int clients, int batch,
            String... engines) {
        int n = 0;
        for (String engine : engines) {
            List<ClosedLoop.Outcome> list = outcomes.get(key(s, new Cell(engine, clients, batch)));
            if (list != null) {
                n += list.stream().mapToInt(ClosedLoop.Outcome::failures).sum();
            }
        }
        return n;
    }

    private static String number(double v) {
        if (!Double.isFinite(v)) {
            return "";
        }
        if (v >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.3g", v);
    }

    private static double median(List<ClosedLoop.Outcome> list,
            java.util.function.ToDoubleFunction<ClosedLoop.Outcome> f) {
        if (list == null) {
            return Double.NaN;
        }
        return medianOf(list.stream().map(o -> f.applyAsDouble(o)).toList());
    }

    private static double medianOf(List<Double> values) {
        if (values == null || values.isEmpty()) {
            return Double.NaN;
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static byte[] json(Matrix x) {
        StringBuilder b = new StringBuilder(x.rows() * x.cols() * 8);
        b.append('[');
        for (int i = 0; i < x.rows(); i++) {
            b.append(i == 0 ? "[" : ",[");
            for (int j = 0; j < x.cols(); j++) {
                if (j > 0) {
                    b.append(',');
                }
                b.append(x.get(i, j));
            }
            b.append(']');
        }
        return b.append(']').toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Whether the batches of {@code b} rows are also sent as Arrow bodies. */
    private boolean arrowBatch(int b) {
        return b > 1 && (b >= ARROW_FROM || b == settings.batches().stream().mapToInt(Integer::intValue).max()
                .orElse(1));
    }

    /** The rows of {@code x} as an Arrow IPC stream of float64 columns named {@code columns}, one record batch. */
    static byte[] arrow(Matrix x, List<String> columns) {
        List<Field> fields = columns.stream().map(name -> new Field(name, FieldType.notNullable(
                new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null)).toList();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
             ArrowStreamWriter writer = new ArrowStreamWriter(root, null, java.nio.channels.Channels.newChannel(out))) {
            writer.start();
            root.allocateNew();
            for (int j = 0; j < x.cols(); j++) {
                Float8Vector v = (Float8Vector) root.getVector(j);
                for (int i = 0; i < x.rows(); i++) {
                    v.setSafe(i, x.get(i, j));
                }
            }
            root.setRowCount(x.rows());
            writer.writeBatch();
            writer.end();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write an Arrow body: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    private static double[] rowMajor(Matrix x) {
        double[] out = new double[x.rows() * x.cols()];
        for (int i = 0; i < x.rows(); i++) {
            for (int j = 0; j < x.cols(); j++) {
                out[i * x.cols() + j] = x.get(i, j);
            }
        }
        return out;
    }

    private static void writeCsv(Path file, Matrix x) {
        StringBuilder b = new StringBuilder();
        for (int j = 0; j < x.cols(); j++) {
            b.append(j == 0 ? "" : ",").append('c').append(j);
        }
        b.append('\n');
        for (int i = 0; i < x.rows(); i++) {
            for (int j = 0; j < x.cols(); j++) {
                b.append(j == 0 ? "" : ",").append(x.get(i, j));
            }
            b.append('\n');
        }
        try {
            Files.writeString(file, b);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The 1, 5 and 15 minute load averages of /proc/loadavg, or "unknown". */
    static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return parts[0] + ", " + parts[1] + ", " + parts[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static double firstLoad(String load) {
        try {
            return Double.parseDouble(load.split(",")[0].trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private void say(String format, Object... args) {
        progress.println("okl bench --serve: " + String.format(Locale.ROOT, format, args));
        progress.flush();
    }

    static void deleteTree(Path folder) {
        try (var paths = Files.walk(folder)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
