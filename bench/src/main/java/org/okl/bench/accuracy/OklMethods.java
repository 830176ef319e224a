package org.okl.bench.accuracy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.Pipeline;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;

/**
 * OKL's three methods in the benchmark: {@code okl-auto} (the automatic pipeline as a user gets it), and the same
 * pipeline with the output coupling fixed: {@code okl-independent} (omega 0 only) and {@code okl-coupled} (the
 * automatic grid's omegas above 0 only). All three search everything else the same way.
 *
 * <p>The automatic search scores every candidate of both groups on the same inner folds, and tunes the decoders of
 * the best of each group ({@code SelectionScores}), so the best independent and the best coupled candidate it finds
 * are exactly what a search restricted to either group would choose; {@link #fitAll} therefore runs the automatic
 * search once and refits its two alternatives ({@link Model#alternatives()}), instead of three searches.
 * {@link #fit} runs one method on its own, and a test checks that both give the same predictions.
 */
public final class OklMethods {
    /** The methods, in report order. */
    public static final List<String> NAMES = List.of("okl-auto", "okl-independent", "okl-coupled");
    private static final String OMEGA = "operator.matrix.omega";

    private OklMethods() {
    }

    /**
     * The three methods fitted on the same training data from one automatic search, with the seconds each took: the
     * search and the automatic model's refit for {@code okl-auto}, plus each alternative's own refit for the other
     * two (the search is counted in each, since each needs it).
     */
    public static Map<String, Fitted> fitAll(TrainingData data, Okl okl) {
        Map<String, Fitted> out = new java.util.LinkedHashMap<>();
        long start = System.nanoTime();
        Model auto = okl.pipeline(PipelineSpec.auto().build()).fit(data);
        double autoSeconds = (System.nanoTime() - start) / 1e9;
        out.put("okl-auto", new Fitted(auto, autoSeconds, false));
        double search = auto.provenance().search() == null ? 0.0 : auto.provenance().search().seconds();
        for (String[] m : new String[][] {{"okl-independent", "preferred"}, {"okl-coupled", "other"}}) {
            PipelineSpec fixed = auto.alternatives().get(m[1]);
            if (fixed == null) {
                out.put(m[0], new Fitted(auto, autoSeconds, true));
                continue;
            }
            long t = System.nanoTime();
            Model model = okl.pipeline(fixed).fit(data);
            out.put(m[0], new Fitted(model, search + (System.nanoTime() - t) / 1e9, false));
        }
        return out;
    }

    /**
     * A fitted method.
     *
     * @param model   the model
     * @param seconds what it took, its search included
     * @param standIn whether it is the automatic model itself, standing in for a group the search did not compare
     *                (a search without output coupling, such as the multi-class one: there is no independent or
     *                coupled group to refit)
     */
    public record Fitted(Model model, double seconds, boolean standIn) {
    }

    /** Fits a method on training data, on its own (its own search). */
    public static Model fit(String method, TrainingData data, Okl okl) {
        Pipeline auto = okl.pipeline(PipelineSpec.auto().build());
        if (method.equals("okl-auto")) {
            return auto.fit(data);
        }
        PipelineSpec chosen = auto.chooseFor(data).spec();
        return okl.pipeline(coupling(chosen, method.equals("okl-independent"))).fit(data);
    }

    /** The pipeline with only independent (omega 0) or only coupled (omega above 0) outputs, and no preference. */
    static PipelineSpec coupling(PipelineSpec spec, boolean independent) {
        SelectionSpec s = spec.selection().orElseThrow();
        List<Object> omegas = s.grid().get(OMEGA);
        if (omegas == null) {
            return spec;
        }
        List<Object> kept = new ArrayList<>();
        for (Object o : omegas) {
            boolean zero = ((Number) o).doubleValue() == 0.0;
            if (zero == independent) {
                kept.add(o);
            }
        }
        SelectionSpec.Builder b = SelectionSpec.builder(s.method()).folds(s.folds()).fraction(s.fraction())
                .repetitions(s.repetitions()).metric(s.metric()).seed(s.seed());
        for (Map.Entry<String, List<Object>> e : s.grid().entrySet()) {
            b.grid(e.getKey(), e.getKey().equals(OMEGA) ? kept : e.getValue());
        }
        return spec.withSelection(b.build());
    }
}
