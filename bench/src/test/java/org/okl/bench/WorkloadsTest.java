package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.api.Test;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.core.Okl;
import org.okl.linalg.LinearAlgebras;

/** Every workload computes the right thing at a small size, and a tiny run of all of them completes. */
class WorkloadsTest {
    /** Large enough that the separable nu-method stays on its matrix-free route (2·t·d = 600 < 9·n). */
    private static final int N = 80;
    private static final int P = 5;
    private static final int D = 3;
    private static final StructuredSizes TINY = new StructuredSizes(60, 80, 30, 60, 100, 40, 8);
    private static final LowRankSettings TINY_LOW_RANK = new LowRankSettings(20, 3, 50, "256m");

    private static Okl okl(LinearAlgebra la) {
        return Okl.builder().linearAlgebra(la).dataDirectory(null).build();
    }

    private static BenchEnvironment environment() {
        return new BenchEnvironment(okl(LinearAlgebras.java()), P, D, 3, TINY);
    }

    /** The Gaussian Gram by its definition, element by element. */
    private static double[][] naiveGram(Matrix x, double sigma) {
        int n = x.rows();
        double[][] k = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int c = 0; c < x.cols(); c++) {
                    double diff = x.get(i, c) - x.get(j, c);
                    s += diff * diff;
                }
                k[i][j] = Math.exp(-s / (2 * sigma * sigma));
            }
        }
        return k;
    }

    /** A = omega 1 1^T + (1 - omega) I. */
    private static double[][] commonSimilarity(int d) {
        double[][] a = new double[d][d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                a[i][j] = SeparableProblems.OMEGA + (i == j ? 1 - SeparableProblems.OMEGA : 0);
            }
        }
        return a;
    }

    @Test
    void gramWorkloadIsTheGaussianGram() {
        BenchEnvironment env = environment();
        Matrix k = (Matrix) new GramWorkload().prepare(env, N).run();
        double[][] expected = naiveGram(env.data(N).inputs(), Math.sqrt(P));
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                assertThat(k.get(i, j)).isCloseTo(expected[i][j], within(1e-12));
            }
        }
    }

    @Test
    void eighWorkloadReconstructsTheGram() {
        BenchEnvironment env = environment();
        SymmetricEigen eigen = (SymmetricEigen) new EigenWorkload().prepare(env, N).run();
        double[][] k = naiveGram(env.data(N).inputs(), Math.sqrt(P));
        Matrix v = eigen.vectors();
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                double s = 0;
                for (int l = 0; l < N; l++) {
                    s += v.get(i, l) * eigen.values()[l] * v.get(j, l);
                }
                assertThat(s).isCloseTo(k[i][j], within(1e-10));
            }
        }
    }

    @Test
    void tikhonovPathPointEqualsADirectSolveOfTheKroneckerSystem() {
        BenchEnvironment env = environment();
        BenchData data = env.data(N);
        @SuppressWarnings("unchecked")
        List<Matrix> path = (List<Matrix>) new TikhonovPathWorkload().prepare(env, N).run();
        assertThat(path).hasSize(TikhonovPathWorkload.PATH_LENGTH);
        double[][] k = naiveGram(data.inputs(), Math.sqrt(P));
        double[][] a = commonSimilarity(D);
        for (int index : new int[] {0, 17, 29}) {
            double lambda = TikhonovPathWorkload.lambdas().get(index);
            // (A ⊗ K + n lambda I) vec(C) = vec(Y), column-major vec, the oracle the solver must never form
            int nd = N * D;
            double[][] system = new double[nd][nd];
            for (int p = 0; p < D; p++) {
                for (int q = 0; q < D; q++) {
                    for (int i = 0; i < N; i++) {
                        for (int j = 0; j < N; j++) {
                            system[i + p * N][j + q * N] = a[p][q] * k[i][j];
                        }
                    }
                }
            }
            for (int i = 0; i < nd; i++) {
                system[i][i] += N * lambda;
            }
            double[] c = new LUDecomposition(new Array2DRowRealMatrix(system, false)).getSolver()
                    .solve(new ArrayRealVector(data.outputs().data())).toArray();
            double scale = 0;
            for (double v : c) {
                scale = Math.max(scale, Math.abs(v));
            }
            double[] got = path.get(index).data();
            for (int i = 0; i < nd; i++) {
                assertThat(got[i]).isCloseTo(c[i], within(1e-7 * scale));
            }
        }
    }

    @Test
    void nuMethodEqualsTheRecurrenceRunDirectly() {
        BenchEnvironment env = environment();
        BenchData data = env.data(N);
        Matrix got = (Matrix) new NuMethodWorkload().prepare(env, N).run();
        RealMatrix k = new Array2DRowRealMatrix(naiveGram(data.inputs(), Math.sqrt(P)));
        RealMatrix a = new Array2DRowRealMatrix(commonSimilarity(D));
        RealMatrix y = new Array2DRowRealMatrix(data.outputs().toRows());
        double kMax = new EigenDecomposition(k).getRealEigenvalues()[0];
        double aMax = new EigenDecomposition(a).getRealEigenvalues()[0];
        double sc = 1.0 / (kMax * aMax);
        double nu = 1.0;
        RealMatrix previous = new Array2DRowRealMatrix(N, D);
        RealMatrix current = y.scalarMultiply((4 * nu + 2) / (4 * nu + 1) * sc);
        for (int i = 2; i <= NuMethodWorkload.ITERATIONS; i++) {
            double u = (i - 1) * (2.0 * i - 3) * (2 * i + 2 * nu - 1)
                    / ((i + 2 * nu - 1) * (2 * i + 4 * nu - 1) * (2 * i + 2 * nu - 3));
            double w = 4 * (2 * i + 2 * nu - 1) * (i + nu - 1) / ((i + 2 * nu - 1) * (2 * i + 4 * nu - 1));
            RealMatrix residual = y.subtract(k.multiply(current).multiply(a));
            RealMatrix next = current.add(current.subtract(previous).scalarMultiply(u))
                    .add(residual.scalarMultiply(w * sc));
            previous = current;
            current = next;
        }
        double scale = current.getNorm();
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < D; j++) {
                assertThat(got.get(i, j)).isCloseTo(current.getEntry(i, j), within(1e-7 * scale));
            }
        }
    }

    @Test
    void uspsDecodingReturnsOneCandidateRowPerTestDigit() {
        BenchEnvironment env = environment();
        Decoded decoded = (Decoded) new UspsDecodeWorkload().prepare(env, 0).run();
        assertThat(decoded.outputs().rows()).isEqualTo(TINY.uspsTest());
        assertThat(decoded.outputs().cols()).isEqualTo(128);
    }

    @Test
    void tinyRunOfEveryWorkloadOnEveryBackEndCompletesWithPositiveTimes() {
        List<String> backends = new ArrayList<>(List.of("java"));
        LinearAlgebras.nativeBackend().ifPresent(n -> backends.add(0, "native"));
        BenchSettings settings = new BenchSettings(List.of(N), P, D, backends, 2, 1,
                List.copyOf(Workloads.all().values()), TINY, 0, TINY_LOW_RANK);
        StringWriter progress = new StringWriter();
        BenchReport report = new BenchRunner(settings, WorkloadsTest::okl, Optional.empty(),
                new PrintWriter(progress)).run();
        assertThat(report.results()).hasSize(Workloads.all().size() * backends.size());
        for (BenchResult r : report.results()) {
            assertThat(r.timing().seconds()).hasSize(2);
            assertThat(java.util.Arrays.stream(r.timing().seconds()).min().getAsDouble()).isPositive();
            assertThat(r.numpy()).isEmpty();
        }
        assertThat(report.results()).filteredOn(r -> r.workload().equals("kde_covariance"))
                .allSatisfy(r -> assertThat(r.n()).isEqualTo(TINY.kdeTrain()));
        assertThat(report.notes()).contains("numpy peer not run (use --peer for ratios)", "vvmr data: synthetic");
        assertThat(report.text()).contains("tik_path", "oel_train", "usps_decode");
        assertThat(progress.toString()).contains("bench: gram n=" + N + " java ...");
    }

    @Test
    void theStreamedFitOfACsvFileEqualsTheInMemoryFitAndReportsWhereTheTimeWent() {
        BenchEnvironment env = new BenchEnvironment(okl(LinearAlgebras.active()), P, D, 3, TINY, TINY_LOW_RANK);
        BenchTask memory = new LowRankCvWorkload().prepare(env, 300);
        memory.run();
        Map<String, Double> inMemory = memory.details();
        BenchTask streamed = new StreamCsvWorkload().prepare(env, 300);
        streamed.run();
        Map<String, Double> details = streamed.details();
        assertThat(details.get("streamed_vs_memory")).isLessThan(1e-8);
        assertThat(details.get("test_mse")).isCloseTo(inMemory.get("test_mse_first"), within(1e-10));
        // noise variance 0.01: the fit is far better than predicting zero (about 0.3)
        assertThat(details.get("test_mse")).isBetween(0.005, 0.2);
        assertThat(details.get("peak_rss_mib")).isPositive();
        assertThat(details).containsKeys("draw_s", "wait_s", "parse_s", "kernel_s", "products_s", "solve_s");
    }

    @Test
    void theColumnarReadsGiveTheCsvRowsFromFilesWrittenOnce(@org.junit.jupiter.api.io.TempDir java.nio.file.Path cache)
            throws java.io.IOException {
        BenchEnvironment env = environment();
        java.nio.file.Path csv = cache.resolve("read-2500-3").resolve("rows.csv");
        java.nio.file.attribute.FileTime written = null;
        for (String format : List.of("parquet", "arrow")) {
            BenchTask task = new ReadColumnarWorkload(format, cache).prepare(env, 2500);
            if (written == null) {
                written = java.nio.file.Files.getLastModifiedTime(csv);
            }
            // the CSV and columnar checksums agree, or run() throws
            assertThat((Double) task.run()).isFinite().isNotZero();
            task.run();
            Map<String, Double> details = task.details();
            assertThat(details.get(format + "_s")).isPositive();
            assertThat(details.get("csv_over_" + format)).isPositive();
            assertThat(details.get(format + "_mib")).isPositive();
        }
        assertThat(java.nio.file.Files.getLastModifiedTime(csv)).as("the CSV written once").isEqualTo(written);
        try (var files = java.nio.file.Files.list(cache.resolve("read-2500-3"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("rows.csv",
                    "rows.parquet", "rows.arrow");
        }
    }

    @Test
    void theScikitLearnPeerOfTheLowRankWorkloadRunsOnTheSameNumbers() {
        assumeTrue(java.nio.file.Files.isExecutable(PeerRunner.DEFAULT_PYTHON), "Debian's python3");
        BenchEnvironment env = new BenchEnvironment(okl(LinearAlgebras.active()), P, D, 3, TINY, TINY_LOW_RANK);
        Workload.PeerRun run;
        try {
            run = new LowRankCvWorkload().ownPeer(new PeerRunner(PeerRunner.DEFAULT_PYTHON,
                    PeerRunner.defaultScript()), env, 300).orElseThrow();
        } catch (PeerRunner.PeerUnavailable e) {
            org.junit.jupiter.api.Assumptions.abort(e.getMessage());
            return;
        }
        assertThat(run.seconds()).isPositive();
        assertThat(run.details().get("test_mse")).isBetween(0.005, 0.2);
        assertThat(LowRankSettings.lambdas()).contains(run.details().get("lambda"));
    }

    @Test
    void unknownWorkloadNamesTheKnownOnes() {
        assertThatThrownBy(() -> Workloads.select(List.of("gram", "fft"))).hasMessageContaining("unknown workload "
                + "'fft'").hasMessageContaining("tik_path");
        assertThat(Workloads.select(List.of("eigh", "gram"))).extracting(Workload::name)
                .containsExactly("gram", "eigh");
    }
}
