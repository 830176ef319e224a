package org.okl.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.text.UserText;

/**
 * A grid search made coarse-to-fine ({@code selection.screen}): every run of the grid (variants that share their
 * kernel and sketch, {@link StreamingFit#outputSideRuns}) is first scored with the screen's values, for example a
 * sketch of 500 landmarks instead of 2,000, on the same splits; then, with the pipeline's own values, a local search
 * starts from the screen's best run and moves to its best neighbour while that one is better; a neighbour whose screen
 * error is more than {@link #SCREEN_MARGIN} behind the current run's is not fitted at full size. Two runs are neighbours
 * when their grid values differ in one numeric key only, by one step of that key's sorted values (the widths 0.5 and
 * 1 of {@code kernel.factor}); values of other keys (whole kernels) are decided by the screen.
 *
 * <p>Why it holds: the screen's error ranks the widths roughly (on usps-halves, 500 landmarks put the width factor 1
 * first and 0.5 fifth, where 2,000 landmarks choose 0.5 by 0.3 %), and the full-size error is close to unimodal along
 * a width, so a local search from near its minimum finds it with a few full-size fits instead of one per grid point.
 * What was screened and fitted is said in the selection's note.
 */
final class ScreenedSearch {
    /**
     * How far behind the current run a neighbour's screen error may be and still be fitted at full size: 5 %, the
     * margin of the learned candidate's first-fold stop ({@link SketchedLearnedCandidate}).
     */
    static final double SCREEN_MARGIN = 0.05;

    private ScreenedSearch() {
    }

    /**
     * The search's outcome.
     *
     * @param fitted how many runs were fitted with the pipeline's own values
     * @param note   what was screened and where the local search went, for the selection's note
     */
    record Outcome(int fitted, String note) {
    }

    /**
     * The runs with the screen's values applied to every variant (their grid values unchanged).
     *
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} when a screen key names no parameter of the pipeline
     */
    static List<List<GridVariants.Variant>> screened(List<List<GridVariants.Variant>> runs,
            Map<String, Object> screen) {
        List<List<GridVariants.Variant>> out = new ArrayList<>(runs.size());
        for (List<GridVariants.Variant> run : runs) {
            List<GridVariants.Variant> coarse = new ArrayList<>(run.size());
            for (GridVariants.Variant v : run) {
                PipelineSpec spec = v.spec();
                for (Map.Entry<String, Object> e : screen.entrySet()) {
                    try {
                        spec = GridVariants.expand(spec, Map.of(e.getKey(), List.of(e.getValue()))).get(0).spec();
                    } catch (OklException refused) {
                        throw new OklException(ErrorCode.INVALID_PIPELINE, "selection.screen."
                                + UserText.escape(e.getKey()) + ": " + refused.getMessage());
                    }
                }
                coarse.add(new GridVariants.Variant(spec, v.values()));
            }
            out.add(coarse);
        }
        return out;
    }

    /**
     * Screens every run, then searches locally at full size.
     *
     * @param runs   the grid's runs with the pipeline's own values
     * @param grid   the selection's grid
     * @param screen the screen's values
     * @param coarse the best validation error of a screened run (lower is better; not finite when it failed)
     * @param full   the same for a run with the pipeline's own values (the caller keeps what it fitted)
     */
    static Outcome search(List<List<GridVariants.Variant>> runs, Map<String, List<Object>> grid,
            Map<String, Object> screen, ToDoubleFunction<List<GridVariants.Variant>> coarse,
            ToDoubleFunction<List<GridVariants.Variant>> full) {
        List<List<GridVariants.Variant>> screenedRuns = screened(runs, screen);
        double[] screenErrors = new double[runs.size()];
        int start = -1;
        for (int i = 0; i < runs.size(); i++) {
            screenErrors[i] = coarse.applyAsDouble(screenedRuns.get(i));
            if (Double.isFinite(screenErrors[i]) && (start < 0 || screenErrors[i] < screenErrors[start])) {
                start = i;
            }
        }
        if (start < 0) {
            start = 0;
        }
        Map<Integer, Double> fullErrors = new LinkedHashMap<>();
        int current = start;
        fullErrors.put(current, full.applyAsDouble(runs.get(current)));
        Map<Integer, Double> ruledOut = new LinkedHashMap<>();
        while (true) {
            int bestNeighbour = -1;
            for (int j : neighbours(runs, grid, current)) {
                if (!fullErrors.containsKey(j) && farBehind(screenErrors[j], screenErrors[current])) {
                    ruledOut.put(j, screenErrors[j] / screenErrors[current] - 1);
                    continue;
                }
                if (!fullErrors.containsKey(j)) {
                    ruledOut.remove(j);
                    fullErrors.put(j, full.applyAsDouble(runs.get(j)));
                }
                if (fullErrors.get(j) < fullErrors.get(current)
                        && (bestNeighbour < 0 || fullErrors.get(j) < fullErrors.get(bestNeighbour))) {
                    bestNeighbour = j;
                }
            }
            if (bestNeighbour < 0) {
                break;
            }
            current = bestNeighbour;
        }
        List<String> fitted = new ArrayList<>();
        fullErrors.forEach((i, e) -> fitted.add(describe(inputSide(runs.get(i))) + ": " + error(e)));
        List<String> skipped = new ArrayList<>();
        ruledOut.forEach((i, behind) -> skipped.add(describe(inputSide(runs.get(i))) + String.format(Locale.ROOT,
                " (%.0f %% behind at the screen)", 100 * behind)));
        String note = String.format(Locale.ROOT, "screened %d grid point%s with %s (best there: %s: %s); at full "
                + "size a local search from it fitted %d (%s)%s", runs.size(), runs.size() == 1 ? "" : "s",
                describe(screen), describe(inputSide(runs.get(start))), error(screenErrors[start]), fullErrors.size(),
                String.join("; ", fitted), skipped.isEmpty() ? "" : "; not fitted at full size, more than "
                + Math.round(100 * SCREEN_MARGIN) + " % behind its neighbour at the screen: " + String.join("; ",
                skipped));
        return new Outcome(fullErrors.size(), note);
    }

    /**
     * Whether a neighbour's screen error rules it out: behind the current run's by more than {@link #SCREEN_MARGIN}
     * of it. The screen's sketch is coarser, but a neighbour that far behind there does not come back at full size
     * (usps-halves: the width factor 0.25 is 16 % behind 0.5 at 500 landmarks and 13 % behind at 2,000); one that
     * failed at the screen is fitted.
     */
    static boolean farBehind(double neighbour, double current) {
        return Double.isFinite(neighbour) && Double.isFinite(current) && current > 0
                && neighbour > current * (1 + SCREEN_MARGIN);
    }

    /**
     * The runs next to run {@code i}: grid values equal but for one numeric key, one step away in that key's sorted
     * values.
     */
    static List<Integer> neighbours(List<List<GridVariants.Variant>> runs, Map<String, List<Object>> grid, int i) {
        Map<String, Object> at = inputSide(runs.get(i));
        Map<String, List<Double>> sorted = new HashMap<>();
        List<Integer> out = new ArrayList<>();
        for (int j = 0; j < runs.size(); j++) {
            Map<String, Object> other = inputSide(runs.get(j));
            if (j == i || !other.keySet().equals(at.keySet())) {
                continue;
            }
            String differing = null;
            boolean one = true;
            for (String key : at.keySet()) {
                if (!SelectionSpec.sameValue(at.get(key), other.get(key))) {
                    one = differing == null;
                    differing = key;
                    if (!one) {
                        break;
                    }
                }
            }
            if (!one || differing == null) {
                continue;
            }
            List<Double> values = sorted.computeIfAbsent(differing, k -> GridEdges.numbers(
                    grid.getOrDefault(k, List.of())).stream().distinct().sorted().toList());
            if (!(at.get(differing) instanceof Number a) || !(other.get(differing) instanceof Number b)) {
                continue;
            }
            int ia = values.indexOf(a.doubleValue());
            int ib = values.indexOf(b.doubleValue());
            if (ia >= 0 && ib >= 0 && Math.abs(ia - ib) == 1) {
                out.add(j);
            }
        }
        return out;
    }

    /** A run's grid values on the input side (the output-side keys, {@code operator...}, vary within the run). */
    private static Map<String, Object> inputSide(List<GridVariants.Variant> run) {
        Map<String, Object> out = new LinkedHashMap<>(run.get(0).values());
        out.keySet().removeIf(k -> k.equals("operator") || k.startsWith("operator."));
        return out;
    }

    /** Grid or screen values as the selection's note says them ({@code approximation.rank = 500}). */
    static String describe(Map<String, Object> values) {
        List<String> parts = new ArrayList<>();
        values.forEach((k, v) -> parts.add(UserText.escape(k) + " = " + UserText.escape(plain(v))));
        return parts.isEmpty() ? "the pipeline as given" : String.join(", ", parts);
    }

    private static String plain(Object v) {
        if (v instanceof Integer || v instanceof Long) {
            return v.toString();
        }
        if (v instanceof Number n) {
            return GridEdges.number(n.doubleValue());
        }
        if (v instanceof org.okl.api.component.ComponentSpec c) {
            return c.name();
        }
        return String.valueOf(v);
    }

    private static String error(double e) {
        return Double.isFinite(e) ? String.format(Locale.ROOT, "%.6g", e) : "no finite error";
    }
}
