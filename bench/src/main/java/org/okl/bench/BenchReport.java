package org.okl.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The results of one {@code okl bench} run with the machine they were taken on, the notes (peer skipped, back-end
 * missing) and the targets checked, as an aligned text table, a Markdown table or JSON.
 *
 * @param machine machine and run facts (CPU, cores, Java, back-ends, load average), in display order
 * @param results one row per workload, size and back-end
 * @param notes   what the reader must know (skipped peer or back-end, data used)
 */
public record BenchReport(Map<String, String> machine, List<BenchResult> results, List<String> notes) {
    /** The table's column headers. */
    static final List<String> HEADERS = List.of("workload", "n", "backend", "seconds", "numpy s", "OKL/numpy",
            "java/native", "sklearn s", "sklearn/OKL");
    private static final String NONE = "-";

    /** Copies the parts. */
    public BenchReport {
        machine = new LinkedHashMap<>(machine);
        results = List.copyOf(results);
        notes = List.copyOf(notes);
    }

    /** The targets checked on these results. */
    public List<TargetCheck> targets() {
        return BenchTargets.evaluate(results);
    }

    /** The table's cells, one row per result, in {@link #HEADERS} order. */
    List<List<String>> rows() {
        List<List<String>> rows = new ArrayList<>();
        for (BenchResult r : results) {
            OptionalDouble javaRatio = r.backend().equals("java")
                    ? BenchTargets.javaOverNative(results, r).map(OptionalDouble::of).orElse(OptionalDouble.empty())
                    : OptionalDouble.empty();
            rows.add(List.of(r.workload(), Integer.toString(r.n()), r.backend(), seconds(r.seconds()),
                    seconds(r.numpy()), ratio(r.numpyRatio()), ratio(javaRatio), seconds(r.sklearn()),
                    ratio(r.sklearnSpeedup())));
        }
        return rows;
    }

    /** An aligned plain-text table (text left-aligned, numbers right-aligned), then targets and notes. */
    public String text() {
        List<List<String>> rows = rows();
        int[] widths = new int[HEADERS.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = HEADERS.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append(line(HEADERS, widths)).append('\n');
        char[] rule = new char[Arrays.stream(widths).sum() + 2 * (widths.length - 1)];
        Arrays.fill(rule, '-');
        sb.append(rule).append('\n');
        rows.forEach(row -> sb.append(line(row, widths)).append('\n'));
        appendTargetsAndNotes(sb, false);
        return sb.toString();
    }

    /** A Markdown table with the machine facts before it and the targets and notes after it. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        machine.forEach((k, v) -> sb.append("- ").append(k).append(": ").append(v).append('\n'));
        sb.append('\n').append("| ").append(String.join(" | ", HEADERS)).append(" |\n|");
        for (int c = 0; c < HEADERS.size(); c++) {
            sb.append(c < 3 ? " --- |" : " ---: |");
        }
        sb.append('\n');
        rows().forEach(row -> sb.append("| ").append(String.join(" | ", row)).append(" |\n"));
        appendTargetsAndNotes(sb, true);
        return sb.toString();
    }

    /** The report as one JSON object: machine, results (every repeat included), targets, notes. */
    public ObjectNode json() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        ObjectNode m = root.putObject("machine");
        machine.forEach(m::put);
        ArrayNode rs = root.putArray("results");
        for (BenchResult r : results) {
            ObjectNode o = rs.addObject();
            o.put("workload", r.workload());
            o.put("n", r.n());
            o.put("backend", r.backend());
            o.put("seconds", r.seconds());
            ArrayNode repeats = o.putArray("repeats");
            Arrays.stream(r.timing().seconds()).forEach(repeats::add);
            put(o, "numpy_seconds", r.numpy());
            put(o, "okl_over_numpy", r.numpyRatio());
            put(o, "sklearn_seconds", r.sklearn());
            put(o, "sklearn_over_okl", r.sklearnSpeedup());
            if (r.backend().equals("java")) {
                BenchTargets.javaOverNative(results, r).ifPresent(x -> o.put("java_over_native", x));
            }
            if (!r.details().isEmpty()) {
                ObjectNode d = o.putObject("details");
                r.details().forEach(d::put);
            }
        }
        ArrayNode ts = root.putArray("targets");
        for (TargetCheck t : targets()) {
            ts.addObject().put("target", t.target()).put("measured", t.measured()).put("pass", t.pass());
        }
        ArrayNode ns = root.putArray("notes");
        notes.forEach(ns::add);
        return root;
    }

    /**
     * One line per result with details (what a run measured besides time), then the scaling exponent of every
     * workload timed at several sizes on one back-end: the slope of log(seconds) against log(n), least squares.
     */
    public List<String> detailLines() {
        List<String> lines = new ArrayList<>();
        for (BenchResult r : results) {
            if (!r.details().isEmpty()) {
                StringBuilder sb = new StringBuilder(r.workload() + " n=" + r.n() + " " + r.backend() + ":");
                r.details().forEach((k, v) -> sb.append(' ').append(k).append(' ').append(number(v)).append(','));
                lines.add(sb.substring(0, sb.length() - 1));
            }
        }
        Map<String, List<BenchResult>> series = new LinkedHashMap<>();
        for (BenchResult r : results) {
            series.computeIfAbsent(r.workload() + " " + r.backend(), k -> new ArrayList<>()).add(r);
        }
        series.forEach((key, rs) -> {
            if (rs.size() >= 2 && rs.stream().map(BenchResult::n).distinct().count() >= 2) {
                lines.add(key + ": time grows as n^" + String.format(Locale.ROOT, "%.2f", exponent(rs)) + " over n = "
                        + rs.stream().map(r -> Integer.toString(r.n())).reduce((a, b) -> a + ", " + b).orElse(""));
            }
        });
        return lines;
    }

    /** The least-squares slope of log(seconds) against log(n). */
    static double exponent(List<BenchResult> rs) {
        double mx = rs.stream().mapToDouble(r -> Math.log(r.n())).average().orElse(0);
        double my = rs.stream().mapToDouble(r -> Math.log(r.seconds())).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        for (BenchResult r : rs) {
            double x = Math.log(r.n()) - mx;
            sxy += x * (Math.log(r.seconds()) - my);
            sxx += x * x;
        }
        return sxy / sxx;
    }

    private static String number(double v) {
        double a = Math.abs(v);
        return a != 0 && (a < 1e-3 || a >= 1e6) ? String.format(Locale.ROOT, "%.3g", v)
                : String.format(Locale.ROOT, a < 1 ? "%.5f" : "%.2f", v);
    }

    private void appendTargetsAndNotes(StringBuilder sb, boolean markdown) {
        String heading = markdown ? "\n" : "";
        String bullet = markdown ? "- " : "  ";
        List<String> details = detailLines();
        if (!details.isEmpty()) {
            sb.append("\ndetails:\n").append(heading);
            details.forEach(d -> sb.append(bullet).append(d).append('\n'));
        }
        List<TargetCheck> checks = targets();
        if (!checks.isEmpty()) {
            sb.append("\ntargets:\n").append(heading);
            for (TargetCheck t : checks) {
                sb.append(bullet).append(t.pass() ? "PASS " : "FAIL ").append(t.target()).append(": ")
                        .append(t.measured()).append('\n');
            }
        }
        if (!notes.isEmpty()) {
            sb.append("\nnotes:\n").append(heading);
            notes.forEach(n -> sb.append(bullet).append(n).append('\n'));
        }
    }

    private static void put(ObjectNode o, String name, OptionalDouble value) {
        if (value.isPresent()) {
            o.put(name, value.getAsDouble());
        } else {
            o.putNull(name);
        }
    }

    private static String line(List<String> cells, int[] widths) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                sb.append("  ");
            }
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            sb.append(c < 3 ? cell + pad : pad + cell);
        }
        return sb.toString().stripTrailing();
    }

    /** Seconds with three or four significant digits. */
    static String seconds(double s) {
        String pattern = s < 0.1 ? "%.4f" : s < 100 ? "%.3f" : "%.1f";
        return String.format(Locale.ROOT, pattern, s);
    }

    private static String seconds(OptionalDouble s) {
        return s.isPresent() ? seconds(s.getAsDouble()) : NONE;
    }

    /** A ratio with two decimals and an x. */
    static String ratio(OptionalDouble r) {
        return r.isPresent() ? String.format(Locale.ROOT, "%.2fx", r.getAsDouble()) : NONE;
    }
}
