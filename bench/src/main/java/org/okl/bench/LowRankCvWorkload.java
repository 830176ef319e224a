package org.okl.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.Pipeline;
import org.okl.core.TrainingData;

/**
 * {@code lowrank_cv}: the large-n problem fitted in memory: n rows of the peer generator (p = 20, d = 5),
 * Gaussian sigma 4.47, a Nystrom sketch of rank 2000, a Tikhonov path of five lambdas chosen by 5-fold
 * cross-validation in one pass over the rows, then the model on all rows ({@code Pipeline.fit}; the rows are read
 * in blocks into m x m sums per fold). Its peer is scikit-learn's {@code Nystroem} + {@code Ridge} refit loop over
 * folds and lambdas on the same numbers ({@code peer_lowrank.py}); both test MSEs on 20,000 test rows are reported,
 * each the mean over three landmark draws.
 */
public final class LowRankCvWorkload implements Workload {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String name() {
        return "lowrank_cv";
    }

    @Override
    public String description() {
        return "Pipeline.fit in memory of Nystrom(2000) + 5 Tikhonov lambdas by 5-fold CV in one pass (p = 20, d = 5);"
                + " scikit-learn = Nystroem + Ridge refit per fold and lambda";
    }

    @Override
    public boolean numpyPeer() {
        return false;
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        LowRankData data = LowRankData.of(n, environment.lowRank(), environment.seed());
        Pipeline pipeline = environment.okl().pipeline(LowRankData.pipeline(environment.lowRank(),
                environment.seed()));
        TrainingData training = TrainingData.of(LowRankData.inputs(data.train()), LowRankData.outputs(data.train()));
        return new BenchTask() {
            private Model last;

            @Override
            public Object run() {
                last = pipeline.fit(training);
                return last;
            }

            /**
             * The test MSE depends on which landmarks were drawn (by about 1 % at n = 200,000), so the pipeline is
             * fitted again outside the clock with two more seeds (other landmarks, the same folds), and the mean
             * of the three test MSEs is reported beside the timed model's.
             */
            @Override
            public Map<String, Double> details() {
                Map<String, Double> d = new LinkedHashMap<>();
                double first = testMse(last);
                double sum = first;
                for (long draw = 1; draw < 3; draw++) {
                    Okl other = Okl.builder().seed(environment.seed() + draw).linearAlgebra(environment.linearAlgebra())
                            .dataDirectory(null).build();
                    sum += testMse(other.pipeline(LowRankData.pipeline(environment.lowRank(), environment.seed()))
                            .fit(training));
                }
                d.put("test_mse", sum / 3);
                d.put("test_mse_first", first);
                d.put("lambda", (Double) last.provenance().chosen().get("filter.lambda"));
                return d;
            }

            private double testMse(Model model) {
                return LowRankData.mse(model.predict(LowRankData.inputs(data.test())).outputs(),
                        LowRankData.outputs(data.test()));
            }
        };
    }

    @Override
    public boolean hasOwnPeer() {
        return true;
    }

    @Override
    public Optional<PeerRun> ownPeer(PeerRunner runner, BenchEnvironment environment, int n) {
        LowRankSettings settings = environment.lowRank();
        LowRankData data = LowRankData.of(n, settings, environment.seed());
        try {
            Path file = Files.createTempFile("okl-lowrank", ".f64");
            try {
                data.writeBinary(file);
                List<String> args = new ArrayList<>(List.of(file.toString(), Integer.toString(n),
                        Integer.toString(settings.testRows()), Integer.toString(LowRankSettings.P),
                        Integer.toString(LowRankSettings.D), Integer.toString(settings.rank()),
                        Integer.toString(settings.folds())));
                LowRankSettings.lambdas().forEach(l -> args.add(Double.toString(l)));
                JsonNode out = JSON.readTree(runner.runResource("peer_lowrank.py", args, "lowrank_cv n = " + n));
                Map<String, Double> details = new LinkedHashMap<>();
                details.put("test_mse", out.path("lowrank_test_mse").asDouble());
                details.put("test_mse_first", out.path("lowrank_test_mse_first").asDouble());
                details.put("lambda", out.path("lowrank_lambda").asDouble());
                return Optional.of(new PeerRun(out.path("lowrank_cv_s").asDouble(), details));
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
