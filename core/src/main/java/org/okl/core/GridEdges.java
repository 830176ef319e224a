package org.okl.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.okl.api.error.OklException;
import org.okl.api.filter.SpectralFilter;

/**
 * A grid's edges looked beyond: when the selection chooses the smallest or the largest value of a numeric grid key,
 * the best value may lie outside the grid. The search then tries the next value in that direction (the grid's ratio
 * beyond its last step when every value is positive, else its last step), with every other value of the choice kept
 * and on the same splits, while the new value wins, at most {@link #STEPS} times per key. A value that the component
 * refuses (out of its parameter's range) ends the look at that key. What was tried is said in the selection's note, so
 * a choice that is still on an edge after the budget is reported as such.
 */
final class GridEdges {
    /** The most values tried beyond one key's edge. */
    static final int STEPS = 3;

    private GridEdges() {
    }

    /**
     * How a candidate did: its validation error (lower is better), or empty when it could not be fitted.
     *
     * @param <T> the route's record of the fitted candidate
     */
    interface Evaluator<T> {
        /**
         * Fits and scores a variant on the same splits as the grid.
         *
         * @throws OklException when the variant's parameters are refused ({@code INVALID_PIPELINE})
         */
        Scored<T> evaluate(GridVariants.Variant variant);
    }

    /**
     * A scored candidate.
     *
     * @param error  its best validation error over its path (lower is better)
     * @param result what the route keeps of it
     * @param <T>    the route's record
     */
    record Scored<T>(double error, T result) {
    }

    /**
     * The outcome: the candidate chosen after the looks, and the note saying what was tried.
     *
     * @param best    the best candidate's score (the grid's own when no look beyond an edge won)
     * @param variant the best candidate
     * @param note what was tried, one clause per key that sat on an edge; empty when none did
     * @param <T>  the route's record
     */
    record Outcome<T>(Scored<T> best, GridVariants.Variant variant, String note) {
    }

    /**
     * Looks beyond the edges the chosen variant sits on.
     *
     * @param grid      the selection's grid
     * @param chosen    the grid's chosen variant
     * @param best      its score
     * @param evaluator fits and scores a variant
     */
    static <T> Outcome<T> look(Map<String, List<Object>> grid, GridVariants.Variant chosen, Scored<T> best,
            Evaluator<T> evaluator) {
        GridVariants.Variant current = chosen;
        Scored<T> currentScore = best;
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, List<Object>> e : grid.entrySet()) {
            String key = e.getKey();
            List<Double> tried = numbers(e.getValue());
            if (tried.size() < 2 || !(current.values().get(key) instanceof Number)) {
                continue;
            }
            double edge = ((Number) current.values().get(key)).doubleValue();
            Optional<Double> next = next(tried, edge);
            if (next.isEmpty()) {
                continue;
            }
            boolean smallest = edge == min(tried);
            List<String> values = new ArrayList<>();
            String end = null;
            for (int step = 0; step < STEPS && next.isPresent(); step++) {
                double value = next.get();
                GridVariants.Variant candidate = with(current, key, value);
                Scored<T> score;
                try {
                    score = evaluator.evaluate(candidate);
                } catch (OklException refused) {
                    end = "its next value " + number(value) + " is refused (" + refused.getMessage() + ")";
                    break;
                }
                values.add(number(value) + (Double.isFinite(score.error()) ? "" : " (no finite error)"));
                tried.add(value);
                if (!(score.error() < currentScore.error())) {
                    end = "kept " + number(((Number) current.values().get(key)).doubleValue());
                    break;
                }
                current = candidate;
                currentScore = score;
                next = next(tried, value);
            }
            double chosenValue = ((Number) current.values().get(key)).doubleValue();
            if (end == null) {
                end = next(tried, chosenValue).isPresent() ? "chose " + number(chosenValue) + ", still on the edge "
                        + "after " + STEPS + " values beyond the grid (the budget)" : "chose " + number(chosenValue);
            }
            notes.add(key + " = " + number(edge) + " was the grid's " + (smallest ? "smallest" : "largest")
                    + " value; tried " + (values.isEmpty() ? "nothing more" : String.join(", ", values))
                    + " on the same splits: " + end);
        }
        return new Outcome<>(currentScore, current, String.join("; ", notes));
    }

    /**
     * The value beyond the edge a value sits on, or empty when it is inside the values tried: the ratio of the last
     * two values when all are positive, else their difference.
     */
    static Optional<Double> next(List<Double> tried, double value) {
        List<Double> sorted = tried.stream().distinct().sorted().toList();
        if (sorted.size() < 2) {
            return Optional.empty();
        }
        boolean positive = sorted.get(0) > 0;
        int n = sorted.size();
        if (value == sorted.get(n - 1)) {
            double before = sorted.get(n - 2);
            return Optional.of(positive ? value * (value / before) : value + (value - before));
        }
        if (value == sorted.get(0)) {
            double after = sorted.get(1);
            return Optional.of(positive ? value * (value / after) : value - (after - value));
        }
        return Optional.empty();
    }

    /** A key's values as numbers, or an empty list when one of them is not a number. */
    static List<Double> numbers(List<Object> values) {
        List<Double> out = new ArrayList<>();
        for (Object v : values) {
            if (!(v instanceof Number number)) {
                return List.of();
            }
            out.add(number.doubleValue());
        }
        return out;
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    /** The variant with one grid value replaced, the others kept. */
    static GridVariants.Variant with(GridVariants.Variant variant, String key, double value) {
        GridVariants.Variant one = GridVariants.expand(variant.spec(), Map.of(key, List.of(value))).get(0);
        Map<String, Object> values = new LinkedHashMap<>(variant.values());
        values.put(key, value);
        return new GridVariants.Variant(one.spec(), values);
    }

    /** A grid value as the note prints it. */
    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.6g", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /**
     * The note for a choice at the first or last point of the filter's path (the path is not extended: its values
     * are the filter's own, and below the smallest lambda a ridge fit is the interpolant up to rounding), or empty.
     */
    static String pathEdge(SpectralFilter filter, int pathIndex) {
        int length = filter.pathLength();
        if (length < 2 || (pathIndex != 0 && pathIndex != length - 1)) {
            return "";
        }
        double chosen = filter.pathValue(pathIndex);
        double other = filter.pathValue(pathIndex == 0 ? length - 1 : 0);
        return String.format(Locale.ROOT, "filter.%s = %s is the path's %s value (an edge: the path is not "
                + "extended)", filter.pathParameter(), chosen, chosen < other ? "smallest" : "largest");
    }
}
