package org.okl.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code okl bench --spark-plan DIR}: the cost model of okl-spark's fit ({@link SparkCostModel}) read from the
 * measurements in DIR, checked, and applied to 100,000,000 rows. DIR holds {@code okl bench --json} reports named
 * {@code WORKLOAD-N-WHERE.json} ({@code spark_fit-200000-local.json}, {@code spark_falkon-2000000-cluster.json}; what
 * {@code bench/scripts/spark-cost-model.sh} writes): for every WHERE, the constants measured at the smallest n predict
 * every pass at the largest n, against what was measured there (the check: the total within 25 %); the constants
 * measured at the largest n on the cluster then give the plan for m = 2,000, 5,000 and 20,000 on 8, 32 and 128
 * executors.
 */
public final class SparkPlanReport {
    private static final Pattern NAME = Pattern.compile("(spark_fit|spark_falkon)-([0-9]+)-([A-Za-z0-9_]+)\\.json");
    /** The rows of the plan. */
    static final long PLAN_ROWS = 100_000_000L;
    /** The plan's executors: cores each, heap each. */
    static final int EXECUTOR_CORES = 4;
    static final double EXECUTOR_HEAP = 16.0 * (1L << 30);
    /** The check's bound on |predicted / measured - 1| for the total. */
    static final double BOUND = 0.25;

    private final Map<String, TreeMap<Long, Measured>> runs;

    private SparkPlanReport(Map<String, TreeMap<Long, Measured>> runs) {
        this.runs = runs;
    }

    /** One size's two runs where they were measured. */
    record Measured(JsonNode sums, JsonNode falkon) {
        SparkCostModel.Problem sumsProblem(long n) {
            return problem(sums, n);
        }

        SparkCostModel.Problem falkonProblem(long n) {
            return problem(falkon, n);
        }

        SparkCostModel model(long n) {
            return SparkCostModel.measured(sums, sumsProblem(n), falkon, falkonProblem(n));
        }
    }

    /** The problem a run's details describe: one executor with the run's cores. */
    static SparkCostModel.Problem problem(JsonNode details, long n) {
        return new SparkCostModel.Problem(n, details.path("rank").asInt(), details.path("outputs").asInt(),
                details.path("folds").asInt(), details.path("lambdas").asInt(), 1, details.path("cores").asInt(),
                Math.max(1, details.path("falkon_iterations").asInt()));
    }

    /**
     * Reads the reports in a folder.
     *
     * @throws IllegalArgumentException when a place lacks a workload at a size, or there is no size to check
     */
    public static SparkPlanReport read(Path dir) {
        Map<String, Map<Long, JsonNode[]>> found = new TreeMap<>();
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.sorted().toList()) {
                Matcher m = NAME.matcher(file.getFileName().toString());
                if (!m.matches()) {
                    continue;
                }
                JsonNode details = json.readTree(file.toFile()).path("results").path(0).path("details");
                if (details.isMissingNode()) {
                    throw new IllegalArgumentException(file + ": no results[0].details (an okl bench --json report "
                            + "of one run is needed)");
                }
                found.computeIfAbsent(m.group(3), k -> new TreeMap<>()).computeIfAbsent(Long.parseLong(m.group(2)),
                        k -> new JsonNode[2])[m.group(1).equals("spark_fit") ? 0 : 1] = details;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir + ": " + e.getMessage(), e);
        }
        Map<String, TreeMap<Long, Measured>> runs = new TreeMap<>();
        found.forEach((where, sizes) -> sizes.forEach((n, pair) -> {
            if (pair[0] == null || pair[1] == null) {
                throw new IllegalArgumentException(dir + ": " + where + " at n = " + n + " needs both spark_fit and "
                        + "spark_falkon reports");
            }
            runs.computeIfAbsent(where, k -> new TreeMap<>()).put(n, new Measured(pair[0], pair[1]));
        }));
        if (runs.isEmpty() || runs.values().stream().allMatch(s -> s.size() < 2)) {
            throw new IllegalArgumentException(dir + ": no place with reports at two sizes (WORKLOAD-N-WHERE.json)");
        }
        return new SparkPlanReport(runs);
    }

    /** The check: for every place, the largest size's passes predicted from the smallest size's constants. */
    public List<Check> checks() {
        List<Check> checks = new ArrayList<>();
        runs.forEach((where, sizes) -> {
            if (sizes.size() < 2) {
                return;
            }
            long small = sizes.firstKey();
            long large = sizes.lastKey();
            SparkCostModel model = sizes.get(small).model(small);
            Measured at = sizes.get(large);
            checks.add(check(where, "per-fold sums", small, large, model.sumsRoute(at.sumsProblem(large)), at.sums()));
            checks.add(check(where, "falkon", small, large, model.falkonRoute(at.falkonProblem(large)), at.falkon()));
        });
        return checks;
    }

    /**
     * One route at one place: predicted and measured seconds per pass, and of the fit (the passes and the driver's
     * solve; the JVM and session start, the same at every size, apart).
     */
    public record Check(String where, String route, long fromRows, long atRows, List<String> passes,
            double[] predicted, double[] measured) {
        /** The predicted total over the measured one. */
        public double ratio() {
            return sum(predicted) / sum(measured);
        }

        /** Whether the total lies within the bound. */
        public boolean holds() {
            return Math.abs(ratio() - 1) <= BOUND;
        }
    }

    private static Check check(String where, String route, long small, long large, List<SparkCostModel.Pass> plan,
            JsonNode measured) {
        List<String> names = new ArrayList<>();
        double[] predicted = new double[plan.size()];
        double[] actual = new double[plan.size()];
        for (int i = 0; i < plan.size(); i++) {
            SparkCostModel.Pass pass = plan.get(i);
            names.add(pass.name());
            predicted[i] = pass.seconds();
            actual[i] = switch (pass.name()) {
                case "solve (driver)" -> measured.path("solve_s").asDouble();
                case "reading the rows" -> SparkCostModel.passSeconds(measured, "reading");
                case "drawing the landmarks" -> SparkCostModel.passSeconds(measured, "uniform_sample")
                        + SparkCostModel.passSeconds(measured, "fetching_");
                default -> SparkCostModel.passSeconds(measured, pass.name().replace(' ', '_'));
            };
        }
        return new Check(where, route, small, large, names, predicted, actual);
    }

    private static double sum(double[] values) {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s;
    }

    /** The constants of the plan: the cluster's at its largest size, else the first place's. */
    public SparkCostModel planConstants() {
        String where = runs.containsKey("cluster") ? "cluster" : runs.keySet().iterator().next();
        TreeMap<Long, Measured> sizes = runs.get(where);
        return sizes.lastEntry().getValue().model(sizes.lastKey());
    }

    /** The report as Markdown: the constants, the check, the plan. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("#### Constants (per core)\n\n");
        runs.forEach((where, sizes) -> sizes.forEach((n, m) -> sb.append(String.format(Locale.ROOT,
                "- %s, n = %,d: %s%n", where, n, m.model(n)))));
        sb.append("\n#### Predicted from the smallest n against measured at the largest (seconds)\n\n");
        sb.append("| where | route | from n | at n | pass | predicted | measured | predicted / measured |\n");
        sb.append("| --- | --- | ---: | ---: | --- | ---: | ---: | ---: |\n");
        for (Check c : checks()) {
            for (int i = 0; i < c.passes().size(); i++) {
                sb.append(String.format(Locale.ROOT, "| %s | %s | %,d | %,d | %s | %.1f | %.1f | %.2f |%n",
                        c.where(), c.route(), c.fromRows(), c.atRows(), c.passes().get(i), c.predicted()[i],
                        c.measured()[i], c.predicted()[i] / c.measured()[i]));
            }
            sb.append(String.format(Locale.ROOT, "| %s | %s | %,d | %,d | **fit** | **%.1f** | **%.1f** | **%.2f** "
                    + "(%s) |%n", c.where(), c.route(), c.fromRows(), c.atRows(), sum(c.predicted()),
                    sum(c.measured()), c.ratio(), c.holds() ? "within 25 %" : "OUTSIDE 25 %"));
        }
        sb.append(plan());
        return sb.toString();
    }

    /** The plan for 10^8 rows. */
    String plan() {
        SparkCostModel model = planConstants();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%n#### 100,000,000 rows (p = 20, d = 5, "
                + "5 folds, 5 lambdas; executors of %d cores and %.0f GiB heap; Falkon at its 50-iteration cap)%n%n",
                EXECUTOR_CORES, EXECUTOR_HEAP / (1L << 30)));
        sb.append("| m | route | executors | reading s | sums or Gram passes s | checksum s | driver solve s "
                + "| fit min | per executor: tasks' arrays GiB + cached rows GiB | driver GiB | fits |\n");
        sb.append("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |\n");
        for (int m : new int[] {2000, 5000, 20000}) {
            for (int executors : new int[] {8, 32, 128}) {
                SparkCostModel.Problem p = new SparkCostModel.Problem(PLAN_ROWS, m, 5, 5, 5, executors,
                        EXECUTOR_CORES, 50);
                row(sb, "per-fold sums", p, model.sumsRoute(p), model);
                row(sb, "falkon", p, model.falkonRoute(p), model);
            }
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, String route, SparkCostModel.Problem p, List<SparkCostModel.Pass> passes,
            SparkCostModel model) {
        double read = seconds(passes, "reading the rows");
        double checksum = seconds(passes, "data checksum");
        double solve = seconds(passes, "solve (driver)");
        double work = SparkCostModel.seconds(passes) - read - checksum - solve;
        double tasks = passes.stream().mapToDouble(SparkCostModel.Pass::executorBytes).max().orElse(0);
        double cached = model.cachedBytesPerExecutor(p);
        double driver = passes.stream().mapToDouble(SparkCostModel.Pass::driverBytes).max().orElse(0);
        // Spark's unified memory model: user code gets (1 - 0.6) of the heap beyond 300 MiB, the cached rows up to
        // 0.6 of it (storage spills to disk beyond)
        double user = 0.4 * (EXECUTOR_HEAP - (300L << 20));
        Optional<String> why = Optional.empty();
        if (tasks > user) {
            why = Optional.of(String.format(Locale.ROOT, "no: tasks need %.1f GiB of %.1f GiB user memory",
                    tasks / (1L << 30), user / (1L << 30)));
        }
        sb.append(String.format(Locale.ROOT, "| %,d | %s | %d (%d cores) | %.0f | %.0f | %.0f | %.0f | %.1f | %.2f + "
                + "%.2f | %.2f | %s |%n", p.landmarks(), route, p.executors(), p.allCores(), read, work, checksum,
                solve, SparkCostModel.seconds(passes) / 60, tasks / (1L << 30), cached / (1L << 30),
                driver / (1L << 30), why.orElse("yes")));
    }

    private static double seconds(List<SparkCostModel.Pass> passes, String name) {
        return passes.stream().filter(p -> p.name().equals(name)).mapToDouble(SparkCostModel.Pass::seconds).sum();
    }
}
