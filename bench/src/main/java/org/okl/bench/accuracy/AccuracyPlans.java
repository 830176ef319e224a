package org.okl.bench.accuracy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The data sets of the accuracy benchmark and their protocols: every bundled or fetchable data set with more than one
 * output that both sides can fit in the time budget (see BENCHMARKS.md for what is left out and why).
 */
public final class AccuracyPlans {
    private AccuracyPlans() {
    }

    /**
     * The full protocol: with issue 19's baselines it finished in about an hour on two quiet cores (both sides, one
     * after the other; enron's tuned SVC per label takes about 20 minutes of it); issue 36's baselines and the Mulan
     * splits bring it to about six hours (digits-halves' Gaussian process and regressor chains alone take about 60
     * minutes of them). The multi-class family is digits and scikit-learn's bundled iris, wine and breast cancer, so
     * that its ranks can be tested (a family needs two sets at least). 5 x 5-fold up to 600 rows, 3 x 5-fold up to
     * 1,100, 1 x 5-fold above ({@link DatasetPlan#forRows}). Left out ({@link #optional}): bibtex (159 labels), usps,
     * mnist and their halves (7,291 to 10,000 rows: exact kernel ridge and SVC grids do not fit the budget; OKL would
     * take its low-rank route); and school-exam (one output).
     */
    public static List<DatasetPlan> full() {
        return List.of(
                DatasetPlan.bySize("enb", Task.REGRESSION),
                DatasetPlan.bySize("slump", Task.REGRESSION),
                DatasetPlan.bySize("sf1", Task.REGRESSION),
                DatasetPlan.bySize("sf2", Task.REGRESSION),
                DatasetPlan.bySize("jura", Task.REGRESSION),
                DatasetPlan.bySize("tecator", Task.REGRESSION),
                DatasetPlan.bySize("linnerud", Task.REGRESSION),
                DatasetPlan.bySize("digits-halves", Task.REGRESSION),
                DatasetPlan.bySize("emotions", Task.MULTI_LABEL),
                DatasetPlan.bySize("scene", Task.MULTI_LABEL),
                DatasetPlan.bySize("yeast", Task.MULTI_LABEL),
                DatasetPlan.bySize("enron", Task.MULTI_LABEL),
                DatasetPlan.bySize("digits", Task.MULTI_CLASS),
                DatasetPlan.bySize("iris", Task.MULTI_CLASS),
                DatasetPlan.bySize("wine", Task.MULTI_CLASS),
                DatasetPlan.bySize("breast-cancer", Task.MULTI_CLASS));
    }

    /**
     * The data sets with more than one output that the full protocol leaves out for time, each with its task and
     * the full protocol's size rule, so that {@code --datasets} runs them by name.
     */
    public static List<DatasetPlan> optional() {
        return List.of(DatasetPlan.bySize("bibtex", Task.MULTI_LABEL),
                DatasetPlan.bySize("usps", Task.MULTI_CLASS),
                DatasetPlan.bySize("mnist", Task.MULTI_CLASS),
                DatasetPlan.bySize("usps-halves", Task.REGRESSION),
                DatasetPlan.bySize("mnist-halves", Task.REGRESSION));
    }

    /** What the full protocol leaves out, and why (for the report). */
    public static List<String> leftOut() {
        return List.of("bibtex: 7,395 rows x 159 labels; the tuned SVC per label would take hours (run it with --datasets "
                        + "bibtex after okl datasets fetch bibtex)",
                "usps, mnist, usps-halves, mnist-halves: 7,291 to 10,000 rows; exact kernel ridge and SVC grids do not "
                        + "fit the time budget (run one with --datasets NAME)",
                "school-exam: one output (multi-task)");
    }

    /** The reduced protocol of {@code --quick}: two small bundled sets, one repetition of 3-fold. */
    public static List<DatasetPlan> quick() {
        return List.of(new DatasetPlan("enb", Task.REGRESSION, 1, 3),
                new DatasetPlan("scene-sample", Task.MULTI_LABEL, 1, 3));
    }

    /**
     * The plans of the named data sets: the full protocol's or an {@link #optional} one when it has them, else the
     * full protocol's size rule with the task given after a colon ({@code name:regression}, {@code name:multi-label},
     * {@code name:multi-class}).
     *
     * @throws IllegalArgumentException for a name the full protocol lacks without a task
     */
    public static List<DatasetPlan> select(List<String> names, boolean quick) {
        List<DatasetPlan> known = new ArrayList<>(full());
        known.addAll(quick());
        known.addAll(optional());
        List<DatasetPlan> out = new ArrayList<>();
        for (String name : names) {
            String[] parts = name.split(":", 2);
            if (parts.length == 2) {
                out.add(quick ? new DatasetPlan(parts[0], task(parts[1]), 1, 3)
                        : DatasetPlan.bySize(parts[0], task(parts[1])));
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

    /**
     * The task of a data set named on its own ({@code --splits}): the protocol's when it has the set, else the one
     * given after a colon.
     *
     * @return the data set's name (without the task) and its task
     * @throws IllegalArgumentException for a name the protocol lacks without a task
     */
    public static Map.Entry<String, Task> named(String name) {
        DatasetPlan plan = select(List.of(name), false).get(0);
        return Map.entry(plan.name(), plan.task());
    }

    /** Every scikit-learn baseline of some task, for {@code --baselines}. */
    public static java.util.Set<String> allBaselines() {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (Task t : Task.values()) {
            out.addAll(t.baselines());
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
