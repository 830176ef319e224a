package org.okl.bench.accuracy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.bench.PeerRunner;
import org.okl.core.Okl;

/**
 * The benchmark end to end on linnerud (20 rows) with one 2-fold cross-validation: OKL's three methods, and the
 * scikit-learn peer on the same folds when this machine has Python with scikit-learn.
 */
class AccuracyBenchTest {

    @Test
    void bothSidesScoreTheSameFolds(@TempDir Path dir) throws Exception {
        Path python = PeerRunner.DEFAULT_PYTHON;
        boolean sklearn = Files.isExecutable(python) && new ProcessBuilder(python.toString(), "-c",
                "import sklearn").start().waitFor() == 0;
        Okl okl = Okl.builder().seed(1).build();
        DatasetPlan plan = new DatasetPlan("linnerud", Task.REGRESSION, 1, 2);
        AccuracyReport report = new AccuracyBench(new AccuracyBench.Settings(List.of(plan), true, 1, dir,
                sklearn ? Optional.of(new PeerRunner(python, dir.resolve("unused.py"))) : Optional.empty(), false),
                okl, new PrintWriter(new StringWriter())).run();
        DatasetResult result = report.datasets().get(0);
        assertThat(result.rows()).isEqualTo(20);
        assertThat(result.method("okl-auto").orElseThrow().scores().get("arrmse")).hasSize(2);
        assertThat(Files.exists(dir.resolve("linnerud").resolve("folds.f64"))).isTrue();
        assertThat(Files.size(dir.resolve("linnerud").resolve("data.f64"))).isEqualTo(20L * 6 * 8);
        Assumptions.assumeTrue(sklearn, "no Python with scikit-learn at " + python);
        for (String baseline : Task.REGRESSION.baselines()) {
            double[] scores = result.method(baseline).orElseThrow().scores().get("arrmse");
            assertThat(scores).hasSize(2);
            for (double s : scores) {
                assertThat(s).isFinite().isPositive();
            }
        }
        assertThat(report.markdown()).contains("| linnerud | 20 x 3 -> 3 | 1 x 2-fold |");
    }

    @Test
    void aRunKeptInPartsRefusesAPeerWithoutScikitLearnBeforeAnyWork(@TempDir Path dir) throws Exception {
        // a fresh machine's Python without scikit-learn: the run kept OKL's half as a part with a "no numpy peer"
        // note, which later runs read back as complete; now it stops before fitting anything and keeps nothing
        Path python = fakePython(dir, "echo \"ModuleNotFoundError: No module named 'sklearn'\" >&2\nexit 1");
        Path parts = dir.resolve("parts");
        AccuracyBench bench = keptLinnerud(dir, python, parts);
        org.assertj.core.api.Assertions.assertThatThrownBy(bench::run)
                .isInstanceOf(PeerRunner.PeerUnavailable.class)
                .hasMessage("no numpy peer: No module named 'sklearn' (apt-get install python3-numpy python3-scipy "
                        + "python3-sklearn)");
        assertThat(Files.exists(parts) ? Files.list(parts).count() : 0).as("parts kept").isZero();
        assertThat(Files.exists(dir.resolve("work").resolve("linnerud"))).as("nothing fitted").isFalse();
    }

    @Test
    void aPeerThatFailsInsideAUnitKeepsNoPartOfIt(@TempDir Path dir) throws Exception {
        // the module check passes, then the peer fails on the data set: the unit is not run, its part not written
        Path python = fakePython(dir, "if [ \"$1\" = -c ]; then exit 0; fi\n"
                + "echo \"ModuleNotFoundError: No module named 'numpy'\" >&2\nexit 1");
        Path parts = dir.resolve("parts");
        AccuracyReport report = keptLinnerud(dir, python, parts).run();
        assertThat(report.datasets()).isEmpty();
        assertThat(report.notes()).containsExactly("linnerud: not run: scikit-learn: no numpy peer: No module named "
                + "'numpy' (apt-get install python3-numpy python3-scipy python3-sklearn); the part is not kept");
        assertThat(Files.exists(parts.resolve("dataset-linnerud.json"))).isFalse();
    }

    @Test
    void aRerunReplacesItsBaselinesInAKeptPartAndLeavesTheRest(@TempDir Path dir) throws Exception {
        // a baseline found weak after parts were kept (the MLP without L-BFGS) is re-fitted alone on the same folds
        List<String> baselines = Task.REGRESSION.baselines(20);
        Path parts = dir.resolve("parts");
        keptLinnerud(dir, fakePython(dir, zerosForEveryBaseline()), parts, "b1", List.of()).run();
        Path part = parts.resolve("dataset-linnerud.json");
        com.fasterxml.jackson.databind.JsonNode before = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(part.toFile());
        assertThat(before.path("result").path("methods")).hasSize(3 + baselines.size());

        // the rerun's peer is asked for mlp alone and predicts 1.0 everywhere
        String mlpOnly = "if [ \"$1\" = -c ]; then exit 0; fi\n"
                + "grep -q '\"mlp\"' \"$2/task.json\" && ! grep -q krr-grid \"$2/task.json\" || exit 3\n"
                + "i=0; while [ $i -lt 60 ]; do printf '\\000\\000\\000\\000\\000\\000\\360\\077'; i=$((i+1)); done"
                + " > \"$2/pred-mlp.f64\"\necho '[3.0, 4.0]' > \"$2/times-mlp.json\"\n";
        AccuracyReport report = keptLinnerud(dir, fakePython(dir, mlpOnly), parts, "b2", List.of("mlp")).run();
        com.fasterxml.jackson.databind.JsonNode after = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(part.toFile());
        assertThat(after.path("build").asText()).isEqualTo("b1");
        assertThat(after.path("reruns")).hasSize(1);
        assertThat(after.path("reruns").get(0).path("baselines").get(0).asText()).isEqualTo("mlp");
        assertThat(after.path("reruns").get(0).path("build").asText()).isEqualTo("b2");
        sameMethodsOthersEqual(before, after, "mlp"::equals).forEach((name, pair) -> {
            assertThat(pair[1].path("seconds").toString()).isEqualTo("[3.0,4.0]");
            assertThat(pair[1].path("scores")).isNotEqualTo(pair[0].path("scores"));
        });
        // the report of the rerun holds the updated unit: mlp's arrmse is that of predicting 1.0 in each fold
        DatasetResult r = report.datasets().get(0);
        assertThat(r.method("mlp").orElseThrow().scores().get("arrmse")).isNotEqualTo(
                r.method("krr-grid").orElseThrow().scores().get("arrmse"));

        // a rerun whose baseline fails leaves the part as it was
        byte[] kept = Files.readAllBytes(part);
        AccuracyReport failed = keptLinnerud(dir, fakePython(dir, "if [ \"$1\" = -c ]; then exit 0; fi\n"
                + "echo boom > \"$2/error-mlp.txt\""), parts, "b3", List.of("mlp")).run();
        assertThat(Files.readAllBytes(part)).isEqualTo(kept);
        assertThat(failed.notes()).containsExactly("linnerud: not run: scikit-learn mlp failed: 'boom'; the part is "
                + "left as it was");
    }

    @Test
    void aPartKeptWithOneBaselineIsCompletedOnItsFoldsByARunWithAll(@TempDir Path dir) throws Exception {
        // a long unit in pieces: first OKL's methods and the MLP alone, later the rest of the baselines
        Path parts = dir.resolve("parts");
        String mlpOnly = "if [ \"$1\" = -c ]; then exit 0; fi\n"
                + "head -c 480 /dev/zero > \"$2/pred-mlp.f64\"; echo '[1.0, 2.0]' > \"$2/times-mlp.json\"\n";
        linnerudWith(dir, fakePython(dir, mlpOnly), parts, "b1", List.of("mlp")).run();
        Path part = parts.resolve("dataset-linnerud.json");
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode before = json.readTree(part.toFile());
        assertThat(before.path("result").path("methods")).hasSize(4);
        assertThat(before.path("protocol").path("baselines").toString()).isEqualTo("[\"mlp\"]");

        // a completion whose peer fails leaves the part as it was, and says so
        AccuracyReport failed = linnerudWith(dir, fakePython(dir, "if [ \"$1\" = -c ]; then exit 0; fi\n"
                + "echo \"ModuleNotFoundError: No module named 'numpy'\" >&2\nexit 1"), parts, "b1", List.of()).run();
        assertThat(failed.notes()).singleElement().asString().startsWith("linnerud: not run: scikit-learn: ")
                .endsWith("; the part is left as it was");
        assertThat(json.readTree(part.toFile())).isEqualTo(before);
        // the run with every baseline asks the peer for the others alone (it fails if asked for the MLP again)
        String others = zerosForEveryBaseline().replace("if [ \"$1\" = -c ]; then exit 0; fi\n",
                "if [ \"$1\" = -c ]; then exit 0; fi\n! grep -q '\"mlp\"' \"$2/task.json\" || exit 3\n");
        AccuracyReport report = linnerudWith(dir, fakePython(dir, others), parts, "b2", List.of()).run();
        com.fasterxml.jackson.databind.JsonNode after = json.readTree(part.toFile());
        List<String> baselines = Task.REGRESSION.baselines(20);
        assertThat(after.path("result").path("methods")).hasSize(3 + baselines.size());
        assertThat(after.path("protocol").path("baselines").toString()).isEqualTo("[]");
        assertThat(after.path("reruns").get(0).path("added").asBoolean()).isTrue();
        assertThat(after.path("reruns").get(0).path("build").asText()).isEqualTo("b2");
        assertThat(after.path("reruns").get(0).path("baselines")).hasSize(baselines.size() - 1);
        // OKL's methods and the MLP are the first piece's, byte for byte
        for (int m = 0; m < 4; m++) {
            assertThat(after.path("result").path("methods").get(m)).isEqualTo(before.path("result").path("methods")
                    .get(m));
        }
        assertThat(report.datasets().get(0).methods()).hasSize(3 + baselines.size());
        // read again by a run with every baseline: nothing is fitted, the peer is never asked
        byte[] complete = Files.readAllBytes(part);
        AccuracyReport again = linnerudWith(dir, fakePython(dir, "if [ \"$1\" = -c ]; then exit 0; fi\nexit 3"),
                parts, "b3", List.of()).run();
        assertThat(again.notes()).isEmpty();
        assertThat(Files.readAllBytes(part)).isEqualTo(complete);
    }

    /** linnerud, one 2-fold cross-validation, kept in parts, with the peer's baselines limited to {@code only}. */
    private static AccuracyBench linnerudWith(Path dir, Path python, Path parts, String build, List<String> only) {
        return new AccuracyBench(new AccuracyBench.Settings(List.of(new DatasetPlan("linnerud", Task.REGRESSION, 1,
                2)), true, 1, dir.resolve("work"), Optional.of(new PeerRunner(python, dir.resolve("unused.py"))),
                false, List.of(), Optional.of(new AccuracyParts(parts, new AccuracyParts.Protocol(true, 1, true, only),
                        build)), only, List.of()), Okl.builder().seed(1).build(), new PrintWriter(new StringWriter()));
    }

    @Test
    void aRerunKeepsTheOldNotesOfOtherBaselinesAndReplacesTheRerunOnes() {
        DatasetPlan plan = new DatasetPlan("s", Task.REGRESSION, 1, 2);
        java.util.Map<String, Boolean> lower = java.util.Map.of("arrmse", false);
        MethodScores auto = new MethodScores("okl-auto", java.util.Map.of("arrmse", new double[] {1, 2}),
                new double[] {1, 1});
        MethodScores oldMlp = new MethodScores("mlp", java.util.Map.of("arrmse", new double[] {5, 5}),
                new double[] {1, 1});
        MethodScores newMlp = new MethodScores("mlp", java.util.Map.of("arrmse", new double[] {3, 3}),
                new double[] {2, 2});
        MethodScores erc = new MethodScores("erc", java.util.Map.of("arrmse", new double[] {4, 4}),
                new double[] {2, 2});
        DatasetResult old = new DatasetResult(plan, 20, 3, 3, 1.0, List.of(auto, oldMlp), List.of(
                "scikit-learn mlp failed: 'x'", "scikit-learn gp-ard failed: 'y'"), lower);
        DatasetResult merged = AccuracyBench.replaced(old, new DatasetResult(plan, 20, 3, 3, 1.0, List.of(newMlp,
                erc), List.of("a new note"), lower), AccuracyBench.refitted(List.of("mlp", "erc")));
        assertThat(merged.methods()).containsExactly(auto, newMlp, erc);
        assertThat(merged.notes()).containsExactly("scikit-learn gp-ard failed: 'y'", "a new note");
    }

    @Test
    void anOklRerunDropsTheOklMethodsItNoLongerReportsAndTheirNotes() {
        DatasetPlan plan = new DatasetPlan("s", Task.MULTI_CLASS, 1, 2);
        java.util.Map<String, Boolean> higher = java.util.Map.of("subset-accuracy", true);
        java.util.function.Function<String, MethodScores> scored = m -> new MethodScores(m,
                java.util.Map.of("subset-accuracy", new double[] {0.9, 0.8}), new double[] {1, 1});
        MethodScores newAuto = new MethodScores("okl-auto", java.util.Map.of("subset-accuracy",
                new double[] {0.95, 0.85}), new double[] {2, 2});
        MethodScores svc = scored.apply("svc");
        DatasetResult old = new DatasetResult(plan, 20, 3, 1, 1.0, List.of(scored.apply("okl-auto"),
                scored.apply("okl-independent"), scored.apply("okl-coupled"), svc), List.of(
                "okl-independent is okl-auto's model in 1 of 2 fits (the search compared no output coupling there)",
                "scikit-learn mlp failed: 'x'"), higher);
        DatasetResult rerun = new DatasetResult(plan, 20, 3, 1, 1.0, List.of(newAuto), List.of("okl-independent "
                + "and okl-coupled not reported: the automatic search of this task compares no output coupling"),
                higher);
        DatasetResult merged = AccuracyBench.replaced(old, rerun, AccuracyBench.refitted(List.of("okl")));
        assertThat(merged.methods()).containsExactly(newAuto, svc);
        assertThat(merged.notes()).containsExactly("scikit-learn mlp failed: 'x'", rerun.notes().get(0));
        assertThat(AccuracyBench.refitted(List.of("mlp", "okl"))).containsExactly("mlp", "okl-auto",
                "okl-independent", "okl-coupled");
    }

    @Test
    void anOklRerunRefitsOklAloneAndNeverAsksThePeer(@TempDir Path dir) throws Exception {
        Path parts = dir.resolve("parts");
        keptLinnerud(dir, fakePython(dir, zerosForEveryBaseline()), parts, "b1", List.of()).run();
        Path part = parts.resolve("dataset-linnerud.json");
        com.fasterxml.jackson.databind.JsonNode before = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(part.toFile());
        // the peer passes its module check and fails anything else: asked for a baseline, the unit would fail
        keptLinnerud(dir, fakePython(dir, "if [ \"$1\" = -c ]; then exit 0; fi\nexit 3"), parts, "b2",
                List.of("okl")).run();
        com.fasterxml.jackson.databind.JsonNode after = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(part.toFile());
        assertThat(after.path("reruns").get(0).path("baselines").get(0).asText()).isEqualTo("okl");
        // the same search on the same folds: the same scores, new seconds
        sameMethodsOthersEqual(before, after, name -> name.startsWith("okl-")).forEach((name, pair) ->
                assertThat(pair[1].path("scores")).as(name).isEqualTo(pair[0].path("scores")));
    }

    /**
     * Checks that a rerun kept a part's methods in their order and every method it did not re-fit byte-equal, and
     * returns the re-fitted ones' entries, before and after, by name.
     */
    private static java.util.Map<String, com.fasterxml.jackson.databind.JsonNode[]> sameMethodsOthersEqual(
            com.fasterxml.jackson.databind.JsonNode before, com.fasterxml.jackson.databind.JsonNode after,
            java.util.function.Predicate<String> refitted) {
        com.fasterxml.jackson.databind.JsonNode oldMethods = before.path("result").path("methods");
        com.fasterxml.jackson.databind.JsonNode newMethods = after.path("result").path("methods");
        assertThat(newMethods).hasSize(oldMethods.size());
        java.util.Map<String, com.fasterxml.jackson.databind.JsonNode[]> out = new java.util.LinkedHashMap<>();
        for (int m = 0; m < oldMethods.size(); m++) {
            String name = oldMethods.get(m).path("method").asText();
            assertThat(newMethods.get(m).path("method").asText()).isEqualTo(name);
            if (refitted.test(name)) {
                out.put(name, new com.fasterxml.jackson.databind.JsonNode[] {oldMethods.get(m), newMethods.get(m)});
            } else {
                assertThat(newMethods.get(m)).as(name).isEqualTo(oldMethods.get(m));
            }
        }
        assertThat(out).as("re-fitted methods").isNotEmpty();
        return out;
    }

    /** A peer script that predicts 0.0 for linnerud's 20 rows x 3 outputs with every regression baseline. */
    private static String zerosForEveryBaseline() {
        StringBuilder all = new StringBuilder("if [ \"$1\" = -c ]; then exit 0; fi\n");
        for (String b : Task.REGRESSION.baselines(20)) {
            // 20 rows x 3 outputs of 0.0, two folds' seconds
            all.append("head -c 480 /dev/zero > \"$2/pred-").append(b).append(".f64\"; echo '[1.0, 2.0]' > \"$2/times-")
                    .append(b).append(".json\"\n");
        }
        return all.toString();
    }

    /** linnerud, one 2-fold cross-validation, with the peer run by {@code python} and its units kept in parts. */
    private static AccuracyBench keptLinnerud(Path dir, Path python, Path parts) {
        return keptLinnerud(dir, python, parts, "b", List.of());
    }

    /** The same, the parts written by {@code build}, re-fitting {@code rerun} on the kept units. */
    private static AccuracyBench keptLinnerud(Path dir, Path python, Path parts, String build, List<String> rerun) {
        return new AccuracyBench(new AccuracyBench.Settings(List.of(new DatasetPlan("linnerud", Task.REGRESSION, 1,
                2)), true, 1, dir.resolve("work"), Optional.of(new PeerRunner(python, dir.resolve("unused.py"))),
                false, List.of(), Optional.of(new AccuracyParts(parts, new AccuracyParts.Protocol(true, 1, true),
                        build)), List.of(), rerun), Okl.builder().seed(1).build(), new PrintWriter(new StringWriter()));
    }

    /** A stand-in for Python: a shell script with this body. */
    private static Path fakePython(Path dir, String body) throws Exception {
        Path python = dir.resolve("python3");
        Files.writeString(python, "#!/bin/sh\n" + body + "\n");
        assertThat(python.toFile().setExecutable(true)).isTrue();
        return python;
    }

    /**
     * emotions is not bundled: it is read from a development checkout's {@code ../shared/datasets} (CI's first pass),
     * and a fresh clone without it, with no network, skips.
     */
    @Test
    void aMulanSplitTrainsOnItsTrainingPartAndScoresItsTestPartOnce(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("../../shared/datasets/emotions")),
                "emotions is not in ../shared/datasets (a fresh clone)");
        Okl okl = Okl.builder().seed(1).build();
        AccuracyReport report = new AccuracyBench(new AccuracyBench.Settings(List.of(), true, 1, dir,
                Optional.empty(), false, List.of("emotions", "no-such-set")), okl,
                new PrintWriter(new StringWriter())).run();
        DatasetResult split = report.splits().get(0);
        assertThat(split.plan().name()).isEqualTo("emotions-split");
        assertThat(split.rows()).isEqualTo(593);
        // one score per metric: the 202 test rows, once
        assertThat(split.method("okl-auto").orElseThrow().scores().get("hamming-loss")).hasSize(1);
        assertThat(split.method("okl-auto").orElseThrow().scores().get("f1-example")).hasSize(1);
        assertThat(split.higherIsBetter("f1-example")).isTrue();
        assertThat(split.higherIsBetter("hamming-loss")).isFalse();
        // the folds the peer reads: the 391 training rows in fold 1, the 202 test rows in fold 0, only fold 0 scored
        byte[] folds = Files.readAllBytes(dir.resolve("emotions-split").resolve("folds.f64"));
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(folds).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int train = 0;
        for (int i = 0; i < 593; i++) {
            double f = b.getDouble();
            assertThat(f).as("row %d", i).isEqualTo(i < 391 ? 1.0 : 0.0);
            train += f == 1.0 ? 1 : 0;
        }
        assertThat(train).isEqualTo(391);
        assertThat(Files.readString(dir.resolve("emotions-split").resolve("task.json"))).contains("\"evaluate\"");
        assertThat(report.notes()).anyMatch(n -> n.startsWith("no-such-set split: not run"));
        assertThat(report.markdown()).contains("the tuning never sees the test part")
                .contains("| emotions-split | 593 x 72 -> 6 | train/test | hamming-loss (lower) |");
    }
}
