package org.okl.bench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.app.OklCommand;
import org.okl.app.usage.UsageException;
import org.okl.bench.BenchEnvironment;
import org.okl.bench.BenchReport;
import org.okl.bench.BenchRunner;
import org.okl.bench.BenchSettings;
import org.okl.bench.LowRankSettings;
import org.okl.bench.PeerRunner;
import org.okl.bench.ScalingReport;
import org.okl.bench.ScalingRunner;
import org.okl.bench.SparkPlanReport;
import org.okl.bench.StructuredSizes;
import org.okl.bench.Workload;
import org.okl.bench.Workloads;
import org.okl.bench.accuracy.AccuracyBench;
import org.okl.bench.accuracy.AccuracyParts;
import org.okl.bench.accuracy.AccuracyPlans;
import org.okl.bench.accuracy.AccuracyReport;
import org.okl.bench.accuracy.DatasetPlan;
import org.okl.bench.serve.ServeBench;
import org.okl.bench.serve.ServeBenchSettings;
import org.okl.bench.serve.ServeSoak;
import org.okl.core.Okl;
import org.okl.core.io.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code okl bench}: times OKL's hot paths per size and back-end (median of repeats after warm-up) and, with
 * {@code --peer}, the same work in numpy and scikit-learn on this machine, side by side. See BENCHMARKS.md.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark the hot paths (gram, eigh, tik_path, nu_method) per n and back-end, the "
                + "structured workloads (kde_covariance, vvmr, usps_decode, oel_train), and large n (lowrank_cv: "
                + "Nystrom 5-fold path in memory; stream_csv: the same from a CSV in a -Xmx2g process), with numpy "
                + "and scikit-learn ratios (--peer).",
        footer = {"", "Expected run time (2 cores, native): about 6 min for --n 1000,2000,4000 with --peer;"
                + " n = 8000 adds several minutes. The pure-Java back-end's eigendecomposition at n = 8000 takes"
                + " minutes per run: limit it with --backend and --n.",
                "Large n: okl bench --peer --workloads lowrank_cv --n 50000,200000 --repeat 1 --warmup 0 (12 min,"
                        + " mostly scikit-learn's loop; at 1,000,000 rows it would need about 16 GB), then"
                        + " okl bench --workloads stream_csv --n 50000,200000,1000000 --repeat 1 --warmup 0 (3 min).",
                "Cores: okl bench --scaling --n 200000 --threads 1,2 (the fit at 1 and 2 threads, per phase)."})
public final class BenchCommand implements Runnable {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParentCommand
    private OklCommand root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--n", split = ",", paramLabel = "N", description = "Sizes n of gram, eigh, tik_path and "
            + "nu_method (default 1000,2000,4000,8000).")
    private List<Integer> sizes = new ArrayList<>(List.of(1000, 2000, 4000, 8000));

    @Option(names = "--p", description = "Input dimension (default ${DEFAULT-VALUE}).", defaultValue = "50")
    private int p;

    @Option(names = "--d", description = "Output dimension (default ${DEFAULT-VALUE}).", defaultValue = "20")
    private int d;

    @Option(names = "--backend", description = "native, java or both (default ${DEFAULT-VALUE}).",
            defaultValue = "native")
    private String backend;

    @Option(names = "--repeat", description = "Timed repeats; the median is reported (default ${DEFAULT-VALUE}; "
            + "with --scaling: runs per thread count, in rounds, default 1).",
            defaultValue = "3")
    private int repeat;

    @Option(names = "--warmup", description = "Untimed runs before the repeats (default ${DEFAULT-VALUE}).",
            defaultValue = "1")
    private int warmup;

    @Option(names = "--workloads", split = ",", paramLabel = "W", description = "Workloads to run (default all): "
            + "gram, eigh, tik_path, nu_method, kde_covariance, vvmr, usps_decode, oel_train, lowrank_cv, stream_csv; "
            + "spark_fit and spark_falkon (the same with the falkon solver) run only when named (they need okl-spark "
            + "built: mvn -DskipTests package -pl spark -am).")
    private List<String> workloads;

    @Option(names = "--rank", description = "Nystrom rank of lowrank_cv and stream_csv (default ${DEFAULT-VALUE}).",
            defaultValue = "2000")
    private int rank;

    @Option(names = "--test-rows", description = "Test rows of lowrank_cv and stream_csv (default ${DEFAULT-VALUE}).",
            defaultValue = "20000")
    private int testRows;

    @Option(names = "--child-heap", paramLabel = "SIZE", description = "-Xmx of the process stream_csv times "
            + "(default ${DEFAULT-VALUE}).", defaultValue = "2g")
    private String childHeap;

    @Option(names = "--spark-master", paramLabel = "URL", description = "The master spark_fit and spark_falkon fit on "
            + "(default ${DEFAULT-VALUE}; a spark:// URL runs the executors on that standalone cluster).",
            defaultValue = "local[2]")
    private String sparkMaster;

    @Option(names = "--spark-alone", description = "spark_fit and spark_falkon without the one-machine fit they "
            + "otherwise time beside them (for the cost model's measurements).")
    private boolean sparkAlone;

    @Option(names = "--falkon-iterations", paramLabel = "N", description = "The most conjugate-gradient iterations of "
            + "spark_falkon's solver (default: the solver's own).", defaultValue = "0")
    private int falkonIterations;

    @Option(names = "--spark-warmup-rows", paramLabel = "N", description = "spark_fit and spark_falkon fit the first N "
            + "rows, untimed, before the timed fit, so that the executors' JIT has compiled the passes (default: "
            + "none).",
            defaultValue = "0")
    private int sparkWarmupRows;

    @Option(names = "--peer", description = "Run the numpy peer script for every n and print ratios.")
    private boolean peer;

    @Option(names = "--scaling", description = "Fit stream_csv (or stream_parquet or lowrank_cv, with "
            + "--workloads) at each --threads count in a child JVM (its pool, and its CPUs by taskset) and report "
            + "time, speed-up and parallel efficiency of the fit and of each phase: parse, landmarks, features + "
            + "sums, solves (default --n 200000).")
    private boolean scaling;

    @Option(names = "--threads", split = ",", paramLabel = "T", description = "Thread counts of --scaling "
            + "(default 1, 2, 4, ... up to the processors).")
    private List<Integer> threads;

    @Option(names = "--python", paramLabel = "PYTHON", description = "The Python with numpy, scipy and "
            + "scikit-learn (default ${DEFAULT-VALUE}).", defaultValue = "/usr/bin/python3")
    private Path python;

    @Option(names = "--peer-script", paramLabel = "FILE", description = "peer_numpy.py (default: OKL_PEER_SCRIPT, "
            + "else ../shared/bench/peer_numpy.py).")
    private Path peerScript;

    @Option(names = "--json", description = "Print the report as one JSON object instead of a table.")
    private boolean json;

    @Option(names = "--accuracy", description = "Instead of timings: OKL auto, independent and coupled against "
            + "scikit-learn's baselines on the same repeated cross-validation folds, with corrected resampled t-tests "
            + "(with --peer; BENCHMARKS.md).")
    private boolean accuracy;

    @Option(names = "--quick", description = "With --accuracy: the reduced protocol (two bundled data sets, one "
            + "3-fold cross-validation, smaller scikit-learn grids).")
    private boolean quick;

    @Option(names = "--datasets", split = ",", paramLabel = "D", description = "With --accuracy: the data sets "
            + "(default: all of the protocol; 'none' for none, to run only --splits); NAME:TASK adds another (task "
            + "regression, multi-label, multi-class).")
    private List<String> datasets;

    @Option(names = "--splits", split = ",", paramLabel = "D", description = "With --accuracy: the data sets "
            + "scored on their own train/test split, tuned on the training part only (default: Mulan's emotions, "
            + "yeast, scene, enron, bibtex with the full protocol, emotions with --quick, none with --datasets; "
            + "'none' for none; any set with a test split, such as usps-halves; NAME:TASK for a set the protocol "
            + "does not know).")
    private List<String> splits;

    @Option(names = "--baselines", split = ",", paramLabel = "B", description = "With --accuracy --peer: only these "
            + "scikit-learn baselines (default: all of each task's), such as krr-grid for exact kernel ridge alone.")
    private List<String> baselines;

    @Option(names = "--rerun-baselines", split = ",", paramLabel = "B", description = "With --accuracy --peer "
            + "--parts: re-fit these scikit-learn baselines on every selected data set and split already kept in the "
            + "parts folder, on the same folds, and replace their scores there (the part records the rerun's build); "
            + "'okl' re-fits OKL's three methods (one search) and keeps the peer's scores. Units not kept yet run "
            + "whole.")
    private List<String> rerunBaselines;

    @Option(names = "--work", paramLabel = "DIR", description = "With --accuracy: the folder for the shared folds, "
            + "data and predictions (default: a new temporary folder, deleted at the end).")
    private Path work;

    @Option(names = "--parts", paramLabel = "DIR", description = "With --accuracy: keep every finished data set, "
            + "split and the search timing as a file in DIR, read the ones already there instead of running them, "
            + "and report over all asked for, so the full run can be done in pieces (a part of another protocol is "
            + "refused; the report lists which build ran each part, when, at which load). Runs that add baselines to "
            + "one kept part at once keep each other's scores (a lock file in DIR).")
    private Path parts;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Also write the report as Markdown.")
    private Path markdown;

    @Option(names = "--spark-plan", paramLabel = "DIR", description = "Instead of timings: okl-spark's cost model from "
            + "the spark_fit and spark_falkon reports in DIR (WORKLOAD-N-WHERE.json, as "
            + "bench/scripts/spark-cost-model.sh writes them), its check against the largest n, and the plan for "
            + "100,000,000 rows (BENCHMARKS.md).")
    private Path sparkPlan;

    @Option(names = "--serve", description = "Instead of the workloads: okl serve on loopback against ONNX Runtime "
            + "(the exported graph, in this JVM), okl predict and the kernel block product alone, for a Nystrom model "
            + "(m = 2,000) and an exact one (n = 2,000), p = 100, q = 5: latencies at 1 and 16 clients, rows/s for "
            + "batches of 1, 64 and 4,096 (BENCHMARKS.md); --repeat interleaved repeats (default 3).")
    private boolean serve;

    @Option(names = "--serve-small", description = "With --serve or --soak: small models and bounds (seconds in all; "
            + "for tests).")
    private boolean serveSmall;

    @Option(names = "--serve-models", paramLabel = "DIR", description = "With --serve or --soak: read the models "
            + "from DIR (nystrom.okl, exact.okl), fitting and writing those absent (default: a temporary folder).")
    private Path serveModels;

    @Option(names = "--serve-seconds", paramLabel = "S", description = "With --serve: the most seconds of one "
            + "measurement (default 10; 2 with --serve-small).")
    private Double serveSeconds;

    @Option(names = "--soak", paramLabel = "SECONDS", description = "With --serve: instead of the table, a soak of the "
            + "okl serve process: 32 clients for SECONDS, a reload every 10 s, a malformed request in every 100; "
            + "failed requests, 4xx answers and the server's resident memory.")
    private Double soak;

    @Option(names = "--soak-heap", paramLabel = "SIZE", description = "With --soak: the okl serve process's -Xmx "
            + "(default: the JVM's own, a quarter of the memory), to see its resident memory settle.")
    private String soakHeap;

    @Override
    public void run() {
        if (serve || soak != null) {
            runServe();
            return;
        }
        if (sparkPlan != null) {
            String plan;
            try {
                plan = SparkPlanReport.read(sparkPlan).markdown();
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            spec.commandLine().getOut().print(plan);
            spec.commandLine().getOut().flush();
            return;
        }
        if (scaling) {
            runScaling(root.okl());
            return;
        }
        if (accuracy) {
            runAccuracy();
            return;
        }
        Okl base = root.okl();
        List<Workload> selected;
        BenchSettings settings;
        try {
            selected = workloads == null ? List.copyOf(Workloads.all().values()) : Workloads.select(workloads);
            settings = new BenchSettings(sizes, p, d, backends(), repeat, warmup, selected, StructuredSizes.DEFAULTS,
                    base.context().seed(), new LowRankSettings(rank, LowRankSettings.DEFAULTS.folds(), testRows,
                            childHeap, sparkMaster, sparkAlone, falkonIterations, sparkWarmupRows));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        Optional<PeerRunner> peerRunner = peer
                ? Optional.of(new PeerRunner(python, peerScript != null ? peerScript : PeerRunner.defaultScript()))
                : Optional.empty();
        BenchReport report = new BenchRunner(settings, la -> runtime(base, la), peerRunner, err).run();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(report.json().toPrettyString());
        } else {
            out.print(report.text());
        }
        out.flush();
        if (markdown != null) {
            try {
                AtomicFiles.writeString(markdown, report.markdown());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + markdown + ": " + e.getMessage(), e);
            }
        }
    }

    /** {@code --serve} and {@code --soak}. */
    private void runServe() {
        Okl okl = root.okl();
        ServeBenchSettings settings = serveSmall ? ServeBenchSettings.small(okl.context().seed())
                : ServeBenchSettings.defaults(okl.context().seed());
        boolean repeats = spec.commandLine().getParseResult().hasMatchedOption("--repeat");
        try {
            settings = new ServeBenchSettings(settings.rank(), settings.nystromRows(), settings.exactRows(),
                    settings.inputs(), settings.outputs(), settings.batches(), settings.concurrency(),
                    settings.requests(), serveSeconds != null ? serveSeconds : settings.seconds(),
                    repeats ? repeat : settings.repeats(), settings.predictRows(), Optional.ofNullable(serveModels),
                    settings.seed());
            if (soak != null && !(soak > 0)) {
                throw new IllegalArgumentException("--soak needs a positive number of seconds");
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        String text;
        if (soak != null) {
            ServeSoak.Result result = new ServeSoak(settings, okl, err, soakHeap == null ? List.of()
                    : List.of("-Xmx" + soakHeap)).run(soak, 32, 10);
            text = "Command: `okl " + String.join(" ", spec.commandLine().getParseResult().originalArgs()) + "`\n\n"
                    + result.markdown();
        } else {
            text = new ServeBench(settings, okl, err, "okl " + String.join(" ",
                    spec.commandLine().getParseResult().originalArgs())).run();
        }
        out.print(text);
        out.flush();
        if (markdown != null) {
            try {
                AtomicFiles.writeString(markdown, text);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + markdown + ": " + e.getMessage(), e);
            }
        }
    }

    /** {@code --scaling}: every workload and n at every thread count, one report each. */
    private void runScaling(Okl base) {
        List<String> names = workloads == null ? List.of("stream_csv") : workloads;
        List<Integer> ns = spec.commandLine().getParseResult().hasMatchedOption("--n") ? sizes : List.of(200_000);
        ScalingRunner runner;
        try {
            BenchEnvironment environment = new BenchEnvironment(runtime(base, base.context().linearAlgebra()), p, d,
                    base.context().seed(), StructuredSizes.DEFAULTS, new LowRankSettings(rank,
                            LowRankSettings.DEFAULTS.folds(), testRows, childHeap));
            runner = new ScalingRunner(environment, threads == null ? ScalingRunner.defaultThreads() : threads,
                    spec.commandLine().getErr(), spec.commandLine().getParseResult().hasMatchedOption("--repeat")
                            ? repeat : 1);
            for (String name : names) {
                if (!List.of("stream_csv", "stream_parquet", "lowrank_cv").contains(name)) {
                    throw new IllegalArgumentException("--scaling runs stream_csv, stream_parquet or lowrank_cv, not '"
                            + name + "'");
                }
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        StringBuilder markdownText = new StringBuilder();
        com.fasterxml.jackson.databind.node.ArrayNode reports = JSON.createArrayNode();
        for (String name : names) {
            for (int n : ns) {
                ScalingReport report = runner.run(name, n);
                if (json) {
                    reports.add(report.json());
                } else {
                    out.print(report.text());
                    out.println();
                }
                out.flush();
                markdownText.append("### ").append(name).append(", n = ").append(n).append("\n\n")
                        .append(report.markdown()).append('\n');
            }
        }
        if (json) {
            out.println(reports.toPrettyString());
            out.flush();
        }
        if (markdown != null) {
            try {
                AtomicFiles.writeString(markdown, markdownText.toString());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + markdown + ": " + e.getMessage(), e);
            }
        }
    }

    /** Refuses a baseline name the peer lacks, naming the option; nothing to check when it was not given. */
    private static void requireKnownBaselines(String option, List<String> names) {
        java.util.Set<String> known = AccuracyPlans.allBaselines();
        for (String b : names == null ? List.<String>of() : names) {
            if (!known.contains(b)) {
                throw new UsageException(option + ": no baseline named " + org.okl.api.text.UserText.quote(b)
                        + "; the peer has " + String.join(", ", known));
            }
        }
    }

    private void runAccuracy() {
        Okl okl = root.okl();
        List<DatasetPlan> plans;
        try {
            plans = datasets != null && datasets.equals(List.of("none")) ? List.of()
                    : datasets != null ? AccuracyPlans.select(datasets, quick)
                    : quick ? AccuracyPlans.quick() : AccuracyPlans.full();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        requireKnownBaselines("--baselines", baselines);
        requireKnownBaselines("--rerun-baselines", rerunBaselines == null ? null : rerunBaselines.stream()
                .filter(b -> !b.equals(AccuracyBench.OKL)).toList());
        if (rerunBaselines != null && (!peer || parts == null)) {
            throw new UsageException("--rerun-baselines needs --peer and --parts: it re-fits baselines of the units "
                    + "kept in a parts folder");
        }
        PrintWriter err = spec.commandLine().getErr();
        Optional<PeerRunner> peerRunner = peer ? Optional.of(new PeerRunner(python, PeerRunner.defaultScript()))
                : Optional.empty();
        Path folder = work;
        boolean temporary = folder == null;
        try {
            if (temporary) {
                folder = java.nio.file.Files.createTempDirectory("okl-accuracy");
            }
            String load = java.nio.file.Files.readString(Path.of("/proc/loadavg")).trim();
            List<String> only = baselines == null ? List.of() : List.copyOf(baselines);
            Optional<AccuracyParts> kept = Optional.ofNullable(parts).map(d -> new AccuracyParts(d,
                    new AccuracyParts.Protocol(quick, okl.context().seed(), peer, only)));
            AccuracyReport report;
            try {
                report = new AccuracyBench(new AccuracyBench.Settings(plans, quick, okl.context().seed(), folder,
                        peerRunner, datasets == null, splitNames(), kept, only,
                        rerunBaselines == null ? List.of() : List.copyOf(rerunBaselines)), okl, err).run();
            } catch (AccuracyParts.BadPart e) {
                throw new UsageException(e.getMessage());
            } catch (PeerRunner.PeerUnavailable e) {
                throw new UsageException("--peer with --parts: " + e.getMessage());
            }
            String loadEnd = java.nio.file.Files.readString(Path.of("/proc/loadavg")).trim();
            PrintWriter out = spec.commandLine().getOut();
            String header = "Load average at start: " + load + "; at end: " + loadEnd + "; back-end "
                    + okl.context().linearAlgebra().name() + ".\n\n" + kept.map(BenchCommand::partsHeader).orElse("");
            out.print(json ? report.json().toPrettyString() + "\n" : header + report.markdown());
            out.flush();
            if (markdown != null) {
                // the critical-difference diagrams beside the report, which links them by name
                String prefix = markdown.getFileName().toString().replaceFirst("\\.md$", "");
                for (var plot : report.plots().entrySet()) {
                    AtomicFiles.writeString(markdown.resolveSibling(prefix + "-cd-" + plot.getKey() + ".svg"),
                            plot.getValue());
                }
                AtomicFiles.writeString(markdown, header + report.markdown(prefix));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        } finally {
            if (temporary && folder != null) {
                deleteTree(folder);
            }
        }
    }

    /** Which build ran each unit of a run in pieces, when, and at which load. */
    private static String partsHeader(AccuracyParts kept) {
        if (kept.provenance().isEmpty()) {
            return "Run in pieces (--parts): no unit was run or read.\n\n";
        }
        StringBuilder b = new StringBuilder("Run in pieces (--parts): ").append(kept.builds().size())
                .append(kept.builds().size() == 1 ? " build (" : " builds (").append(String.join("; ", kept.builds()))
                .append("); each unit:\n\n");
        kept.provenance().forEach(line -> b.append("- ").append(line).append('\n'));
        return b.append('\n').toString();
    }

    /** The --splits data sets: as given ('none' for none), else by the protocol. */
    private List<String> splitNames() {
        if (splits != null) {
            return splits.equals(List.of("none")) ? List.of() : splits;
        }
        if (datasets != null) {
            return List.of();
        }
        return quick ? List.of("emotions") : AccuracyBench.SPLITS;
    }

    private static void deleteTree(Path folder) {
        try (var paths = java.nio.file.Files.walk(folder)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }

    private List<String> backends() {
        return switch (backend) {
            case "native" -> List.of("native");
            case "java" -> List.of("java");
            case "both" -> List.of("native", "java");
            default -> throw new UsageException("--backend must be native, java or both, got '" + backend + "'");
        };
    }

    /** An OKL runtime like the root's (plugins, seed, data directory) bound to one back-end. */
    private static Okl runtime(Okl base, org.okl.api.linalg.LinearAlgebra la) {
        Okl.Builder b = Okl.builder().seed(base.context().seed()).pluginFoldersFromEnvironment().linearAlgebra(la);
        b.dataDirectory(base.context().dataDirectory().orElse(null));
        return b.build();
    }
}
