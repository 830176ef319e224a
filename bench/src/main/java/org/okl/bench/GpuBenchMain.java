package org.okl.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.solve.RegressionPath;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.StreamingFit;
import org.okl.core.TrainingData;
import org.okl.core.data.FileRows;
import org.okl.core.solve.Solvers;
import org.okl.decoders.Outputs;
import org.okl.decoders.decoder.CandidatesDecoder;
import org.okl.gpu.compute.DeviceCompute;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;
import org.okl.kernels.Kernels;
import org.okl.linalg.device.ComputeDevices;

/**
 * The GPU benchmarks of {@code device/gpu-suite.sh}: each scenario runs in its own JVM, on the device or the CPU as
 * {@code -Dokl.gpu} says, and prints one JSON object (timings, the chosen values, the test error, where it ran);
 * results that two runs must agree on (predictions, coefficients, rankings) are written to files that
 * {@code compare} reads. The problems are the large-n benchmark's (the bench generator, p = 20, d = 5, Gaussian sigma
 * sqrt(20), Tikhonov over 1e-7..1e-3), the 30-lambda separable path of {@code tik_path}, and candidate decoding with
 * the {@code vector} embedding.
 *
 * <pre>
 * write-csv N M DIR               the train rows as DIR/train.csv, the pipeline (rank M) as DIR/pipeline.json, the
 *                                 test rows as DIR/test.f64
 * fit-csv DIR MODEL               okl fit's streamed fit of DIR/train.csv; MODEL's test predictions to MODEL.pred
 * sums N M OUT [peer DIR]         Pipeline.fit in memory (5-fold CV over 5 lambdas); predictions to OUT;
 *                                 with peer: the rows, landmarks and folds for peer_torch.py into DIR
 * falkon N M LAMBDAS FOLDS OUT [TOL]  the same through the falkon solver (FOLDS 0: no selection; TOL: CG's
 *                                 relative residual, default 1e-7, with up to 400 iterations when given)
 * exact N OUT                     tik_path's 30-lambda exact path; the coefficients to OUT
 * decode T C D K OUT              T predictions against C candidates of D columns, the best K; rankings to OUT
 * compare A B                     the largest difference of two result files, relative to A's largest entry
 * calibrate                       the device's primitives at benchmark sizes
 * </pre>
 */
public final class GpuBenchMain {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long SEED = 0;

    private GpuBenchMain() {
    }

    /** The runtime of the scenarios, built on first use: its device is opened once per process. */
    private static final class Runtime {
        static final Okl OKL = Okl.builder().build();
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: GpuBenchMain write-csv|fit-csv|sums|falkon|exact|decode|compare|calibrate ...");
            System.exit(2);
        }
        ObjectNode out = JSON.createObjectNode();
        out.put("scenario", args[0]);
        long open = System.nanoTime();
        if (!args[0].equals("compare") && !args[0].equals("write-csv")) {
            out.put("okl_gpu", Runtime.OKL.devices().mode().id());
            Runtime.OKL.devices().device();
            out.put("device_open_s", seconds(open));
        }
        long start = System.nanoTime();
        switch (args[0]) {
            case "write-csv" -> writeCsv(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Path.of(args[3]), out);
            case "fit-csv" -> fitCsv(Path.of(args[1]), Path.of(args[2]), out);
            case "sums" -> sums(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Path.of(args[3]),
                    args.length > 5 ? Optional.of(Path.of(args[5])) : Optional.empty(), out);
            case "falkon" -> falkon(Integer.parseInt(args[1]), Integer.parseInt(args[2]), doubles(args[3]),
                    Integer.parseInt(args[4]), Path.of(args[5]), args.length > 6 ? Double.parseDouble(args[6]) : 0,
                    out);
            case "exact" -> exact(Integer.parseInt(args[1]), Path.of(args[2]), out);
            case "decode" -> decode(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                    Integer.parseInt(args[4]), Path.of(args[5]), out);
            case "compare" -> compare(Path.of(args[1]), Path.of(args[2]), out);
            case "calibrate" -> calibrate(out);
            default -> throw new IllegalArgumentException("unknown scenario " + args[0]);
        }
        out.put("process_s", (System.nanoTime() - start) * 1e-9);
        if (!args[0].equals("compare") && !args[0].equals("write-csv")) {
            out.put("device", Runtime.OKL.devices().status());
        }
        System.out.println(out);
    }

    private static List<Double> doubles(String csv) {
        return Arrays.stream(csv.split(",")).map(Double::parseDouble).toList();
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) * 1e-9;
    }

    // --- the large-n problem

    private static void writeCsv(int n, int m, Path dir, ObjectNode out) throws IOException {
        Files.createDirectories(dir);
        LowRankSettings settings = new LowRankSettings(m, 5, 20_000, "2g");
        LowRankData data = LowRankData.of(n, settings, SEED);
        data.writeTrainCsv(dir.resolve("train.csv"));
        Files.writeString(dir.resolve("pipeline.json"), PipelineFiles.toJson(LowRankData.pipeline(settings, SEED)),
                StandardCharsets.UTF_8);
        write(dir.resolve("test.f64"), data.test());
        out.put("rows", n);
        out.put("csv_mib", Files.size(dir.resolve("train.csv")) / (1024.0 * 1024.0));
    }

    private static void fitCsv(Path dir, Path model, ObjectNode out) throws IOException {
        Okl okl = Runtime.OKL;
        int p = LowRankSettings.P;
        int d = LowRankSettings.D;
        long start = System.nanoTime();
        FileRows rows = new FileRows(dir.resolve("train.csv"), okl.tables(), IntStream.range(0, p).toArray(),
                IntStream.range(p, p + d).toArray(), true, okl.workers());
        StreamingFit.Result result = okl.pipeline(okl.readPipeline(dir.resolve("pipeline.json"))).fit(rows);
        out.put("fit_s", seconds(start));
        result.model().save(model);
        out.put("parse_s", rows.parseSeconds());
        timings(result, out);
        Matrix test = read(dir.resolve("test.f64"));
        Matrix predicted = result.model().predict(LowRankData.inputs(test)).outputs();
        out.put("test_mse", LowRankData.mse(predicted, LowRankData.outputs(test)));
        write(Path.of(model + ".pred"), predicted);
    }

    private static void timings(StreamingFit.Result result, ObjectNode out) {
        out.put("rows", result.timings().rows());
        out.put("rank", result.model().provenance().sketch());
        out.put("passes", result.timings().passes());
        out.put("draw_s", result.timings().drawSeconds());
        out.put("wait_s", result.timings().readSeconds());
        out.put("kernel_s", result.timings().kernelSeconds());
        out.put("products_s", result.timings().productSeconds());
        out.put("solve_s", result.timings().solveSeconds());
        out.put("solver", result.model().provenance().solver());
        out.put("ran_on", result.model().provenance().device());
        out.set("chosen", JSON.valueToTree(result.model().provenance().chosen()));
    }

    /** The large-n problem's pipeline with another rank, solver and selection. */
    private static PipelineSpec pipeline(int m, List<Double> lambdas, int folds, Optional<ComponentSpec> solver) {
        PipelineSpec.Builder b = PipelineSpec.builder()
                .kernel(Kernels.gaussian(LowRankSettings.sigma()))
                .filter(ComponentSpec.of("tikhonov", "lambda", lambdas))
                .approximation(ComponentSpec.of("nystrom", "rank", m));
        if (folds > 1) {
            b.selection(SelectionSpec.kfold(folds).metric(ComponentSpec.of("mse")).seed(SEED).build());
        }
        solver.ifPresent(b::solver);
        return b.build();
    }

    private static void sums(int n, int m, Path predictions, Optional<Path> peer, ObjectNode out) throws IOException {
        long start = System.nanoTime();
        LowRankData data = LowRankData.of(n, new LowRankSettings(m, 5, 20_000, "2g"), SEED);
        out.put("generate_s", seconds(start));
        Okl okl = Runtime.OKL;
        PipelineSpec spec = pipeline(m, LowRankSettings.lambdas(), 5, Optional.empty());
        Matrix x = LowRankData.inputs(data.train());
        Matrix y = LowRankData.outputs(data.train());
        start = System.nanoTime();
        StreamingFit.Result result = StreamingFit.fit(okl.defaults().complete(spec), new MatrixRows(x, y),
                Optional.of(y), Optional.empty(), okl);
        out.put("fit_s", seconds(start));
        timings(result, out);
        predict(result.model(), data.test(), predictions, out);
        if (peer.isPresent()) {
            writePeerInputs(okl, spec, data, x, y, m, peer.get());
        }
    }

    private static void predict(Model model, Matrix test, Path predictions, ObjectNode out) {
        long start = System.nanoTime();
        Matrix predicted = model.predict(LowRankData.inputs(test)).outputs();
        out.put("predict_s", seconds(start));
        out.put("test_mse", LowRankData.mse(predicted, LowRankData.outputs(test)));
        write(predictions, predicted);
    }

    /**
     * What peer_torch.py reads to compute the same thing: the training rows (row-major float64, inputs then
     * outputs), the landmarks the fit drew (m x p, row-major) and every row's fold (int32).
     */
    private static void writePeerInputs(Okl okl, PipelineSpec spec, LowRankData data, Matrix x, Matrix y, int m,
            Path dir) throws IOException {
        Files.createDirectories(dir);
        VectorKernel kernel = okl.create(VectorKernel.class, spec.kernel().orElseThrow());
        KernelSketch sketch = okl.create(KernelSketch.class, spec.approximation().orElseThrow());
        SketchFeatures features = sketch.draw(kernel, new MatrixRows(x, y), okl.context());
        writeRowMajor(dir.resolve("train.f64"), data.train());
        writeRowMajor(dir.resolve("landmarks.f64"), features.arrays().get("landmarks"));
        writeRowMajor(dir.resolve("test.f64"), data.test());
        int[] folds = new int[x.rows()];
        FoldScheme.kFold(5, SEED).groupsOf(0, folds.length, folds);
        try (DataOutputStream o = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(
                dir.resolve("folds.i32")), 1 << 20))) {
            ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            for (int f : folds) {
                b.clear();
                o.write(b.putInt(f).array());
            }
        }
    }

    private static void falkon(int n, int m, List<Double> lambdas, int folds, Path predictions, double tolerance,
            ObjectNode out) {
        long start = System.nanoTime();
        LowRankData data = LowRankData.of(n, new LowRankSettings(m, Math.max(2, folds), 20_000, "2g"), SEED);
        out.put("generate_s", seconds(start));
        Okl okl = Runtime.OKL;
        ComponentSpec solver = tolerance > 0 ? ComponentSpec.of("falkon", "tolerance", tolerance, "iterations", 400)
                : ComponentSpec.of("falkon");
        PipelineSpec spec = pipeline(m, lambdas, folds, Optional.of(solver));
        Matrix x = LowRankData.inputs(data.train());
        Matrix y = LowRankData.outputs(data.train());
        start = System.nanoTime();
        StreamingFit.Result result = StreamingFit.fit(okl.defaults().complete(spec), new MatrixRows(x, y),
                Optional.of(y), Optional.empty(), okl);
        out.put("fit_s", seconds(start));
        timings(result, out);
        predict(result.model(), data.test(), predictions, out);
    }

    // --- the exact path

    private static void exact(int n, Path coefficients, ObjectNode out) {
        Okl okl = Runtime.OKL;
        BenchData data = BenchData.synthetic(n, LowRankSettings.P, LowRankSettings.D, SEED);
        var problem = TikhonovPathWorkload.problem(new BenchEnvironment(okl, LowRankSettings.P, LowRankSettings.D, SEED, null),
                data);
        long start = System.nanoTime();
        RegressionPath path = Solvers.fit(problem);
        List<Matrix> all = new ArrayList<>();
        for (int j = 0; j < path.length(); j++) {
            all.add(PathCoefficients.at(path, j, "exact"));
        }
        out.put("path_s", seconds(start));
        out.put("rows", n);
        out.put("ran_on", org.okl.linalg.device.DeviceWork.of(path));
        out.put("lambdas", path.length());
        Matrix stacked = all.get(0);
        for (int j = 1; j < all.size(); j++) {
            stacked = stacked.stackColumns(all.get(j));
        }
        BenchData test = BenchData.synthetic(2000, LowRankSettings.P, LowRankSettings.D, SEED + 1);
        start = System.nanoTime();
        Matrix[] predicted = path.predictAll(test.inputs());
        out.put("predict_s", seconds(start));
        Matrix predictions = predicted[0];
        for (int j = 1; j < predicted.length; j++) {
            predictions = predictions.stackColumns(predicted[j]);
        }
        write(coefficients, predictions);
    }

    // --- candidate decoding

    private static void decode(int t, int candidates, int d, int k, Path rankings, ObjectNode out) {
        SplittableRandom random = new SplittableRandom(SEED);
        Matrix h = gaussian(t, d, random);
        Matrix c = gaussian(candidates, d, random);
        Okl okl = Runtime.OKL;
        FittedOutputEmbedding embedding = okl.create(Outputs.vector())
                .fit(new OutputData(c.rowRange(0, Math.min(candidates, 1000)), Optional.of(c)), okl.context());
        DecodingContext context = new DecodingContext() {
            @Override
            public FittedOutputEmbedding embedding() {
                return embedding;
            }

            @Override
            public Matrix trainingOutputs() {
                return c.rowRange(0, Math.min(candidates, 1000));
            }

            @Override
            public Optional<Matrix> unlabelledOutputs() {
                return Optional.of(c);
            }

            @Override
            public Matrix readCandidates(String location) {
                throw new UnsupportedOperationException(location);
            }

            @Override
            public org.okl.api.component.ComponentContext componentContext() {
                return okl.context();
            }
        };
        CandidatesDecoder decoder = new CandidatesDecoder(CandidatesDecoder.UNLABELLED, k,
                CandidatesDecoder.DEFAULT_BUDGET);
        long start = System.nanoTime();
        Decoded decoded = decoder.decode(h, context);
        out.put("decode_s", seconds(start));
        out.put("predictions", t);
        out.put("candidates", candidates);
        int[][] indices = decoded.ranking().orElseThrow().indices();
        Matrix ranking = Matrix.zeros(t, k);
        for (int i = 0; i < t; i++) {
            for (int r = 0; r < k; r++) {
                ranking.set(i, r, indices[i][r]);
            }
        }
        write(rankings, ranking);
    }

    private static Matrix gaussian(int rows, int cols, SplittableRandom random) {
        Matrix m = Matrix.zeros(rows, cols);
        for (int i = 0; i < m.data().length; i++) {
            m.data()[i] = random.nextGaussian();
        }
        return m;
    }

    // --- comparison and calibration

    private static void compare(Path a, Path b, ObjectNode out) {
        Matrix x = read(a);
        Matrix y = read(b);
        if (x.rows() != y.rows() || x.cols() != y.cols()) {
            throw new IllegalStateException(a + " is " + x.rows() + " x " + x.cols() + ", " + b + " is " + y.rows()
                    + " x " + y.cols());
        }
        double scale = 0;
        for (double v : x.data()) {
            scale = Math.max(scale, Math.abs(v));
        }
        double diff = x.maxAbsDifference(y);
        long different = 0;
        for (int i = 0; i < x.data().length; i++) {
            different += x.data()[i] != y.data()[i] ? 1 : 0;
        }
        out.put("max_abs_difference", diff);
        out.put("relative_difference", scale == 0 ? diff : diff / scale);
        out.put("entries_differing", different);
        out.put("entries", x.data().length);
    }

    private static void calibrate(ObjectNode out) {
        ComputeDevices devices = Runtime.OKL.devices();
        Device device = devices.device().map(d -> ((DeviceCompute) d).device()).orElseThrow(() ->
                new IllegalStateException("no compute device: " + devices.status()));
        out.put("card", device.description());
        try (Device.Stream s = device.stream()) {
            int n = 8192;
            try (DeviceBuffer a = device.allocate((long) n * n, "a"); DeviceBuffer b = device.allocate((long) n * n,
                    "b"); DeviceBuffer c = device.allocate((long) n * n, "c")) {
                device.fill(a, (long) n * n, 0.5, s);
                device.fill(b, (long) n * n, 0.25, s);
                for (int rep = 0; rep < 3; rep++) {
                    long start = System.nanoTime();
                    device.gemm(s, false, false, n, n, n, 1.0, a, n, b, n, 0.0, c, n);
                    device.synchronize(s);
                    out.put("dgemm_8192_tflops", 2.0 * n * n * n / seconds(start) / 1e12);
                }
            }
            int m = 2000;
            int rows = 65536;
            try (DeviceBuffer x = device.allocate((long) rows * 20, "x"); DeviceBuffer l = device.allocate(m * 20L,
                    "l"); DeviceBuffer phi = device.allocate((long) rows * m, "phi");
                    DeviceBuffer g = device.allocate((long) m * m, "g")) {
                device.fill(x, (long) rows * 20, 0.1, s);
                device.fill(l, m * 20L, 0.2, s);
                device.synchronize(s);
                long start = System.nanoTime();
                for (int r = 0; r < 16; r++) {
                    device.gaussian(s, rows, m, 20, x, rows, l, m, 0.025, phi, rows);
                }
                device.synchronize(s);
                out.put("gaussian_gentries_per_s", 16.0 * rows * m / seconds(start) / 1e9);
                start = System.nanoTime();
                for (int r = 0; r < 16; r++) {
                    device.syrk(s, true, m, rows, 1.0, phi, rows, 1.0, g, m);
                }
                device.synchronize(s);
                out.put("dsyrk_2000_tflops", 16.0 * rows * m * (double) m / seconds(start) / 1e12);
            }
            for (int order : new int[] {4000, 8000}) {
                try (DeviceBuffer a = device.allocate((long) order * order, "a"); DeviceBuffer w = device.allocate(
                        order, "w"); DeviceBuffer x = device.allocate((long) order * 20, "x")) {
                    device.fill(x, (long) order * 20, 0.0, s);
                    double[] v = new double[order * 20];
                    SplittableRandom random = new SplittableRandom(1);
                    for (int i = 0; i < v.length; i++) {
                        v[i] = random.nextGaussian();
                    }
                    device.write(v, 0, x, v.length);
                    device.gaussian(s, order, order, 20, x, order, x, order, 0.025, a, order);
                    long start = System.nanoTime();
                    int info = device.syevd(s, order, a, order, w);
                    out.put("syevd_" + order + "_s", seconds(start));
                    out.put("syevd_" + order + "_info", info);
                    device.gaussian(s, order, order, 20, x, order, x, order, 0.025, a, order);
                    device.addDiagonal(s, order, a, order, 1.0);
                    start = System.nanoTime();
                    info = device.potrf(s, order, a, order);
                    out.put("potrf_" + order + "_s", seconds(start));
                    out.put("potrf_" + order + "_info", info);
                }
            }
        }
    }

    // --- files: rows, cols (int64), then the column-major doubles, little-endian

    static void write(Path file, Matrix m) {
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            ByteBuffer b = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
            b.putLong(m.rows()).putLong(m.cols());
            for (double v : m.data()) {
                if (b.remaining() < 8) {
                    o.write(b.array(), 0, b.position());
                    b.clear();
                }
                b.putDouble(v);
            }
            o.write(b.array(), 0, b.position());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    static Matrix read(Path file) {
        try (InputStream in = new java.io.BufferedInputStream(Files.newInputStream(file), 1 << 20)) {
            DataInputStream data = new DataInputStream(in);
            byte[] header = data.readNBytes(16);
            ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
            int rows = (int) h.getLong();
            int cols = (int) h.getLong();
            double[] v = new double[rows * cols];
            byte[] chunk = new byte[1 << 16];
            int at = 0;
            while (at < v.length) {
                int bytes = Math.min(chunk.length, 8 * (v.length - at));
                data.readFully(chunk, 0, bytes);
                ByteBuffer b = ByteBuffer.wrap(chunk, 0, bytes).order(ByteOrder.LITTLE_ENDIAN);
                while (b.hasRemaining()) {
                    v[at++] = b.getDouble();
                }
            }
            return new Matrix(rows, cols, v);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void writeRowMajor(Path file, Matrix m) {
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            ByteBuffer row = ByteBuffer.allocate(8 * m.cols()).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < m.rows(); i++) {
                row.clear();
                for (int j = 0; j < m.cols(); j++) {
                    row.putDouble(m.get(i, j));
                }
                o.write(row.array());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
