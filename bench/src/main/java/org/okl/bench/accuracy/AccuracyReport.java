package org.okl.bench.accuracy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The accuracy benchmark's results with their verdicts, as text (Markdown) and JSON.
 *
 * <p>Verdict rule, computed here: OKL's automatic pipeline against a baseline on a data set and metric is a win when
 * the corrected resampled t-test ({@link PairedTest}) of their paired fold scores gives p &lt; {@value #ALPHA} and
 * OKL's mean is better, a loss when p &lt; {@value #ALPHA} and OKL's mean is worse, and a tie otherwise. On a data
 * set, OKL wins (loses) against scikit-learn when it wins against (loses to) the baseline with the best mean on the
 * data set's first metric. The same test compares OKL coupled with OKL independent.
 *
 * @param datasets      every data set that ran
 * @param emotionsSplit the emotions train/test split, if it ran
 * @param timing        the search timing, if it ran
 * @param notes         what did not run, and why
 * @param quick         whether the reduced protocol ran
 */
public record AccuracyReport(List<DatasetResult> datasets, Optional<DatasetResult> emotionsSplit,
        Optional<AccuracyBench.TimingCheck> timing, List<String> notes, boolean quick) {
    /** The significance level of the verdict rule. */
    public static final double ALPHA = 0.05;
    private static final String AUTO = "okl-auto";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A verdict between two methods on one metric. */
    public record Verdict(String against, String metric, String outcome, PairedTest.Result test) {
    }

    /** Every verdict of OKL auto against the baselines on a data set, per metric. */
    public List<Verdict> verdicts(DatasetResult d) {
        List<Verdict> out = new ArrayList<>();
        Optional<MethodScores> auto = d.method(AUTO);
        if (auto.isEmpty()) {
            return out;
        }
        for (String metric : d.plan().task().metrics()) {
            for (String baseline : d.plan().task().baselines()) {
                d.method(baseline).ifPresent(b -> out.add(verdict(auto.get(), b, metric, d)));
            }
        }
        return out;
    }

    /** OKL coupled against OKL independent on every metric. */
    public List<Verdict> couplingVerdicts(DatasetResult d) {
        List<Verdict> out = new ArrayList<>();
        Optional<MethodScores> coupled = d.method("okl-coupled");
        Optional<MethodScores> independent = d.method("okl-independent");
        if (coupled.isPresent() && independent.isPresent()) {
            for (String metric : d.plan().task().metrics()) {
                out.add(verdict(coupled.get(), independent.get(), metric, d));
            }
        }
        return out;
    }

    /** The data set's verdict against its best baseline on the first metric, or empty without baselines. */
    public Optional<Verdict> datasetVerdict(DatasetResult d) {
        String metric = d.plan().task().metrics().get(0);
        boolean higher = higherIsBetter(metric);
        MethodScores best = null;
        for (String baseline : d.plan().task().baselines()) {
            Optional<MethodScores> b = d.method(baseline);
            if (b.isPresent() && (best == null || better(mean(b.get().scores().get(metric)),
                    mean(best.scores().get(metric)), higher))) {
                best = b.get();
            }
        }
        if (best == null || d.method(AUTO).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(verdict(d.method(AUTO).get(), best, metric, d));
    }

    private static Verdict verdict(MethodScores a, MethodScores b, String metric, DatasetResult d) {
        double[] x = a.scores().get(metric);
        double[] y = b.scores().get(metric);
        PairedTest.Result t = x.length < 2 ? new PairedTest.Result(mean(x) - mean(y), Double.NaN, Double.NaN)
                : PairedTest.correctedResampled(x, y, d.testShare());
        boolean aBetter = better(mean(x), mean(y), higherIsBetter(metric));
        String outcome = !(t.p() < ALPHA) ? "tie" : aBetter ? "win" : "loss";
        return new Verdict(b.method(), metric, outcome, t);
    }

    static boolean higherIsBetter(String metric) {
        return metric.equals("f1-micro") || metric.equals("subset-accuracy");
    }

    private static boolean better(double a, double b, boolean higher) {
        return higher ? a > b : a < b;
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    static double sd(double[] v) {
        if (v.length < 2) {
            return 0.0;
        }
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return Math.sqrt(s / (v.length - 1));
    }

    /** The done-when checks of issue 19, each with its numbers and whether it is met. */
    public Map<String, String> checks() {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> losses = new ArrayList<>();
        int wins = 0;
        int judged = 0;
        for (DatasetResult d : datasets) {
            for (Verdict v : verdicts(d)) {
                if (v.metric().equals(d.plan().task().metrics().get(0)) && v.outcome().equals("loss")) {
                    losses.add(d.plan().name() + " vs " + v.against());
                }
            }
            Optional<Verdict> dv = datasetVerdict(d);
            if (dv.isPresent()) {
                judged++;
                wins += dv.get().outcome().equals("win") ? 1 : 0;
            }
        }
        out.put("no significant loss to a baseline (first metric)", (losses.isEmpty() ? "met" : "NOT met: "
                + String.join(", ", losses)));
        out.put("significant win against the best baseline on at least half the data sets", String.format(
                Locale.ROOT, "%s: %d of %d", judged > 0 && 2 * wins >= judged ? "met" : "NOT met", wins, judged));
        datasets.stream().filter(d -> d.plan().name().equals("enb")).findFirst().flatMap(d -> d.method(AUTO))
                .ifPresent(m -> {
                    double a = mean(m.scores().get("arrmse"));
                    out.put("enb aRRMSE below 0.110", String.format(Locale.ROOT, "%s: %.4f", a < 0.110 ? "met"
                            : "NOT met", a));
                });
        emotionsSplit.flatMap(d -> d.method(AUTO)).ifPresent(m -> {
            double h = mean(m.scores().get("hamming-loss"));
            double f = mean(m.scores().get("f1-micro"));
            out.put("emotions split: hamming-loss <= 0.195 and f1-micro >= 0.67", String.format(Locale.ROOT,
                    "%s: %.4f and %.4f", h <= 0.195 && f >= 0.67 ? "met" : "NOT met", h, f));
        });
        List<String> coupledLosses = new ArrayList<>();
        for (DatasetResult d : datasets) {
            for (Verdict v : couplingVerdicts(d)) {
                if (v.outcome().equals("loss")) {
                    coupledLosses.add(d.plan().name() + " (" + v.metric() + ")");
                }
            }
        }
        out.put("OKL coupled never significantly worse than OKL independent", coupledLosses.isEmpty() ? "met"
                : "NOT met: " + String.join(", ", coupledLosses));
        timing.ifPresent(t -> out.put("auto search on " + t.rows() + " rows no slower than GridSearchCV with as many "
                + "candidates", t.sklearnSeconds().map(s -> String.format(Locale.ROOT, "%s: %.1f s against %.1f s",
                        t.oklSeconds() <= s ? "met" : "NOT met", t.oklSeconds(), s))
                .orElse("not judged: " + t.note())));
        return out;
    }

    /** The report as Markdown. */
    public String markdown() {
        StringBuilder b = new StringBuilder();
        for (Task task : Task.values()) {
            List<DatasetResult> rows = datasets.stream().filter(d -> d.plan().task() == task).toList();
            if (!rows.isEmpty()) {
                table(b, task, rows);
            }
        }
        emotionsSplit.ifPresent(d -> {
            b.append("emotions, Mulan's own split (391 training, 202 test rows), one fit each:\n\n");
            table(b, Task.MULTI_LABEL, List.of(d));
        });
        b.append("Seconds, every fold's fit and prediction summed, search included (okl-independent and "
                + "okl-coupled are read off okl-auto's search and refitted: each counts that search and its "
                + "refit):\n\n| data set |");
        List<String> all = new ArrayList<>(OklMethods.NAMES);
        for (Task t : Task.values()) {
            all.addAll(t.baselines());
        }
        all.forEach(m -> b.append(' ').append(m).append(" |"));
        b.append("\n| --- |");
        all.forEach(m -> b.append(" ---: |"));
        b.append('\n');
        for (DatasetResult d : datasets) {
            b.append("| ").append(d.plan().name()).append(" |");
            for (String m : all) {
                b.append(' ').append(d.method(m).map(s -> String.format(Locale.ROOT, "%.1f", s.totalSeconds()))
                        .orElse("")).append(" |");
            }
            b.append('\n');
        }
        timing.ifPresent(t -> b.append(String.format(Locale.ROOT, "%nSearch timing on %d rows of digits-halves "
                        + "(32 inputs, 32 outputs): OKL auto %.1f s for %d candidates (%d eigendecompositions, "
                        + "refit included); scikit-learn %s (%s).%n", t.rows(), t.oklSeconds(), t.candidates(),
                t.decompositions(), t.sklearnSeconds().map(s -> String.format(Locale.ROOT, "%.1f s", s))
                        .orElse("not run"), t.note())));
        b.append("\nChecks (issue 19, done when):\n\n");
        checks().forEach((k, v) -> b.append("- ").append(k).append(": ").append(v).append('\n'));
        if (!notes.isEmpty()) {
            b.append("\nNot run:\n\n");
            notes.forEach(n -> b.append("- ").append(n).append('\n'));
        }
        return b.toString();
    }

    private void table(StringBuilder b, Task task, List<DatasetResult> rows) {
        List<String> methods = new ArrayList<>(OklMethods.NAMES);
        methods.addAll(task.baselines());
        b.append("| data set | n x p -> q | protocol | metric |");
        methods.forEach(m -> b.append(' ').append(m).append(" |"));
        b.append(" auto vs scikit-learn (p) | coupled vs independent (p) |\n| --- | --- | --- | --- |");
        methods.forEach(m -> b.append(" ---: |"));
        b.append(" --- | --- |\n");
        for (DatasetResult d : rows) {
            List<Verdict> verdicts = verdicts(d);
            List<Verdict> coupling = couplingVerdicts(d);
            for (String metric : task.metrics()) {
                b.append("| ").append(d.plan().name()).append(" | ").append(d.rows()).append(" x ")
                        .append(d.inputs()).append(" -> ").append(d.outputs()).append(" | ")
                        .append(d.testShare() == 0.0 ? "train/test" : d.plan().repeats() + " x " + d.plan().folds()
                                + "-fold").append(" | ").append(metric).append(higherIsBetter(metric) ? " (higher)"
                                : " (lower)").append(" |");
                for (String m : methods) {
                    b.append(' ').append(d.method(m).map(s -> cell(s.scores().get(metric))).orElse("")).append(" |");
                }
                b.append(' ').append(String.join("; ", verdicts.stream().filter(v -> v.metric().equals(metric))
                        .map(AccuracyReport::shortVerdict).toList())).append(" | ");
                b.append(String.join("; ", coupling.stream().filter(v -> v.metric().equals(metric))
                        .map(v -> v.outcome() + " " + p(v.test().p())).toList())).append(" |\n");
            }
        }
        b.append('\n');
    }

    private static String shortVerdict(Verdict v) {
        return v.against() + " " + v.outcome() + " " + p(v.test().p());
    }

    private static String p(double p) {
        if (Double.isNaN(p)) {
            return "(one fold)";
        }
        return p < 0.001 ? "(<0.001)" : String.format(Locale.ROOT, "(%.3f)", p);
    }

    private static String cell(double[] v) {
        return v.length < 2 ? String.format(Locale.ROOT, "%.4f", mean(v))
                : String.format(Locale.ROOT, "%.4f ± %.4f", mean(v), sd(v));
    }

    /** The report as JSON: every fold's scores and seconds, the verdicts and the checks. */
    public ObjectNode json() {
        ObjectNode root = JSON.createObjectNode();
        root.put("alpha", ALPHA);
        root.put("quick", quick);
        ArrayNode sets = root.putArray("datasets");
        List<DatasetResult> all = new ArrayList<>(datasets);
        emotionsSplit.ifPresent(all::add);
        for (DatasetResult d : all) {
            ObjectNode s = sets.addObject();
            s.put("name", d.plan().name());
            s.put("task", d.plan().task().id());
            s.put("rows", d.rows());
            s.put("repeats", d.plan().repeats());
            s.put("folds", d.plan().folds());
            ObjectNode methods = s.putObject("methods");
            for (MethodScores m : d.methods()) {
                ObjectNode node = methods.putObject(m.method());
                node.set("scores", JSON.valueToTree(m.scores()));
                node.set("seconds", JSON.valueToTree(m.seconds()));
            }
            ArrayNode verdicts = s.putArray("verdicts");
            List<Verdict> vs = new ArrayList<>(verdicts(d));
            couplingVerdicts(d).forEach(v -> vs.add(new Verdict("coupled vs " + v.against(), v.metric(),
                    v.outcome(), v.test())));
            for (Verdict v : vs) {
                ObjectNode node = verdicts.addObject();
                node.put("against", v.against());
                node.put("metric", v.metric());
                node.put("outcome", v.outcome());
                node.put("meanDifference", v.test().meanDifference());
                node.put("t", v.test().t());
                node.put("p", v.test().p());
            }
            s.set("notes", JSON.valueToTree(d.notes()));
        }
        timing.ifPresent(t -> root.set("timing", JSON.valueToTree(t)));
        root.set("checks", JSON.valueToTree(checks()));
        root.set("notes", JSON.valueToTree(notes));
        return root;
    }
}
