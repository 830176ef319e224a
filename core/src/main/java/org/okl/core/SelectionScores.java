package org.okl.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.api.metric.TargetSpaceMetric;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.tuning.TunableDecoder;
import org.okl.linalg.memory.MemoryBudget;

/**
 * The validation errors of every candidate (grid variant and path point) on every split, and the choice among them.
 *
 * <p>A decoder tuned on held-out predictions ({@link TunableDecoder}, such as per-label thresholds) is tuned inside
 * the cross-validation, in two rounds. First every candidate is scored with its decoder untuned (its default
 * thresholds). Then the {@value #FINALISTS} best candidates, and the {@value #FINALISTS} best with the preferred grid
 * values, are fitted again on every split ({@link #finalists}); their out-of-fold predictions are kept, and each
 * finalist is scored cross-fitted ({@link #finishTuning}): every split is decoded with the decoder tuned (with the
 * selection's metric as objective) on the other splits' predictions, so no score comes from thresholds that saw the
 * rows they are scored on, and a decoder's ways of tuning ({@link TunableDecoder#tuneEachWay}, such as one common
 * threshold or one per label) are compared on equal terms. The finalist keeps the way of best mean score, and its
 * final decoder is tuned that way on the predictions of every split. The choice is among the tuned finalists; the
 * final model takes the chosen one's tuned decoder. Two rounds keep memory to the finalists' predictions and the
 * tuning to a few candidates.
 */
final class SelectionScores {
    /** How many candidates (and preferred candidates) are tuned. */
    static final int FINALISTS = 12;

    private final List<GridVariants.Variant> variants;
    private final Metric metric;
    private final String metricName;
    private final double sign;
    private final int splits;
    private final Okl okl;
    private final Decoder[] decoders;
    /** errors[v][j][s], sign applied (lower is better); null until the variant is seen. */
    private final double[][][] errors;
    private final double[][] pathValues;
    /** For finalist variants: per split, the finalists' predictions, the decoding and the truth. */
    private final List<List<Held>> held;
    /** finalist[v][j] in the second round; null before. */
    private boolean[][] finalist;
    private final ComponentSpec[][] tuned;

    /** A split's out-of-fold predictions of a finalist variant: h per path point (null for non-finalists). */
    private record Held(Matrix[] h, ValidationDecoding decoding, Matrix truth, int[] rows) {
    }

    /**
     * A candidate.
     *
     * @param variant   the variant's index
     * @param pathIndex the path point
     * @param tuned     the decoder tuned for it, when its decoder is tunable
     */
    record Candidate(int variant, int pathIndex, Optional<ComponentSpec> tuned) {
    }

    /**
     * The choice.
     *
     * @param chosen       the chosen candidate
     * @param note         how a preference decided, or empty
     * @param alternatives with a preference, the best candidate with the preferred values ({@code preferred}) and
     *                     the best without them ({@code other}), when there are such candidates
     */
    record Best(Candidate chosen, String note, Map<String, Candidate> alternatives) {
    }

    /** Which candidates a search looks at. */
    private enum Among {
        ALL, PREFERRED, OTHER
    }

    SelectionScores(List<GridVariants.Variant> variants, Metric metric, String metricName, int splits, Okl okl) {
        this.variants = variants;
        this.metric = metric;
        this.metricName = metricName;
        this.sign = metric.higherIsBetter() ? -1 : 1;
        this.splits = splits;
        this.okl = okl;
        this.decoders = new Decoder[variants.size()];
        this.errors = new double[variants.size()][][];
        this.pathValues = new double[variants.size()][];
        this.held = new ArrayList<>();
        this.tuned = new ComponentSpec[variants.size()][];
        for (int v = 0; v < variants.size(); v++) {
            decoders[v] = okl.create(Decoder.class, variants.get(v).spec().decoder());
            held.add(new ArrayList<>());
        }
    }

    /**
     * Whether some variant's decoder is tuned on held-out predictions (then a second round tunes finalists).
     *
     * @throws OklException when the metric scores in the target space: it cannot be a decoder's tuning objective
     */
    boolean tunable() {
        for (Decoder d : decoders) {
            if (tunes(d)) {
                if (metric instanceof TargetSpaceMetric) {
                    throw new OklException(ErrorCode.INVALID_PIPELINE, "selection metric '" + metricName + "' "
                            + "scores the regression before decoding, so it cannot tune the decoder's thresholds; "
                            + "use a decision metric (such as hamming-loss) with a tuned decoder");
                }
                return true;
            }
        }
        return false;
    }

    /** Whether the decoder is tuned on held-out predictions (a tunable decoder with every setting given is not). */
    private static boolean tunes(Decoder d) {
        return d instanceof TunableDecoder t && t.tunes();
    }

    /**
     * First round: scores one variant's predictions on split s with its decoder as given. Second round (after
     * {@link #finalists}): keeps the finalists' predictions for {@link #finishTuning}.
     *
     * @param rows the split's validation rows (indices into the data)
     */
    void add(int split, int v, Matrix[] h, ValidationDecoding decoding, double[] values, Matrix truth, int[] rows) {
        if (finalist != null) {
            Matrix[] kept = new Matrix[h.length];
            for (int j = 0; j < h.length; j++) {
                kept[j] = finalist[v][j] ? h[j] : null;
            }
            held.get(v).add(new Held(kept, decoding, truth, rows));
            return;
        }
        if (errors[v] == null) {
            errors[v] = new double[h.length][splits];
            pathValues[v] = values;
        }
        Matrix coded = metric instanceof TargetSpaceMetric ? decoding.transforms().transformOutputs(truth) : null;
        FittedOutputEmbedding codedBy = null;
        TargetSpaceDistances distances = null;
        for (int j = 0; j < h.length; j++) {
            if (metric instanceof TargetSpaceMetric target) {
                // the codes once per embedding: one for the whole path unless the embedding learns from the fit
                if (decoding.embeddings()[j] != codedBy) {
                    codedBy = decoding.embeddings()[j];
                    distances = TargetSpaceDistances.of(codedBy, coded);
                }
                errors[v][j][split] = sign * target.fromSquaredDistances(distances.distances(h[j]), h[j].cols());
            } else {
                errors[v][j][split] = sign * Evaluation.evaluate(metric, metricName, truth,
                        decoding.decode(h[j], j, decoders[v], okl));
            }
        }
    }

    /**
     * Ends the first round: marks the {@value #FINALISTS} best candidates whose decoder is tunable, and the
     * {@value #FINALISTS} best with the preferred values, and returns the indices of their variants, to be fitted
     * again on every split.
     *
     * @param rows    the rows of the data (for the memory the finalists' predictions take)
     * @param columns the columns of one prediction
     */
    List<Integer> finalists(Map<String, Object> prefer, int rows, int columns) {
        finalist = new boolean[variants.size()][];
        for (int v = 0; v < variants.size(); v++) {
            finalist[v] = new boolean[errors[v] == null ? 0 : errors[v].length];
        }
        int marked = prefer.isEmpty() ? mark(Among.ALL, prefer)
                : mark(Among.PREFERRED, prefer) + mark(Among.OTHER, prefer);
        List<Integer> out = new ArrayList<>();
        for (int v = 0; v < variants.size(); v++) {
            if (!tunes(decoders[v])) {
                java.util.Arrays.fill(finalist[v], true);
                continue;
            }
            for (boolean f : finalist[v]) {
                if (f) {
                    out.add(v);
                    break;
                }
            }
        }
        MemoryBudget.reserve("the out-of-fold predictions of " + marked + " candidates kept to tune the decoder",
                (long) marked * MemoryBudget.doubles(rows, columns), "use a smaller grid");
        return out;
    }

    /**
     * Marks the best unmarked tunable candidates among some; returns how many. The best of the preferred and the
     * best of the others together include the best of all, and each group's finalists are those a search of that
     * group alone would tune, so the best of each group is what that search would choose.
     */
    private int mark(Among among, Map<String, Object> prefer) {
        List<int[]> order = new ArrayList<>();
        for (int v = 0; v < variants.size(); v++) {
            if (errors[v] == null || !tunes(decoders[v]) || !in(among, variants, v, prefer)) {
                continue;
            }
            for (int j = 0; j < errors[v].length; j++) {
                if (!Double.isNaN(mean(errors[v][j]))) {
                    order.add(new int[] {v, j});
                }
            }
        }
        order.sort((a, b) -> Double.compare(mean(errors[a[0]][a[1]]), mean(errors[b[0]][b[1]])));
        int marked = 0;
        for (int[] c : order.subList(0, Math.min(FINALISTS, order.size()))) {
            if (!finalist[c[0]][c[1]]) {
                finalist[c[0]][c[1]] = true;
                marked++;
            }
        }
        return marked;
    }

    /** Second round: scores every finalist with its decoder tuned cross-fitted, and tunes its final decoder. */
    void finishTuning() {
        for (int v = 0; v < variants.size(); v++) {
            List<Held> parts = held.get(v);
            if (parts.isEmpty()) {
                continue;
            }
            List<Held> scored = parts.size() == 1 ? halves(parts.get(0)) : parts;
            tuned[v] = new ComponentSpec[parts.get(0).h().length];
            for (int j = 0; j < tuned[v].length; j++) {
                if (finalist[v][j]) {
                    tuneFinalist(v, j, parts, scored);
                }
            }
            parts.clear();
        }
    }

    /**
     * Scores candidate (v, j) on every scored part with the decoder tuned, each way, on the other parts'
     * predictions (less any row of the scored part), keeps the way of best mean error, and tunes the final decoder
     * that way on every split. A lone split is scored by its two halves, the split's error their mean.
     */
    private void tuneFinalist(int v, int j, List<Held> parts, List<Held> scored) {
        TunableDecoder tunable = (TunableDecoder) decoders[v];
        DecodingContext context = parts.get(0).decoding().context(j, okl);
        double[][] wayErrors = null;
        for (int s = 0; s < scored.size(); s++) {
            Pool pool = pool(scored, scored.get(s).rows(), j);
            List<Optional<ComponentSpec>> ways = tunable.tuneEachWay(pool.h(), pool.truth(), context, metric);
            if (wayErrors == null) {
                wayErrors = new double[ways.size()][scored.size()];
            } else if (ways.size() != wayErrors.length) {
                throw new IllegalStateException(variants.get(v).spec().decoder().name() + " tuned "
                        + wayErrors.length + " ways on one split and " + ways.size() + " on another");
            }
            Held part = scored.get(s);
            for (int k = 0; k < ways.size(); k++) {
                Decoder decoder = okl.create(Decoder.class, ways.get(k).orElse(variants.get(v).spec().decoder()));
                wayErrors[k][s] = sign * Evaluation.evaluate(metric, metricName, part.truth(),
                        part.decoding().decode(part.h()[j], j, decoder, okl));
            }
        }
        int way = 0;
        for (int k = 1; k < wayErrors.length; k++) {
            if (lower(mean(wayErrors[k]), mean(wayErrors[way]))) {
                way = k;
            }
        }
        if (scored.size() == parts.size()) {
            errors[v][j] = wayErrors[way];
        } else {
            errors[v][j][0] = mean(wayErrors[way]);
        }
        Pool all = pool(parts, new int[0], j);
        tuned[v][j] = tunable.tuneEachWay(all.h(), all.truth(), context, metric).get(way)
                .orElse(variants.get(v).spec().decoder());
    }

    /** Whether error a is lower than b, NaN counting as the highest. */
    private static boolean lower(double a, double b) {
        return !Double.isNaN(a) && (Double.isNaN(b) || a < b);
    }

    /** Path point j's predictions and truths of some parts, pooled. */
    private record Pool(Matrix h, Matrix truth) {
    }

    /** Path point j's predictions and truths of every part pooled, less the given rows. */
    private static Pool pool(List<Held> parts, int[] exclude, int j) {
        Set<Integer> out = new HashSet<>();
        for (int r : exclude) {
            out.add(r);
        }
        Matrix h = null;
        Matrix truth = null;
        for (Held part : parts) {
            int[] keep = IntStream.range(0, part.rows().length).filter(i -> !out.contains(part.rows()[i])).toArray();
            Matrix ph = part.h()[j].selectRows(keep);
            Matrix pt = part.truth().selectRows(keep);
            h = h == null ? ph : h.stackRows(ph);
            truth = truth == null ? pt : truth.stackRows(pt);
        }
        return new Pool(h, truth);
    }

    /** A lone split's two halves (alternate rows), to be scored each as tuned on the other. */
    private static List<Held> halves(Held part) {
        List<Held> out = new ArrayList<>();
        for (int parity = 0; parity < 2; parity++) {
            int p = parity;
            int[] keep = IntStream.range(0, part.rows().length).filter(i -> i % 2 == p).toArray();
            Matrix[] h = new Matrix[part.h().length];
            for (int j = 0; j < h.length; j++) {
                h[j] = part.h()[j] == null ? null : part.h()[j].selectRows(keep);
            }
            out.add(new Held(h, part.decoding(), part.truth().selectRows(keep),
                    IntStream.of(keep).map(i -> part.rows()[i]).toArray()));
        }
        return out;
    }

    /** The mean error of every candidate, as a validation curve (NaN kept). */
    List<Provenance.CurvePoint> curve() {
        List<Provenance.CurvePoint> curve = new ArrayList<>();
        for (int v = 0; v < variants.size(); v++) {
            for (int j = 0; j < errors[v].length; j++) {
                curve.add(new Provenance.CurvePoint(variants.get(v).values(), pathValues[v][j], mean(errors[v][j])));
            }
        }
        return curve;
    }

    /** The number of candidates scored. */
    int candidates() {
        int c = 0;
        for (double[][] e : errors) {
            c += e == null ? 0 : e.length;
        }
        return c;
    }

    /**
     * The candidate of least mean error; with {@code prefer}, the best candidate having the preferred grid values
     * instead, unless the overall best beats it by more than one standard error of their paired split differences.
     *
     * @throws IllegalStateException when every error is NaN
     */
    Best choose(Map<String, Object> prefer) {
        return new Chooser(variants, errors, finalist, tuned).choose(prefer);
    }

    /** The choice among given errors ({@code errors[v][j][s]}, lower is better), every candidate final. */
    static Best decide(List<GridVariants.Variant> variants, double[][][] errors, Map<String, Object> prefer) {
        return new Chooser(variants, errors, null, new ComponentSpec[variants.size()][]).choose(prefer);
    }

    /** The rule of {@link #choose}, on the errors of the candidates still in the running. */
    private record Chooser(List<GridVariants.Variant> variants, double[][][] errors, boolean[][] finalist,
            ComponentSpec[][] tuned) {

        Best choose(Map<String, Object> prefer) {
            int[] best = best(Among.ALL, prefer);
            if (best == null) {
                throw new IllegalStateException("every validation error is NaN; check the metric and the data");
            }
            String note = "";
            Map<String, Candidate> alternatives = new LinkedHashMap<>();
            if (!prefer.isEmpty()) {
                int[] kept = best(Among.PREFERRED, prefer);
                int[] other = best(Among.OTHER, prefer);
                if (kept != null) {
                    alternatives.put("preferred", candidate(kept));
                }
                if (other != null) {
                    alternatives.put("other", candidate(other));
                }
                if (kept != null && !preferred(variants, best[0], prefer)) {
                    double[] a = errors[kept[0]][kept[1]];
                    double[] b = errors[best[0]][best[1]];
                    double[] d = new double[a.length];
                    for (int s = 0; s < d.length; s++) {
                        d[s] = a[s] - b[s];
                    }
                    double m = mean(d);
                    double se = d.length < 2 ? 0.0 : Math.sqrt(variance(d, m) / d.length);
                    boolean keep = m <= se;
                    note = String.format(Locale.ROOT, "%s %s: the best candidate without it, %s, was better by "
                            + "%.4g, %s one standard error (%.4g) over %d splits", keep ? "kept" : "left", prefer,
                            variants.get(best[0]).values(), m, keep ? "within" : "beyond", se, d.length);
                    if (keep) {
                        best = kept;
                    }
                }
            }
            return new Best(candidate(best), note, alternatives);
        }

        private Candidate candidate(int[] c) {
            return new Candidate(c[0], c[1], tuned[c[0]] == null ? Optional.empty()
                    : Optional.of(tuned[c[0]][c[1]]));
        }

        private int[] best(Among among, Map<String, Object> prefer) {
            int[] best = null;
            double bestError = Double.POSITIVE_INFINITY;
            for (int v = 0; v < variants.size(); v++) {
                if (errors[v] == null || !in(among, variants, v, prefer)) {
                    continue;
                }
                for (int j = 0; j < errors[v].length; j++) {
                    if (finalist != null && !finalist[v][j]) {
                        continue;
                    }
                    double e = mean(errors[v][j]);
                    if (e < bestError) {
                        bestError = e;
                        best = new int[] {v, j};
                    }
                }
            }
            return best;
        }
    }

    private static boolean in(Among among, List<GridVariants.Variant> variants, int v, Map<String, Object> prefer) {
        return switch (among) {
            case ALL -> true;
            case PREFERRED -> preferred(variants, v, prefer);
            case OTHER -> !preferred(variants, v, prefer);
        };
    }

    private static boolean preferred(List<GridVariants.Variant> variants, int v, Map<String, Object> prefer) {
        Map<String, Object> values = variants.get(v).values();
        return prefer.entrySet().stream().allMatch(e -> values.containsKey(e.getKey())
                && SelectionSpec.sameValue(values.get(e.getKey()), e.getValue()));
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double variance(double[] v, double mean) {
        double s = 0;
        for (double x : v) {
            s += (x - mean) * (x - mean);
        }
        return s / (v.length - 1);
    }
}
