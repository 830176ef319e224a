package org.okl.experiments.multilabel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;

/**
 * k-fold cross-validation on the labelled images only, transductive as MS11's Table 1 is: in every fold the held-out
 * labelled images keep their place in the input graph as unlabelled images (their labels hidden) and are scored there,
 * so a candidate (γ_I, γ_O) is judged in the setting it will be used in. The best mean AUC over the folds wins (the
 * first on ties); the chosen pipeline is refitted on every labelled image. Only labelled outputs are read.
 */
final class TransductiveSelection {
    private TransductiveSelection() {
    }

    /**
     * The outcome.
     *
     * @param chosen the grid values of the chosen candidate
     * @param model  the chosen pipeline fitted on every labelled image (the unlabelled images in the graph)
     * @param curve  mean validation AUC per candidate, in the candidates' order
     */
    record Choice(Map<String, Object> chosen, Model model, double[] curve) {
    }

    /**
     * @param candidates the pipelines to choose from, each with its grid values (for example γ_I and γ_O)
     * @param data       the labelled images with the unlabelled inputs
     */
    static Choice choose(Okl okl, Map<Map<String, Object>, PipelineSpec> candidates, TrainingData data, int folds,
            long seed) {
        List<Split> splits = new KFold(folds, seed).splits(data.size());
        Matrix unlabelled = data.unlabelledInputs().orElseThrow();
        List<Map<String, Object>> keys = new ArrayList<>(candidates.keySet());
        double[] curve = new double[keys.size()];
        int best = 0;
        for (int c = 0; c < keys.size(); c++) {
            double sum = 0;
            int scored = 0;
            for (Split split : splits) {
                Matrix held = data.inputs().selectRows(split.validation());
                TrainingData fold = TrainingData.builder(data.inputs().selectRows(split.train()),
                        data.outputs().selectRows(split.train())).unlabelledInputs(unlabelled.stackRows(held)).build();
                double auc = MinhSceneExperiment.meanAuc(okl, data.outputs().selectRows(split.validation()),
                        okl.pipeline(candidates.get(keys.get(c))).fit(fold).predict(held));
                if (!Double.isNaN(auc)) {
                    sum += auc;
                    scored++;
                }
            }
            curve[c] = scored == 0 ? Double.NaN : sum / scored;
            if (!Double.isNaN(curve[c]) && (Double.isNaN(curve[best]) || curve[c] > curve[best])) {
                best = c;
            }
        }
        Map<String, Object> chosen = new LinkedHashMap<>(keys.get(best));
        return new Choice(chosen, okl.pipeline(candidates.get(keys.get(best))).fit(data), curve);
    }
}
