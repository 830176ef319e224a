package org.okl.bench.accuracy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.api.text.UserText;
import org.okl.bench.PeerRunner;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.TrainingData;

/**
 * Runs the accuracy benchmark. For every data set: its splits are pooled; the folds of r repetitions of k-fold
 * cross-validation are drawn once ({@link Folds}) and written, with the data, to a folder; OKL's methods
 * ({@link OklMethods}) are fitted fold by fold in this JVM; the scikit-learn peer ({@code peer_accuracy.py}) reads
 * the same folder, fits its baselines on the same folds and writes its out-of-fold predictions; then every method's
 * predictions are scored here with OKL's metrics, fold by fold. Two further checks: the Mulan train/test splits
 * (emotions, yeast, scene, enron, bibtex: every method, OKL's and the peer's, tunes by its own cross-validation on the
 * training part only and is scored once on the test part), and the time of the automatic pipeline's search on 1,000
 * rows against scikit-learn's {@code GridSearchCV} with as many candidates.
 */
public final class AccuracyBench {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Settings settings;
    private final Okl okl;
    private final PrintWriter progress;

    /**
     * What to run.
     *
     * @param plans  the data sets and their protocols
     * @param quick  the reduced protocol (smaller grids on the peer's side; the plans say the folds)
     * @param seed   the seed of the folds
     * @param work   the folder for the data, folds and predictions both sides share
     * @param peer   the scikit-learn peer, or empty to run OKL alone
     * @param checks whether to run the 1,000-row timing
     * @param splits the multi-label data sets to score on their own train/test split (see {@link #SPLITS})
     * @param parts  where finished units are kept and read back instead of run ({@link AccuracyParts}), or empty
     * @param baselines the scikit-learn baselines the peer fits, among each task's (empty: all of them)
     * @param rerun  the baselines re-fitted on the units already kept as parts, their scores replaced there, and
     *               {@value AccuracyBench#OKL} for OKL's methods (empty: kept units are read as they are)
     */
    public record Settings(List<DatasetPlan> plans, boolean quick, long seed, Path work, Optional<PeerRunner> peer,
            boolean checks, List<String> splits, Optional<AccuracyParts> parts, List<String> baselines,
            List<String> rerun) {

        /** Settings that re-fit nothing on kept units. */
        public Settings(List<DatasetPlan> plans, boolean quick, long seed, Path work, Optional<PeerRunner> peer,
                boolean checks, List<String> splits, Optional<AccuracyParts> parts, List<String> baselines) {
            this(plans, quick, seed, work, peer, checks, splits, parts, baselines, List.of());
        }

        /** Settings with every baseline. */
        public Settings(List<DatasetPlan> plans, boolean quick, long seed, Path work, Optional<PeerRunner> peer,
                boolean checks, List<String> splits, Optional<AccuracyParts> parts) {
            this(plans, quick, seed, work, peer, checks, splits, parts, List.of());
        }

        /** Settings without the train/test splits (the 1,000-row timing with checks). */
        public Settings(List<DatasetPlan> plans, boolean quick, long seed, Path work, Optional<PeerRunner> peer,
                boolean checks) {
            this(plans, quick, seed, work, peer, checks, List.of());
        }

        /** Settings without parts: every unit runs. */
        public Settings(List<DatasetPlan> plans, boolean quick, long seed, Path work, Optional<PeerRunner> peer,
                boolean checks, List<String> splits) {
            this(plans, quick, seed, work, peer, checks, splits, Optional.empty());
        }
    }

    /**
     * The Mulan data sets with a published train/test split, the full protocol's {@link Settings#splits} (any data
     * set with a test split can be named, with its task as {@code NAME:TASK} when the protocol does not know it).
     */
    public static final List<String> SPLITS = List.of("emotions", "yeast", "scene", "enron", "bibtex");

    /**
     * @param settings what to run
     * @param okl      the OKL runtime
     * @param progress where one line per step goes
     */
    public AccuracyBench(Settings settings, Okl okl, PrintWriter progress) {
        this.settings = settings;
        this.okl = okl;
        this.progress = progress;
    }

    /**
     * Runs every data set and the checks.
     *
     * @throws PeerRunner.PeerUnavailable when the peer is asked for, units are kept as parts and the peer's Python
     *                                    lacks numpy, scipy or scikit-learn: such a run would keep parts without the
     *                                    baselines
     */
    public AccuracyReport run() {
        if (settings.peer().isPresent() && settings.parts().isPresent()) {
            settings.peer().get().requireScikitLearn();
        }
        List<DatasetResult> results = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (settings.checks()) {
            notes.addAll(AccuracyPlans.leftOut());
        }
        for (DatasetPlan plan : settings.plans()) {
            try {
                results.add(unit(AccuracyParts.Kind.DATASET, plan.name(), Optional.of(plan),
                        fitOnly -> runDataset(plan, fitOnly)));
            } catch (AccuracyParts.BadPart e) {
                throw e;
            } catch (RuntimeException e) {
                notes.add(plan.name() + ": not run: " + e.getMessage());
                progress.println("bench: " + plan.name() + " not run: " + e.getMessage());
                progress.flush();
            }
        }
        List<DatasetResult> splits = new ArrayList<>();
        for (String name : settings.splits()) {
            try {
                splits.add(unit(AccuracyParts.Kind.SPLIT, name.split(":", 2)[0], Optional.empty(),
                        fitOnly -> split(name, fitOnly)));
            } catch (AccuracyParts.BadPart e) {
                throw e;
            } catch (RuntimeException e) {
                notes.add(name + " split: not run: " + e.getMessage());
                progress.println("bench: " + name + " split not run: " + e.getMessage());
                progress.flush();
            }
        }
        Optional<TimingCheck> timing = Optional.empty();
        if (settings.checks()) {
            try {
                timing = Optional.of(settings.parts().map(p -> {
                    Optional<Path> kept = p.existing(AccuracyParts.Kind.TIMING, AccuracyParts.TIMING_NAME);
                    TimingCheck t = p.timing(this::timing);
                    kept.ifPresent(this::announce);
                    return t;
                }).orElseGet(this::timing));
            } catch (AccuracyParts.BadPart e) {
                throw e;
            } catch (RuntimeException e) {
                notes.add("search timing: not run: " + e.getMessage());
            }
        }
        return new AccuracyReport(results, splits, timing, notes, settings.quick());
    }

    /**
     * The note for a unit whose peer failed; where units are kept as parts it fails the unit instead, since a part
     * without the peer it was asked for would be read back later as complete.
     *
     * @param kept whether the unit's part is already kept (a rerun or a completion leaves it as it was)
     * @throws IllegalStateException when units are kept as parts
     */
    private String peerFailed(PeerRunner.PeerUnavailable e, boolean kept) {
        if (settings.parts().isPresent()) {
            throw new IllegalStateException("scikit-learn: " + e.getMessage() + (kept ? "; the part is left as it was"
                    : "; the part is not kept"), e);
        }
        return "scikit-learn: " + e.getMessage();
    }

    /**
     * A data set's or split's result: run, or with parts read from its part or run and kept; a kept one has the
     * methods to re-run ({@link Settings#rerun}) re-fitted and replaced in its part, and the baselines this run asks
     * for that its part lacks (a part kept by a run with fewer baselines) fitted and added to it.
     *
     * @param run runs the unit: whole (given empty), or only the methods given (baselines, and OKL's methods for
     *            {@value #OKL})
     */
    private DatasetResult unit(AccuracyParts.Kind kind, String name, Optional<DatasetPlan> plan,
            java.util.function.Function<Optional<java.util.Set<String>>, DatasetResult> run) {
        if (settings.parts().isEmpty()) {
            return run.apply(Optional.empty());
        }
        AccuracyParts parts = settings.parts().get();
        Optional<Path> kept = parts.existing(kind, name);
        if (kept.isPresent() && !settings.rerun().isEmpty()) {
            progress.println("bench: " + kept.get() + ": re-fitting " + String.join(", ", settings.rerun()));
            progress.flush();
            return parts.rerun(kind, name, plan, settings.rerun(), () -> {
                DatasetResult fresh = run.apply(Optional.of(new java.util.LinkedHashSet<>(settings.rerun())));
                return old -> fresh.methods().isEmpty() ? old : replaced(old, fresh, refitted(settings.rerun()));
            });
        }
        DatasetResult r = parts.result(kind, name, plan, () -> run.apply(Optional.empty()), this::wanted,
                missing -> {
                    progress.println("bench: " + kept.orElseThrow() + ": adding " + String.join(", ", missing));
                    progress.flush();
                    java.util.Set<String> added = new java.util.LinkedHashSet<>(missing);
                    DatasetResult fresh = run.apply(Optional.of(added));
                    return old -> replaced(old, fresh, added);
                });
        kept.ifPresent(this::announce);
        return r;
    }

    /** The baselines this run fits on a unit of that plan and size (none without the peer). */
    private List<String> wanted(DatasetResult unit) {
        return settings.peer().isEmpty() ? List.of() : baselines(unit.plan(), unit.rows());
    }

    /** The name a rerun gives OKL's methods: they come from one search, so they are re-fitted together. */
    public static final String OKL = "okl";

    /** The methods a rerun re-fits: the baselines named, and OKL's methods for {@value #OKL}. */
    static java.util.Set<String> refitted(List<String> rerun) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (String r : rerun) {
            if (r.equals(OKL)) {
                out.addAll(OklMethods.NAMES);
            } else {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * A kept result with the methods of a rerun in place of its own (in their place; new ones at the end; a re-fitted
     * method the rerun no longer reports, such as okl-coupled where the search compares no coupling, left out), and
     * the rerun's notes in place of the old notes about the re-fitted methods.
     */
    static DatasetResult replaced(DatasetResult old, DatasetResult rerun, java.util.Set<String> refitted) {
        Map<String, MethodScores> fresh = new LinkedHashMap<>();
        rerun.methods().forEach(m -> fresh.put(m.method(), m));
        List<MethodScores> methods = new ArrayList<>();
        for (MethodScores m : old.methods()) {
            if (fresh.containsKey(m.method()) || !refitted.contains(m.method())) {
                methods.add(fresh.getOrDefault(m.method(), m));
            }
        }
        rerun.methods().stream().filter(m -> old.method(m.method()).isEmpty()).forEach(methods::add);
        java.util.Set<String> about = new java.util.LinkedHashSet<>(refitted);
        about.addAll(fresh.keySet());
        List<String> notes = new ArrayList<>(old.notes().stream().filter(n -> about.stream()
                .noneMatch(m -> n.startsWith("scikit-learn " + m + " ") || n.startsWith(m + " "))).toList());
        notes.addAll(rerun.notes());
        return new DatasetResult(old.plan(), old.rows(), old.inputs(), old.outputs(), old.testShare(), methods,
                notes, old.higherIsBetter());
    }

    /** Says that a unit was read from its part rather than run. */
    private void announce(Path part) {
        progress.println("bench: read " + part);
        progress.flush();
    }

    private DatasetResult runDataset(DatasetPlan named, Optional<java.util.Set<String>> fitOnly) {
        Matrix[] xy = pooled(named.name());
        int n = xy[0].rows();
        DatasetPlan plan = named.forRows(n);
        int[][] folds = Folds.of(n, plan.repeats(), plan.folds(), settings.seed());
        return evaluate(plan, xy[0], xy[1], folds, null, fitOnly);
    }

    /**
     * A data set's own train/test split (Mulan's, USPS's): every method fitted once on the training rows (its tuning
     * by inner cross-validation on those rows only) and scored once on the test rows.
     */
    private DatasetResult split(String named, Optional<java.util.Set<String>> fitOnly) {
        Map.Entry<String, Task> set = AccuracyPlans.named(named);
        String name = set.getKey();
        Dataset d = okl.dataset(name);
        Dataset.Split test = d.test().orElseThrow(() -> new IllegalArgumentException(name + " has no test split"));
        Matrix x = d.train().inputs().stackRows(test.inputs());
        Matrix y = d.train().outputs().stackRows(test.outputs());
        int[] assignment = new int[x.rows()];
        for (int i = 0; i < d.train().size(); i++) {
            assignment[i] = 1;
        }
        return evaluate(new DatasetPlan(name + "-split", set.getValue(), 1, 2), x, y, new int[][] {assignment}, 0,
                fitOnly);
    }

    /**
     * Scores every method on the folds.
     *
     * @param only     the one fold to evaluate (the others only train), or null for all
     * @param fitOnly  the methods fitted (baselines, and {@value #OKL} for OKL's), or empty for all; when given, a
     *                 baseline that fails, or the peer, fails the unit (its part is left as it was)
     */
    private DatasetResult evaluate(DatasetPlan plan, Matrix x, Matrix y, int[][] folds, Integer only,
            Optional<java.util.Set<String>> fitOnly) {
        int n = x.rows();
        boolean rerunOnly = fitOnly.isPresent();
        List<String> notes = new ArrayList<>();
        List<String> baselines = baselines(plan, n).stream().filter(b -> !rerunOnly || fitOnly.get().contains(b))
                .toList();
        boolean fitOkl = !rerunOnly || fitOnly.get().contains(OKL);
        List<MethodScores> methods = new ArrayList<>();
        Map<String, Boolean> directions = new LinkedHashMap<>();
        for (String metricName : plan.task().metrics()) {
            directions.put(metricName, okl.create(Metric.class, ComponentSpec.of(metricName)).higherIsBetter());
        }
        double testShare = only != null ? 0.0 : 1.0 / (plan.folds() - 1);
        if (rerunOnly && baselines.isEmpty() && !fitOkl) {
            return new DatasetResult(plan, n, x.cols(), y.cols(), testShare, methods, notes, directions);
        }
        Path dir = settings.work().resolve(plan.name());
        write(dir, plan, x, y, folds, only, baselines);
        if (fitOkl) {
            progress.printf(Locale.ROOT, "bench: %s %s (%d x %d-fold) ...%n", plan.name(), OklMethods.NAMES,
                    plan.repeats(), plan.folds());
            progress.flush();
        }
        Map<String, Matrix[]> predictions = new LinkedHashMap<>();
        Map<String, List<Double>> seconds = new LinkedHashMap<>();
        Map<String, Integer> standIns = new LinkedHashMap<>();
        int fits = 0;
        for (String method : OklMethods.NAMES) {
            predictions.put(method, new Matrix[plan.repeats()]);
            seconds.put(method, new ArrayList<>());
        }
        for (int r = 0; r < plan.repeats() && fitOkl; r++) {
            for (String method : OklMethods.NAMES) {
                predictions.get(method)[r] = Matrix.zeros(n, y.cols());
            }
            for (int f = 0; f < plan.folds(); f++) {
                if (only != null && f != only) {
                    continue;
                }
                int[] train = Folds.rows(folds[r], f, false);
                int[] test = Folds.rows(folds[r], f, true);
                Matrix xTest = x.selectRows(test);
                Map<String, OklMethods.Fitted> fitted = OklMethods.fitAll(TrainingData.of(x.selectRows(train),
                        y.selectRows(train)), okl);
                fits++;
                for (String method : OklMethods.NAMES) {
                    if (fitted.get(method).standIn()) {
                        standIns.merge(method, 1, Integer::sum);
                    }
                    long start = System.nanoTime();
                    Matrix predicted = fitted.get(method).model().predict(xTest).outputs();
                    seconds.get(method).add(fitted.get(method).seconds() + (System.nanoTime() - start) / 1e9);
                    Matrix target = predictions.get(method)[r];
                    for (int i = 0; i < test.length; i++) {
                        for (int j = 0; j < y.cols(); j++) {
                            target.set(test[i], j, predicted.get(i, j));
                        }
                    }
                }
            }
        }
        List<String> notCompared = new ArrayList<>();
        for (String method : fitOkl ? OklMethods.NAMES : List.<String>of()) {
            int standing = standIns.getOrDefault(method, 0);
            if (fits > 0 && standing == fits) {
                notCompared.add(method);
                continue;
            }
            if (standing > 0) {
                notes.add(String.format(Locale.ROOT, "%s is okl-auto's model in %d of %d fits (the search compared "
                        + "no output coupling there)", method, standing, fits));
            }
            methods.add(score(plan, method, y, folds, only, predictions.get(method), seconds.get(method)));
        }
        if (!notCompared.isEmpty()) {
            notes.add(String.join(" and ", notCompared) + " not reported: the automatic search of this task compares "
                    + "no output coupling (they would repeat okl-auto)");
        }
        if (settings.peer().isEmpty()) {
            notes.add("scikit-learn peer not run (--peer)");
        } else if (!baselines.isEmpty()) {
            progress.printf("bench: %s scikit-learn %s ...%n", plan.name(), baselines);
            progress.flush();
            try {
                settings.peer().get().runResource("peer_accuracy.py", List.of(dir.toString()), plan.name());
                for (String method : baselines) {
                    Path error = dir.resolve("error-" + method + ".txt");
                    if (Files.exists(error)) {
                        if (rerunOnly) {
                            throw new IllegalStateException("scikit-learn " + method + " failed: "
                                    + UserText.quote(Files.readString(error).strip(), 300) + "; the part is left as "
                                    + "it was");
                        }
                        notes.add("scikit-learn " + method + " failed: "
                                + UserText.quote(Files.readString(error).strip(), 300));
                        continue;
                    }
                    methods.add(score(plan, method, y, folds, only, readPredictions(dir, method, plan.repeats(), n,
                            y.cols()), readSeconds(dir, method)));
                }
            } catch (PeerRunner.PeerUnavailable e) {
                notes.add(peerFailed(e, rerunOnly));
            } catch (IOException e) {
                if (rerunOnly) {
                    throw new UncheckedIOException(e);
                }
                notes.add("scikit-learn: cannot read the peer's error file: " + e.getMessage());
            }
        }
        if (!rerunOnly && n > Task.GP_MAX_ROWS && plan.task().baselines().contains("gp-ard")
                && (settings.baselines().isEmpty() || settings.baselines().contains("gp-ard"))) {
            notes.add("gp-ard not run: " + n + " rows, above " + Task.GP_MAX_ROWS);
        }
        return new DatasetResult(plan, n, x.cols(), y.cols(), testShare, methods, notes, directions);
    }

    private MethodScores score(DatasetPlan plan, String method, Matrix y, int[][] folds, Integer only,
            Matrix[] predictions, List<Double> seconds) {
        Map<String, double[]> scores = new LinkedHashMap<>();
        for (String metricName : plan.task().metrics()) {
            Metric metric = okl.create(Metric.class, ComponentSpec.of(metricName));
            List<Double> values = new ArrayList<>();
            for (int r = 0; r < plan.repeats(); r++) {
                for (int f = 0; f < plan.folds(); f++) {
                    if (only != null && f != only) {
                        continue;
                    }
                    int[] test = Folds.rows(folds[r], f, true);
                    values.add(metric.evaluate(y.selectRows(test),
                            Decoded.of(predictions[r].selectRows(test))));
                }
            }
            scores.put(metricName, values.stream().mapToDouble(Double::doubleValue).toArray());
        }
        return new MethodScores(method, scores, seconds.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The baselines the peer fits on a data set of n rows: its task's, less those not asked for. */
    private List<String> baselines(DatasetPlan plan, int n) {
        return plan.task().baselines(n).stream().filter(b -> settings.baselines().isEmpty()
                || settings.baselines().contains(b)).toList();
    }

    /** The data set's splits pooled: inputs and outputs. */
    private Matrix[] pooled(String name) {
        Dataset d = okl.dataset(name);
        Matrix x = d.train().inputs();
        Matrix y = d.train().outputs();
        if (d.test().isPresent()) {
            x = x.stackRows(d.test().get().inputs());
            y = y.stackRows(d.test().get().outputs());
        }
        return new Matrix[] {x, y};
    }

    private void write(Path dir, DatasetPlan plan, Matrix x, Matrix y, int[][] folds, Integer only,
            List<String> baselines) {
        try {
            Files.createDirectories(dir);
            ObjectNode task = JSON.createObjectNode();
            task.put("name", plan.name());
            task.put("task", plan.task().id());
            task.put("n", x.rows());
            task.put("p", x.cols());
            task.put("q", y.cols());
            task.put("repeats", plan.repeats());
            task.put("folds", plan.folds());
            task.put("quick", settings.quick());
            if (only != null) {
                task.putArray("evaluate").add(only);
            }
            ArrayNode methods = task.putArray("methods");
            baselines.forEach(methods::add);
            Files.writeString(dir.resolve("task.json"), task.toPrettyString());
            Matrix rows = x.stackColumns(y);
            writeRowMajor(dir.resolve("data.f64"), rows);
            Matrix f = Matrix.zeros(x.rows(), folds.length);
            for (int r = 0; r < folds.length; r++) {
                for (int i = 0; i < x.rows(); i++) {
                    f.set(i, r, folds[r][i]);
                }
            }
            writeRowMajor(dir.resolve("folds.f64"), f);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the benchmark's files in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void writeRowMajor(Path file, Matrix m) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(8 * m.cols()).order(ByteOrder.LITTLE_ENDIAN);
        try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(file))) {
            for (int i = 0; i < m.rows(); i++) {
                b.clear();
                for (int j = 0; j < m.cols(); j++) {
                    b.putDouble(m.get(i, j));
                }
                out.write(b.array(), 0, b.position());
            }
        }
    }

    private static Matrix[] readPredictions(Path dir, String method, int repeats, int n, int q) {
        try {
            byte[] bytes = Files.readAllBytes(dir.resolve("pred-" + method + ".f64"));
            if (bytes.length != 8L * repeats * n * q) {
                throw new PeerRunner.PeerUnavailable(method + ": the peer wrote " + bytes.length + " bytes of "
                        + "predictions, expected " + (8L * repeats * n * q));
            }
            ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            Matrix[] out = new Matrix[repeats];
            for (int r = 0; r < repeats; r++) {
                out[r] = Matrix.zeros(n, q);
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < q; j++) {
                        out[r].set(i, j, b.getDouble());
                    }
                }
            }
            return out;
        } catch (IOException e) {
            throw new PeerRunner.PeerUnavailable(method + ": cannot read the peer's predictions: " + e.getMessage());
        }
    }

    private static List<Double> readSeconds(Path dir, String method) {
        try {
            List<Double> out = new ArrayList<>();
            JSON.readTree(dir.resolve("times-" + method + ".json").toFile()).forEach(v -> out.add(v.asDouble()));
            return out;
        } catch (IOException e) {
            throw new PeerRunner.PeerUnavailable(method + ": cannot read the peer's times: " + e.getMessage());
        }
    }

    /**
     * The automatic pipeline's search on the first 1,000 rows of digits-halves (200 with --quick) against
     * scikit-learn's GridSearchCV over as many candidates (StandardScaler + KernelRidge, kernel rbf or laplacian x
     * gamma x alpha, 5-fold), both timed whole: search and refit.
     */
    private TimingCheck timing() {
        int rows = settings.quick() ? 200 : 1000;
        Matrix[] xy = pooled("digits-halves");
        Matrix x = xy[0].rowRange(0, rows);
        Matrix y = xy[1].rowRange(0, rows);
        progress.printf("bench: search timing, auto on %d rows ...%n", rows);
        progress.flush();
        long start = System.nanoTime();
        Model model = okl.pipeline(org.okl.core.PipelineSpec.auto().build()).fit(TrainingData.of(x, y));
        double oklSeconds = (System.nanoTime() - start) / 1e9;
        int candidates = model.provenance().search().candidates();
        Optional<Double> sklearn = Optional.empty();
        String note = "";
        if (settings.peer().isPresent()) {
            Path dir = settings.work().resolve("search-timing");
            try {
                Files.createDirectories(dir);
                ObjectNode task = JSON.createObjectNode();
                task.put("n", rows);
                task.put("p", x.cols());
                task.put("q", y.cols());
                task.put("candidates", candidates);
                Files.writeString(dir.resolve("timing.json"), task.toPrettyString());
                writeRowMajor(dir.resolve("data.f64"), x.stackColumns(y));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            progress.printf("bench: search timing, GridSearchCV with %d candidates ...%n", candidates);
            progress.flush();
            try {
                String line = settings.peer().get().runResource("peer_accuracy.py", List.of(dir.toString()),
                        "search timing");
                sklearn = Optional.of(JSON.readTree(line).path("grid_search_s").asDouble());
                note = JSON.readTree(line).path("grid").asText();
            } catch (PeerRunner.PeerUnavailable e) {
                note = peerFailed(e, false);
            } catch (IOException e) {
                note = "scikit-learn: " + e.getMessage();
            }
        }
        return new TimingCheck(rows, candidates, model.provenance().search().decompositions(), oklSeconds,
                sklearn, note);
    }

    /**
     * The search timing.
     *
     * @param rows           the rows
     * @param candidates     the candidates OKL's automatic pipeline scored (and the grid scikit-learn searched)
     * @param decompositions the eigendecompositions OKL's search took
     * @param oklSeconds     OKL's fit, search and refit
     * @param sklearnSeconds GridSearchCV's fit, search and refit, if the peer ran
     * @param note           the scikit-learn grid, or why it did not run
     */
    public record TimingCheck(int rows, int candidates, int decompositions, double oklSeconds,
            Optional<Double> sklearnSeconds, String note) {
    }
}
