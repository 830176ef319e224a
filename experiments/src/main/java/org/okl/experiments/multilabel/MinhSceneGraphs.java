package org.okl.experiments.multilabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.okl.api.data.Dataset;
import org.okl.api.decoder.Decoded;
import org.okl.core.Okl;
import org.okl.core.TrainingData;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.Grids;
import org.okl.experiments.HeldOut;
import org.okl.experiments.multilabel.MinhSceneExperiment.Method;
import org.okl.experiments.multilabel.MinhSceneExperiment.Settings;

/**
 * Why the manifold term costs AUC with few labelled images (issue 39's MS11 investigation): MS11 state neither the
 * input graph's edge weights nor its Laplacian's normalisation, and OKL's preset takes binary weights and the
 * normalised Laplacian. On fresh draws at the sweep's smallest labelled size and at the protocol's, Laplacian RLS
 * (γ_O = 0, γ_I chosen by the inner cross-validation) over the four graphs {binary, Gaussian} x {normalised,
 * unnormalised} against RLS; and, on the preset's graph at the smallest size, the AUC at every fixed γ_I of the
 * selection's grid (descriptive: it shows whether any γ_I helps there, so whether the loss is the term's or its
 * selection's; nothing is chosen on it). The unnormalised Laplacian D - W is about the degree (5 to 10 here) times larger, so its
 * γ_I grid is the file's {@code graphGammaIUnnormalised}, fixed before the run.
 */
final class MinhSceneGraphs {
    private MinhSceneGraphs() {
    }

    /**
     * An input graph of the manifold regularizer.
     *
     * @param weights    {@code binary} or {@code gaussian} edge weights
     * @param normalised the normalised Laplacian I - D^-1/2 W D^-1/2 (else D - W)
     */
    record Graph(String weights, boolean normalised) {
        /** The preset's graph. */
        static final Graph PRESET = new Graph("binary", true);
        /** The four graphs the investigation compares, the preset's first. */
        static final List<Graph> ALL = List.of(PRESET, new Graph("gaussian", true), new Graph("binary", false),
                new Graph("gaussian", false));

        String label() {
            return weights + " weights, " + (normalised ? "normalised" : "unnormalised") + " Laplacian";
        }
    }

    /** The seeds of the investigation's draws start here (above the protocol's and the sweep's). */
    static final long SEED_OFFSET = 200;

    /**
     * What the investigation gave.
     *
     * @param labelled the labelled-set sizes
     * @param rls      RLS's transductive mean AUC per size and draw
     * @param graphs   per graph (in {@link Graph#ALL}'s order), Laplacian RLS's AUC per size and draw
     * @param chosen   per graph, the chosen γ_I per size and draw
     * @param edges    per graph, the draws (over all sizes) whose chosen γ_I sat on an edge of its grid
     * @param fixed    the preset graph at the smallest size: AUC per fixed γ_I of {@code fixedGammaIs} and draw
     * @param fixedGammaIs the γ_I of {@code fixed}
     */
    record Result(List<Integer> labelled, double[][] rls, double[][][] graphs, double[][][] chosen, int[] edges,
            double[][] fixed, List<Double> fixedGammaIs) {
    }

    static Result run(Okl okl, Dataset.Split train, Settings s, List<Double> unnormalisedGammaIs,
            ExperimentContext context) {
        List<Integer> sizes = List.of(s.sweepLabelled().get(0), s.labelled());
        int draws = s.sweepDraws();
        double[][] rls = new double[sizes.size()][draws];
        double[][][] graphs = new double[Graph.ALL.size()][sizes.size()][draws];
        double[][][] chosen = new double[Graph.ALL.size()][sizes.size()][draws];
        int[] edges = new int[Graph.ALL.size()];
        List<Double> fixedGammaIs = s.gammaIs();
        double[][] fixed = new double[fixedGammaIs.size()][draws];
        for (int k = 0; k < sizes.size(); k++) {
            int l = sizes.get(k);
            int folds = Math.max(2, Math.min(s.innerFolds(), l / 10));
            for (int r = 0; r < draws; r++) {
                long seed = context.seed() + SEED_OFFSET + r;
                LabelledDraw draw = LabelledDraw.draw(train.size(), l, s.unlabelled(), seed);
                TrainingData td = MinhSceneExperiment.trainingData(train, draw);
                HeldOut set = context.seal().of("the unlabelled images of the graph investigation's draw", train,
                        draw.unlabelled());
                Decoded plain = okl.pipeline(MinhSceneExperiment.pipeline(0, 0, okl)).fit(td).predict(set.inputs());
                List<Decoded> withGraph = new ArrayList<>();
                for (int g = 0; g < Graph.ALL.size(); g++) {
                    Graph graph = Graph.ALL.get(g);
                    List<Double> grid = graph.normalised() ? s.gammaIs() : unnormalisedGammaIs;
                    TransductiveSelection.Choice c = MinhSceneExperiment.select(okl, Method.LAPLACIAN_RLS, grid,
                            s.gammaOs(), graph, td, folds, seed);
                    double gi = ((Number) c.chosen().get(MinhSceneExperiment.GAMMA_I)).doubleValue();
                    chosen[g][k][r] = gi;
                    if (Grids.edge("γ_I", grid, gi).isPresent()) {
                        edges[g]++;
                    }
                    withGraph.add(c.model().predict(set.inputs()));
                }
                List<Decoded> atFixed = new ArrayList<>();
                if (k == 0) {
                    for (double gi : fixedGammaIs) {
                        atFixed.add(okl.pipeline(MinhSceneExperiment.pipeline(gi, 0, okl)).fit(td)
                                .predict(set.inputs()));
                    }
                }
                int kk = k;
                int rr = r;
                set.finalScoring(y -> {
                    rls[kk][rr] = MinhSceneExperiment.meanAuc(okl, y, plain);
                    for (int g = 0; g < withGraph.size(); g++) {
                        graphs[g][kk][rr] = MinhSceneExperiment.meanAuc(okl, y, withGraph.get(g));
                    }
                    for (int a = 0; a < atFixed.size(); a++) {
                        fixed[a][rr] = MinhSceneExperiment.meanAuc(okl, y, atFixed.get(a));
                    }
                    return null;
                });
            }
            context.progress().printf(Locale.ROOT, "minh-scene: graph investigation, %d labelled done%n", l);
            context.progress().flush();
        }
        return new Result(sizes, rls, graphs, chosen, edges, fixed, fixedGammaIs);
    }
}
