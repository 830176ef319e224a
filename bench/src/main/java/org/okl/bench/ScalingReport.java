package org.okl.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@link ScalingRunner} measured: per thread count, the time, the speed-up over the first run (normally one
 * thread) and the parallel efficiency (speed-up / threads), for the whole fit and for each phase, with the chosen
 * parameters and the largest prediction difference from the first run's model.
 *
 * @param workload the workload
 * @param n        the training rows
 * @param machine  the machine, the load and the settings
 * @param runs     one per thread count, in run order
 */
public record ScalingReport(String workload, int n, Map<String, String> machine, List<Run> runs) {

    /**
     * One run.
     *
     * @param threads        the thread count asked for
     * @param poolThreads    the pool's threads in the child
     * @param seconds        the time (see the settings line)
     * @param cpuSeconds     the processor time the child used, all threads (on a busy machine the wall times say
     *                       less than this: the child's share of the cores)
     * @param phases         seconds per phase (parse, landmarks, features + sums, solves)
     * @param peakRssMib     the child's peak resident memory
     * @param chosen         the chosen parameters
     * @param predictionDiff the largest difference of its test predictions from the first run's, relative to their
     *                       largest magnitude
     * @param testMse        its test MSE
     * @param blas           who set the BLAS threads
     * @param allSeconds     the times of every run of this thread count, in run order, when it ran more than once
     *                       (this run is the one with the median time); empty otherwise
     */
    public record Run(int threads, int poolThreads, double seconds, double cpuSeconds, Map<String, Double> phases,
            double peakRssMib,
            String chosen, double predictionDiff, double testMse, String blas, List<Double> allSeconds) {

        /** This run with the times of every run of its thread count (none kept for a single run). */
        Run withAllSeconds(List<Double> times) {
            return new Run(threads, poolThreads, seconds, cpuSeconds, phases, peakRssMib, chosen, predictionDiff,
                    testMse, blas, times.size() > 1 ? List.copyOf(times) : List.of());
        }
    }

    /** One line per thread count that ran more than once: every run's time (empty when each ran once). */
    private String allTimes(String prefix) {
        StringBuilder out = new StringBuilder();
        for (Run r : runs) {
            if (!r.allSeconds().isEmpty()) {
                out.append(prefix).append(r.threads()).append(r.threads() == 1 ? " thread" : " threads")
                        .append(", every run's time (s): ").append(r.allSeconds().stream()
                                .map(t -> String.format(Locale.ROOT, "%.2f", t))
                                .collect(java.util.stream.Collectors.joining(", "))).append('\n');
            }
        }
        return out.toString();
    }

    /** The report as aligned text. */
    public String text() {
        StringBuilder out = new StringBuilder();
        machine.forEach((k, v) -> out.append(String.format(Locale.ROOT, "%-38s %s%n", k, v)));
        out.append('\n').append(String.format(Locale.ROOT, "%-8s %9s %8s %6s %8s", "threads", "time s", "speed-up",
                "eff.", "cpu s"));
        for (String phase : ScalingRunner.PHASES.keySet()) {
            out.append(String.format(Locale.ROOT, " %28s", phase + " s (x, eff.)"));
        }
        out.append(String.format(Locale.ROOT, " %9s %10s %9s  %s%n", "RSS MiB", "pred.diff", "test MSE", "chosen"));
        for (Run r : runs) {
            out.append(String.format(Locale.ROOT, "%-8d %9.2f %8.2f %5.0f%% %8.1f", r.threads(), r.seconds(),
                    speedup(r), 100 * efficiency(r), r.cpuSeconds()));
            for (String phase : ScalingRunner.PHASES.keySet()) {
                out.append(String.format(Locale.ROOT, " %28s", phaseCell(r, phase)));
            }
            out.append(String.format(Locale.ROOT, " %9.0f %10.1e %9.5f  %s%n", r.peakRssMib(), r.predictionDiff(),
                    r.testMse(), r.chosen()));
        }
        out.append(allTimes(""));
        if (!runs.isEmpty()) {
            out.append('\n').append(runs.get(runs.size() - 1).blas()).append('\n');
        }
        return out.toString();
    }

    /** The report as Markdown: the machine lines, then the table. */
    public String markdown() {
        StringBuilder out = new StringBuilder();
        machine.forEach((k, v) -> out.append("- ").append(k).append(": ").append(v).append('\n'));
        out.append("\n| threads | time s | speed-up | efficiency | cpu s |");
        ScalingRunner.PHASES.keySet().forEach(p -> out.append(' ').append(p).append(" s (speed-up, eff.) |"));
        out.append(" peak RSS MiB | max pred. diff | test MSE | chosen |\n| ---: | ---: | ---: | ---: | ---: |");
        ScalingRunner.PHASES.keySet().forEach(p -> out.append(" ---: |"));
        out.append(" ---: | ---: | ---: | --- |\n");
        for (Run r : runs) {
            out.append(String.format(Locale.ROOT, "| %d | %.2f | %.2fx | %.0f %% | %.1f |", r.threads(), r.seconds(),
                    speedup(r), 100 * efficiency(r), r.cpuSeconds()));
            ScalingRunner.PHASES.keySet().forEach(p -> out.append(' ').append(phaseCell(r, p)).append(" |"));
            out.append(String.format(Locale.ROOT, " %.0f | %.1e | %.5f | %s |%n", r.peakRssMib(), r.predictionDiff(),
                    r.testMse(), r.chosen()));
        }
        String times = allTimes("- ");
        if (!times.isEmpty()) {
            out.append('\n').append(times);
        }
        return out.toString();
    }

    /** The report as JSON. */
    public ObjectNode json() {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("workload", workload);
        root.put("n", n);
        root.set("machine", mapper.valueToTree(machine));
        ArrayNode array = root.putArray("runs");
        for (Run r : runs) {
            ObjectNode o = mapper.valueToTree(r);
            o.put("speedup", speedup(r));
            o.put("efficiency", efficiency(r));
            ObjectNode phaseSpeedups = o.putObject("phaseSpeedups");
            ScalingRunner.PHASES.keySet().forEach(p -> phaseSpeedups.put(p, phaseSpeedup(r, p)));
            array.add(o);
        }
        return root;
    }

    /** The first run's time over this one's. */
    public double speedup(Run r) {
        return runs.get(0).seconds() / r.seconds();
    }

    /** The speed-up over the first run, per thread relative to the first run's threads. */
    public double efficiency(Run r) {
        return speedup(r) * runs.get(0).threads() / r.threads();
    }

    private double phaseSpeedup(Run r, String phase) {
        double base = runs.get(0).phases().get(phase);
        double here = r.phases().get(phase);
        return here > 0 ? base / here : Double.NaN;
    }

    private String phaseCell(Run r, String phase) {
        double here = r.phases().get(phase);
        if (here < 0.005 && runs.get(0).phases().get(phase) < 0.005) {
            return String.format(Locale.ROOT, "%.2f", here);
        }
        double speedup = phaseSpeedup(r, phase);
        return String.format(Locale.ROOT, "%.2f (%.1fx, %.0f%%)", here, speedup,
                100 * speedup * runs.get(0).threads() / r.threads());
    }
}
