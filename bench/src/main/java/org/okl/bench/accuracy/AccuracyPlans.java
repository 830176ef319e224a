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

    /** The full protocol. */
    public static List<DatasetPlan> full() {
        return List.of(
                new DatasetPlan("enb", Task.REGRESSION, 5, 5),
                new DatasetPlan("slump", Task.REGRESSION, 5, 5),
                new DatasetPlan("sf1", Task.REGRESSION, 5, 5),
                new DatasetPlan("sf2", Task.REGRESSION, 5, 5),
                new DatasetPlan("jura", Task.REGRESSION, 5, 5),
                new DatasetPlan("tecator", Task.REGRESSION, 5, 5),
                new DatasetPlan("linnerud", Task.REGRESSION, 5, 5),
                new DatasetPlan("emotions", Task.MULTI_LABEL, 5, 5),
                new DatasetPlan("scene", Task.MULTI_LABEL, 2, 5),
                new DatasetPlan("yeast", Task.MULTI_LABEL, 2, 5),
                new DatasetPlan("enron", Task.MULTI_LABEL, 2, 5),
                new DatasetPlan("digits", Task.MULTI_CLASS, 2, 5));
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
