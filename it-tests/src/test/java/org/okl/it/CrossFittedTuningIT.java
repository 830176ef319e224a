package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.tuning.TunableDecoder;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.Provenance;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.core.select.HoldOut;
import org.okl.core.select.KFold;
import org.okl.core.select.RepeatedSubsampling;
import org.okl.core.select.Split;

/**
 * A tuned decoder is scored cross-fitted in model selection: every split is decoded as tuned on the other splits'
 * predictions, less the split's own rows. The plugin's decoder here has two ways of tuning: none (it decodes as the
 * identity), and a look-up table of the tuning rows' true outputs, perfect on those rows and useless on others
 * (zeros). Scored on the rows it was tuned on, the table would win with no error; cross-fitted it loses, so selection
 * keeps the first way, every candidate's error is the identity decoder's, and the final decoder has no table.
 */
class CrossFittedTuningIT {
    private static final int N = 48;
    private static final List<Double> LAMBDAS = List.of(1e-1, 1e-2, 1e-3, 1e-4);

    /** Tables by id, and the row ids of every tuning call (a row's id is its first output's position in y). */
    private final Map<String, Map<List<Double>, double[]>> tables = new HashMap<>();
    private final List<List<Integer>> calls = new ArrayList<>();
    private Matrix y;

    private final class Memo implements TunableDecoder {
        private final Optional<String> table;

        Memo(Optional<String> table) {
            this.table = table;
        }

        @Override
        public Decoded decode(Matrix h, DecodingContext context) {
            FittedOutputEmbedding embedding = context.embedding();
            Matrix scores = embedding.scores(h);
            if (table.isEmpty()) {
                return Decoded.of(embedding.toOutputs(scores));
            }
            Matrix out = Matrix.zeros(scores.rows(), scores.cols());
            for (int i = 0; i < scores.rows(); i++) {
                double[] truth = tables.get(table.get()).get(key(scores.row(i)));
                for (int c = 0; truth != null && c < truth.length; c++) {
                    out.set(i, c, truth[c]);
                }
            }
            return Decoded.of(out);
        }

        @Override
        public Optional<ComponentSpec> tune(Matrix validationH, Matrix validationOutputs, DecodingContext context) {
            throw new AssertionError("model selection tunes for its metric");
        }

        @Override
        public List<Optional<ComponentSpec>> tuneEachWay(Matrix validationH, Matrix validationOutputs,
                DecodingContext context, Metric objective) {
            Matrix scores = context.embedding().scores(validationH);
            Map<List<Double>, double[]> rows = new HashMap<>();
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < scores.rows(); i++) {
                rows.put(key(scores.row(i)), validationOutputs.row(i));
                ids.add(id(validationOutputs.get(i, 0)));
            }
            String id = "t" + tables.size();
            tables.put(id, rows);
            ids.sort(null);
            calls.add(ids);
            return List.of(Optional.of(ComponentSpec.of("acme-memo")),
                    Optional.of(ComponentSpec.of("acme-memo", "table", id)));
        }
    }

    private static List<Double> key(double[] row) {
        return java.util.Arrays.stream(row).boxed().toList();
    }

    private int id(double firstOutput) {
        for (int i = 0; i < y.rows(); i++) {
            if (y.get(i, 0) == firstOutput) {
                return i;
            }
        }
        throw new AssertionError("a tuning row that is not in the data: " + firstOutput);
    }

    private Okl okl() {
        OklPlugin acme = new OklPlugin() {
            @Override
            public String name() {
                return "acme";
            }

            @Override
            public Collection<ComponentFactory<Decoder>> decoders() {
                return List.of(SimpleComponentFactory.of("acme-memo", Decoder.class, "identity, or a table",
                        List.of(ParameterSpec.optionalText("table", "the table's id")),
                        (p, c) -> new Memo(p.findString("table"))));
            }
        };
        return Okl.builder().plugin(acme).build();
    }

    private Model fit(Okl okl, SelectionSpec selection, String decoder, Matrix x) {
        PipelineSpec spec = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 1.3))
                .filter(ComponentSpec.of("tikhonov", "lambda", LAMBDAS))
                .decoder(ComponentSpec.of(decoder))
                .selection(selection)
                .build();
        return okl.pipeline(spec).fit(TrainingData.of(x, y));
    }

    private Matrix data() {
        Random r = new Random(5);
        Matrix x = Matrix.zeros(N, 2);
        y = Matrix.zeros(N, 2);
        for (int i = 0; i < N; i++) {
            x.set(i, 0, 3 * r.nextDouble() - 1.5);
            x.set(i, 1, 3 * r.nextDouble() - 1.5);
            y.set(i, 0, 2 + Math.sin(2 * x.get(i, 0)) + 0.3 * r.nextGaussian());
            y.set(i, 1, 2 + x.get(i, 0) * x.get(i, 1) + 0.3 * r.nextGaussian());
        }
        return x;
    }

    /** Fits with the memo decoder and the identity; checks the choice, the errors and the tuning calls. */
    private void check(SelectionSpec selection, List<List<Integer>> perCandidate) {
        Matrix x = data();
        Okl okl = okl();
        Model memo = fit(okl, selection, "acme-memo", x);
        Model identity = fit(okl, selection, "identity", x);
        assertThat(memo.spec().decoder()).isEqualTo(ComponentSpec.of("acme-memo"));
        List<Provenance.CurvePoint> a = memo.provenance().validationCurve();
        List<Provenance.CurvePoint> b = identity.provenance().validationCurve();
        assertThat(a).hasSameSizeAs(b).hasSize(LAMBDAS.size());
        for (int j = 0; j < a.size(); j++) {
            assertThat(a.get(j).error()).as("path point %d", j).isGreaterThan(0.01)
                    .isCloseTo(b.get(j).error(), within(1e-12));
        }
        List<List<Integer>> expected = new ArrayList<>();
        for (int j = 0; j < LAMBDAS.size(); j++) {
            expected.addAll(perCandidate);
        }
        assertThat(calls).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** The rows of the given splits' validation parts, pooled (with repeats), less the excluded ones, sorted. */
    private static List<Integer> pooled(List<int[]> parts, int[] exclude) {
        List<Integer> out = new ArrayList<>();
        for (int[] part : parts) {
            for (int r : part) {
                if (IntStream.of(exclude).noneMatch(e -> e == r)) {
                    out.add(r);
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** Tuning calls: one per split on the other splits, then one on all, for each path point (all finalists). */
    private static List<List<Integer>> crossFitted(List<int[]> parts) {
        List<List<Integer>> calls = new ArrayList<>();
        for (int s = 0; s < parts.size(); s++) {
            List<int[]> others = new ArrayList<>(parts);
            others.remove(s);
            calls.add(pooled(others, parts.get(s)));
        }
        calls.add(pooled(parts, new int[0]));
        return calls;
    }

    @Test
    void kFoldScoresEverySplitAsTunedOnTheOthers() {
        List<int[]> parts = new KFold(4, 3L).splits(N).stream().map(Split::validation).toList();
        check(SelectionSpec.kfold(4).seed(3L).build(), crossFitted(parts));
    }

    @Test
    void overlappingSplitsLeaveTheScoredRowsOutOfTheTuning() {
        List<int[]> parts = new RepeatedSubsampling(3, 0.4, 3L).splits(N).stream().map(Split::validation).toList();
        assertThat(pooled(parts.subList(1, 3), new int[0])).as("the splits overlap")
                .hasSizeGreaterThan(pooled(parts.subList(1, 3), parts.get(0)).size());
        check(SelectionSpec.subsampling(3, 0.4).seed(3L).build(), crossFitted(parts));
    }

    @Test
    void aLoneHoldOutIsScoredByHalvesEachTunedOnTheOther() {
        int[] validation = new HoldOut(0.25, 3L).splits(N).get(0).validation();
        assertThat(validation.length % 2).as("equal halves, so their mean error is the split's").isZero();
        int[] even = IntStream.range(0, validation.length).filter(i -> i % 2 == 0).map(i -> validation[i]).toArray();
        int[] odd = IntStream.range(0, validation.length).filter(i -> i % 2 == 1).map(i -> validation[i]).toArray();
        check(SelectionSpec.holdout(0.25).seed(3L).build(), crossFitted(List.of(even, odd)));
    }
}
