package org.okl.bench.accuracy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The data sets of the accuracy benchmark and their protocols: every bundled or fetchable data set with more than one
 * output that both sides can fit in the time budget (see BENCHMARKS.md for what is left out and why).
 */
public final class AccuracyPlans {
    private AccuracyPlans() {
    }

    /**
     * The full protocol, sized to finish in about an hour on two quiet cores (both sides, one after the other):
     * 5 x 5-fold up to 600 rows, 3 x 5-fold up to 1,100, 1 x 5-fold above. Left out: enron (53 labels: the tuned SVC
     * per label alone takes about 20 minutes), usps, mnist and their halves (7,291 to 10,000 rows: exact kernel ridge
     * and SVC grids do not fit the budget; OKL would take its low-rank route), school-exam (one output).
     */
    public static List<DatasetPlan> full() {
        return List.of(
                new DatasetPlan("enb", Task.REGRESSION, 3, 5),
                new DatasetPlan("slump", Task.REGRESSION, 5, 5),
                new DatasetPlan("sf1", Task.REGRESSION, 5, 5),
                new DatasetPlan("sf2", Task.REGRESSION, 3, 5),
                new DatasetPlan("jura", Task.REGRESSION, 5, 5),
                new DatasetPlan("tecator", Task.REGRESSION, 5, 5),
                new DatasetPlan("linnerud", Task.REGRESSION, 5, 5),
                new DatasetPlan("digits-halves", Task.REGRESSION, 1, 5),
                new DatasetPlan("emotions", Task.MULTI_LABEL, 5, 5),
                new DatasetPlan("scene", Task.MULTI_LABEL, 1, 5),
                new DatasetPlan("yeast", Task.MULTI_LABEL, 1, 5),
                new DatasetPlan("digits", Task.MULTI_CLASS, 1, 5));
    }

    /** What the full protocol leaves out, and why (for the report). */
    public static List<String> leftOut() {
        return List.of("enron: 53 labels; the tuned SVC per label alone takes about 20 minutes (run it with "
                        + "--datasets enron)",
                "usps, mnist, usps-halves, mnist-halves: 7,291 to 10,000 rows; exact kernel ridge and SVC grids do not "
                        + "fit the time budget",
                "school-exam: one output (multi-task)");
    }

    /** The reduced protocol of {@code --quick}: two small bundled sets, one repetition of 3-fold. */
    public static List<DatasetPlan> quick() {
        return List.of(new DatasetPlan("enb", Task.REGRESSION, 1, 3),
                new DatasetPlan("scene-sample", Task.MULTI_LABEL, 1, 3));
    }

    /**
     * The plans of the named data sets: the full protocol's when it has them, else {@code repeats x folds} with the
     * task given after a colon ({@code name:regression}, {@code name:multi-label}, {@code name:multi-class}).
     *
     * @throws IllegalArgumentException for a name the full protocol lacks without a task
     */
    public static List<DatasetPlan> select(List<String> names, boolean quick) {
        List<DatasetPlan> known = new ArrayList<>(full());
        known.addAll(quick());
        List<DatasetPlan> out = new ArrayList<>();
        for (String name : names) {
            String[] parts = name.split(":", 2);
            if (parts.length == 2) {
                out.add(new DatasetPlan(parts[0], task(parts[1]), quick ? 1 : 5, quick ? 3 : 5));
                continue;
            }
            DatasetPlan plan = known.stream().filter(p -> p.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("--datasets: '" + name + "' is not in the "
                            + "benchmark; name its task too, as " + name + ":regression (or multi-label, "
                            + "multi-class)"));
            out.add(quick ? new DatasetPlan(plan.name(), plan.task(), 1, 3) : plan);
        }
        return out;
    }

    private static Task task(String id) {
        for (Task t : Task.values()) {
            if (t.id().equals(id.toLowerCase(Locale.ROOT))) {
                return t;
            }
        }
        throw new IllegalArgumentException("--datasets: unknown task '" + id + "'; regression, multi-label or "
                + "multi-class");
    }
}
