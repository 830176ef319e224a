package org.okl.bench.accuracy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A benchmark run in pieces: parts written, read back unchanged, and refused when malformed or of another protocol. */
class AccuracyPartsTest {
    private static final AccuracyParts.Protocol FULL = new AccuracyParts.Protocol(false, 7, true);

    private static DatasetResult result() {
        Map<String, double[]> scores = new LinkedHashMap<>();
        scores.put("arrmse", new double[] {0.125, 0.25, Double.NaN});
        scores.put("mse", new double[] {1e-300, Double.POSITIVE_INFINITY, 3.0});
        return new DatasetResult(new DatasetPlan("enb", Task.REGRESSION, 3, 5), 768, 8, 2, 0.25,
                List.of(new MethodScores("okl-auto", scores, new double[] {1.5, 2.5, 0.1}),
                        new MethodScores("krr", Map.of("arrmse", new double[] {0.3}), new double[] {9.0})),
                List.of("gp-ard not run: \"quoted\"\ttab"), Map.of("arrmse", false, "mse", false));
    }

    @Test
    void aUnitRunsOnceAndIsReadBackUnchanged(@TempDir Path dir) throws Exception {
        AtomicInteger runs = new AtomicInteger();
        AccuracyParts first = new AccuracyParts(dir, FULL, "okl test aaa");
        DatasetPlan asked = DatasetPlan.bySize("enb", Task.REGRESSION);
        DatasetResult ran = first.result(AccuracyParts.Kind.DATASET, "enb", Optional.of(asked), () -> {
            runs.incrementAndGet();
            return result();
        });
        assertThat(Files.exists(dir.resolve("dataset-enb.json"))).isTrue();
        assertThat(first.provenance()).singleElement().asString().startsWith("dataset enb: okl test aaa, finished ")
                .endsWith("(run now)");

        AccuracyParts second = new AccuracyParts(dir, FULL, "okl test bbb");
        assertThat(second.existing(AccuracyParts.Kind.DATASET, "enb")).contains(dir.resolve("dataset-enb.json"));
        DatasetResult read = second.result(AccuracyParts.Kind.DATASET, "enb", Optional.of(asked), () -> {
            runs.incrementAndGet();
            return result();
        });
        assertThat(runs).hasValue(1);
        assertThat(read.plan()).isEqualTo(ran.plan());
        assertThat(read.rows()).isEqualTo(768);
        assertThat(read.inputs()).isEqualTo(8);
        assertThat(read.outputs()).isEqualTo(2);
        assertThat(read.testShare()).isEqualTo(0.25);
        // text from a file reaches the report escaped
        assertThat(read.notes()).containsExactly("gp-ard not run: \"quoted\"\\ttab");
        assertThat(read.higherIsBetter()).isEqualTo(ran.higherIsBetter());
        assertThat(read.methods()).hasSize(2);
        for (int k = 0; k < 2; k++) {
            MethodScores a = ran.methods().get(k);
            MethodScores b = read.methods().get(k);
            assertThat(b.method()).isEqualTo(a.method());
            assertThat(b.seconds()).containsExactly(a.seconds());
            assertThat(b.scores().keySet()).containsExactlyElementsOf(a.scores().keySet());
            a.scores().forEach((metric, v) -> assertThat(b.scores().get(metric)).containsExactly(v));
        }
        // the part came from build aaa: the second run says so
        assertThat(second.builds()).containsExactly("okl test aaa");
        assertThat(second.provenance()).singleElement().asString().contains("read from dataset-enb.json");
    }

    @Test
    void aRerunReplacesTheResultAndTheReadBackSaysWhoReRanWhat(@TempDir Path dir) throws Exception {
        DatasetPlan asked = DatasetPlan.bySize("enb", Task.REGRESSION);
        new AccuracyParts(dir, FULL, "okl test aaa").result(AccuracyParts.Kind.DATASET, "enb", Optional.of(asked),
                AccuracyPartsTest::result);
        Path part = dir.resolve("dataset-enb.json");
        byte[] before = Files.readAllBytes(part);
        AccuracyParts rerun = new AccuracyParts(dir, FULL, "okl test bbb");
        // an update that changes nothing leaves the file as it was
        rerun.rerun(AccuracyParts.Kind.DATASET, "enb", Optional.of(asked), List.of("krr"), () -> r -> r);
        assertThat(Files.readAllBytes(part)).isEqualTo(before);
        DatasetResult updated = rerun.rerun(AccuracyParts.Kind.DATASET, "enb", Optional.of(asked), List.of("krr"),
                () -> r -> new DatasetResult(r.plan(), r.rows(), r.inputs(), r.outputs(), r.testShare(), List.of(
                        r.methods().get(0), new MethodScores("krr", Map.of("arrmse", new double[] {0.2}),
                                new double[] {4.0})), r.notes(), r.higherIsBetter()));
        assertThat(updated.method("krr").orElseThrow().scores().get("arrmse")).containsExactly(0.2);

        AccuracyParts later = new AccuracyParts(dir, FULL, "okl test ccc");
        DatasetResult read = later.result(AccuracyParts.Kind.DATASET, "enb", Optional.of(asked), () -> {
            throw new AssertionError("a kept part is read, not run");
        });
        assertThat(read.method("krr").orElseThrow().scores().get("arrmse")).containsExactly(0.2);
        assertThat(read.method("okl-auto").orElseThrow().seconds()).containsExactly(1.5, 2.5, 0.1);
        assertThat(later.provenance()).singleElement().asString().startsWith("dataset enb; krr re-run by okl test "
                + "bbb, finished 20").contains(": okl test aaa, finished ").contains("read from dataset-enb.json");

        // a malformed rerun record names its field
        Files.writeString(part, Files.readString(part).replace("\"baselines\" : [ \"krr\" ]",
                "\"baselines\" : [ \"k r\" ]"));
        assertThatThrownBy(() -> new AccuracyParts(dir, FULL, "x").result(
                AccuracyParts.Kind.DATASET, "enb", Optional.of(asked), AccuracyPartsTest::result))
                .isInstanceOf(AccuracyParts.BadPart.class).hasMessageContaining("field reruns[0].baselines[0]: 'k r'");
    }

    @Test
    void theTimingIsKeptToo(@TempDir Path dir) {
        AccuracyBench.TimingCheck t = new AccuracyBench.TimingCheck(1000, 120, 30, 12.5, Optional.empty(), "n/a");
        new AccuracyParts(dir, FULL, "b").timing(() -> t);
        AccuracyBench.TimingCheck read = new AccuracyParts(dir, FULL, "b").timing(() -> {
            throw new AssertionError("read, not run");
        });
        assertThat(read).isEqualTo(t);
        AccuracyBench.TimingCheck withPeer = new AccuracyBench.TimingCheck(1000, 120, 30, 12.5, Optional.of(40.25),
                "grid");
        Path other = dir.resolve("other");
        new AccuracyParts(other, FULL, "b").timing(() -> withPeer);
        assertThat(new AccuracyParts(other, FULL, "b").timing(() -> null)).isEqualTo(withPeer);
    }

    @Test
    void aUnitThatFailsLeavesNoPart(@TempDir Path dir) {
        AccuracyParts parts = new AccuracyParts(dir, FULL, "b");
        assertThatThrownBy(() -> parts.result(AccuracyParts.Kind.SPLIT, "yeast", Optional.empty(), () -> {
            throw new IllegalStateException("no data");
        })).isInstanceOf(IllegalStateException.class).isNotInstanceOf(AccuracyParts.BadPart.class);
        assertThat(parts.existing(AccuracyParts.Kind.SPLIT, "yeast")).isEmpty();
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void aPartOfAnotherProtocolOrPlanIsRefused(@TempDir Path dir) {
        new AccuracyParts(dir, FULL, "b").result(AccuracyParts.Kind.DATASET, "enb", Optional.empty(),
                AccuracyPartsTest::result);
        Path file = dir.resolve("dataset-enb.json");
        assertThatThrownBy(() -> new AccuracyParts(dir, new AccuracyParts.Protocol(true, 7, true), "b").result(
                AccuracyParts.Kind.DATASET, "enb", Optional.empty(), AccuracyPartsTest::result))
                .isInstanceOf(AccuracyParts.BadPart.class)
                .hasMessage(file + ": field protocol: full protocol, seed 7, with the scikit-learn peer, but this run "
                        + "has quick protocol, seed 7, with the scikit-learn peer; remove the file or give another "
                        + "--parts folder");
        assertThatThrownBy(() -> new AccuracyParts(dir, new AccuracyParts.Protocol(false, 7, false), "b").result(
                AccuracyParts.Kind.DATASET, "enb", Optional.empty(), AccuracyPartsTest::result))
                .isInstanceOf(AccuracyParts.BadPart.class).hasMessageContaining("without the scikit-learn peer");
        // a part with every baseline serves a run that asks for krr-grid alone: it is read whole
        assertThat(new AccuracyParts(dir, new AccuracyParts.Protocol(false, 7, true, List.of("krr-grid")), "b")
                .result(AccuracyParts.Kind.DATASET, "enb", Optional.empty(), () -> {
                    throw new AssertionError("read, not run");
                }, r -> List.of("krr-grid"), missing -> {
                    throw new AssertionError("nothing is missing");
                }).methods()).hasSize(2);
        Path only = dir.resolve("only");
        new AccuracyParts(only, new AccuracyParts.Protocol(false, 7, true, List.of("krr-grid")), "b").result(
                AccuracyParts.Kind.SPLIT, "usps-halves", Optional.empty(), AccuracyPartsTest::result);
        assertThat(new AccuracyParts(only, new AccuracyParts.Protocol(false, 7, true, List.of("krr-grid")), "b")
                .result(AccuracyParts.Kind.SPLIT, "usps-halves", Optional.empty(), () -> {
                    throw new AssertionError("read, not run");
                }).rows()).isEqualTo(768);
        assertThatThrownBy(() -> new AccuracyParts(dir, FULL, "b").result(AccuracyParts.Kind.DATASET, "enb",
                Optional.of(new DatasetPlan("enb", Task.REGRESSION, 5, 5)), AccuracyPartsTest::result))
                .isInstanceOf(AccuracyParts.BadPart.class)
                .hasMessageStartingWith(file + ": field result.plan: enb, regression, 3 x 5-fold, but this run asks "
                        + "for enb, regression, 5 x 5-fold");
    }

    @Test
    void twoRunsThatCompleteOnePartAtOnceBothKeepWhatTheyFitted(@TempDir Path dir) throws Exception {
        // piece 1: krr alone
        new AccuracyParts(dir, new AccuracyParts.Protocol(false, 7, true, List.of("krr")), "okl test aaa").result(
                AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(), AccuracyPartsTest::result);
        Path part = dir.resolve("split-bibtex.json");
        // run A adds rf; while rf is being fitted, run B adds svc and finishes first, then run C re-fits krr
        DatasetResult a = new AccuracyParts(dir, new AccuracyParts.Protocol(false, 7, true, List.of("rf")),
                "okl test A").result(AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(), () -> {
                    throw new AssertionError("kept: completed, not run");
                }, r -> List.of("rf"), missing -> {
                    new AccuracyParts(dir, new AccuracyParts.Protocol(false, 7, true, List.of("svc")), "okl test B")
                            .result(AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(), () -> {
                                throw new AssertionError("kept: completed, not run");
                            }, r -> List.of("svc"), more -> r -> with(r, "svc", 0.75));
                    new AccuracyParts(dir, new AccuracyParts.Protocol(false, 7, true, List.of("krr")), "okl test C")
                            .rerun(AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(), List.of("krr"),
                                    () -> r -> replaced(r, "krr", 0.125));
                    return r -> with(r, "rf", 0.5);
                });
        assertThat(a.methods()).extracting(MethodScores::method).containsExactly("okl-auto", "krr", "svc", "rf");
        assertThat(a.method("krr").orElseThrow().scores().get("arrmse")).containsExactly(0.125);
        String text = Files.readString(part);
        assertThat(text).contains("\"baselines\" : [ \"krr\", \"svc\", \"rf\" ]");
        AccuracyParts later = new AccuracyParts(dir, FULL, "okl test ddd");
        DatasetResult read = later.result(AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(), () -> {
            throw new AssertionError("read, not run");
        });
        assertThat(read.methods()).extracting(MethodScores::method).containsExactly("okl-auto", "krr", "svc", "rf");
        assertThat(read.method("svc").orElseThrow().scores().get("arrmse")).containsExactly(0.75);
        assertThat(read.method("rf").orElseThrow().scores().get("arrmse")).containsExactly(0.5);
        assertThat(later.provenance()).singleElement().asString().startsWith("split bibtex; svc added by okl test B, "
                + "finished ").contains("; krr re-run by okl test C, finished ")
                .contains("; rf added by okl test A, finished ").contains(": okl test aaa, finished ");
        // the lock is a file of its own in the folder, beside the parts
        assertThat(dir.resolve(AccuracyParts.LOCK)).exists();
        // the same interleaving for two reruns: the second to finish keeps the first's re-fit
        new AccuracyParts(dir, FULL, "okl test E").rerun(AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(),
                List.of("rf"), () -> {
                    new AccuracyParts(dir, FULL, "okl test F").rerun(AccuracyParts.Kind.SPLIT, "bibtex",
                            Optional.empty(), List.of("svc"), () -> r -> replaced(r, "svc", 0.375));
                    return r -> replaced(r, "rf", 0.0625);
                });
        DatasetResult both = new AccuracyParts(dir, FULL, "okl test G").result(AccuracyParts.Kind.SPLIT, "bibtex",
                Optional.empty(), () -> {
                    throw new AssertionError("read, not run");
                });
        assertThat(both.method("svc").orElseThrow().scores().get("arrmse")).containsExactly(0.375);
        assertThat(both.method("rf").orElseThrow().scores().get("arrmse")).containsExactly(0.0625);
    }

    private static DatasetResult replaced(DatasetResult r, String method, double score) {
        List<MethodScores> methods = r.methods().stream().map(m -> !m.method().equals(method) ? m
                : new MethodScores(method, Map.of("arrmse", new double[] {score}), new double[] {1.0})).toList();
        return new DatasetResult(r.plan(), r.rows(), r.inputs(), r.outputs(), r.testShare(), methods, r.notes(),
                r.higherIsBetter());
    }

    private static DatasetResult with(DatasetResult r, String method, double score) {
        List<MethodScores> methods = new java.util.ArrayList<>(r.methods());
        methods.add(new MethodScores(method, Map.of("arrmse", new double[] {score}), new double[] {1.0}));
        return new DatasetResult(r.plan(), r.rows(), r.inputs(), r.outputs(), r.testShare(), methods, r.notes(),
                r.higherIsBetter());
    }

    @Test
    void aPartKeptWithSomeBaselinesIsCompletedByARunThatAsksForMore(@TempDir Path dir) throws Exception {
        // piece 1: krr alone
        new AccuracyParts(dir, new AccuracyParts.Protocol(false, 7, true, List.of("krr")), "okl test aaa").result(
                AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(), AccuracyPartsTest::result);
        Path part = dir.resolve("split-bibtex.json");
        // piece 2: a run asking for rf fits rf alone and adds it; the part now holds krr and rf
        List<List<String>> asked = new java.util.ArrayList<>();
        DatasetResult two = new AccuracyParts(dir, new AccuracyParts.Protocol(false, 7, true, List.of("rf")),
                "okl test bbb").result(AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(), () -> {
                    throw new AssertionError("kept: completed, not run");
                }, r -> List.of("rf"), missing -> {
                    asked.add(missing);
                    return r -> with(r, "rf", 0.5);
                });
        assertThat(asked).containsExactly(List.of("rf"));
        assertThat(two.methods()).extracting(MethodScores::method).containsExactly("okl-auto", "krr", "rf");
        assertThat(Files.readString(part)).contains("\"baselines\" : [ \"krr\", \"rf\" ]")
                .contains("\"added\" : true");
        // the last piece: a run with every baseline adds what is still missing, and the part then has them all
        AccuracyParts full = new AccuracyParts(dir, FULL, "okl test ccc");
        DatasetResult all = full.result(AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(), () -> {
            throw new AssertionError("kept: completed, not run");
        }, r -> List.of("krr", "rf", "svc"), missing -> {
            asked.add(missing);
            return r -> with(r, "svc", 0.75);
        });
        assertThat(asked).containsExactly(List.of("rf"), List.of("svc"));
        assertThat(all.methods()).extracting(MethodScores::method).containsExactly("okl-auto", "krr", "rf", "svc");
        assertThat(full.provenance()).last().asString().startsWith("split bibtex (svc added): okl test ccc");
        // read back by a full run: nothing missing, nothing fitted, and its history told
        AccuracyParts later = new AccuracyParts(dir, FULL, "okl test ddd");
        DatasetResult read = later.result(AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(), () -> {
            throw new AssertionError("read, not run");
        }, r -> List.of("krr", "rf", "svc"), missing -> {
            throw new AssertionError("complete: " + missing);
        });
        assertThat(read.method("svc").orElseThrow().scores().get("arrmse")).containsExactly(0.75);
        assertThat(later.provenance()).singleElement().asString().startsWith("split bibtex; rf added by okl test bbb, "
                + "finished ").contains("; svc added by okl test ccc, finished ").contains(": okl test aaa, finished ");
        // a completion that fails leaves the part as it was
        Path other = dir.resolve("other");
        new AccuracyParts(other, new AccuracyParts.Protocol(false, 7, true, List.of("krr")), "a").result(
                AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(), AccuracyPartsTest::result);
        byte[] before = Files.readAllBytes(other.resolve("split-bibtex.json"));
        assertThatThrownBy(() -> new AccuracyParts(other, FULL, "b").result(AccuracyParts.Kind.SPLIT, "bibtex",
                Optional.empty(), AccuracyPartsTest::result, r -> List.of("krr", "svc"), missing -> {
                    throw new IllegalStateException("scikit-learn svc failed");
                })).hasMessage("scikit-learn svc failed");
        assertThat(Files.readAllBytes(other.resolve("split-bibtex.json"))).isEqualTo(before);
        // a rerun of a baseline such a part lacks adds it to the part's list too
        new AccuracyParts(other, FULL, "c").rerun(AccuracyParts.Kind.SPLIT, "bibtex", Optional.empty(),
                List.of("okl", "svc"), () -> r -> with(r, "svc", 0.25));
        assertThat(Files.readString(other.resolve("split-bibtex.json")))
                .contains("\"baselines\" : [ \"krr\", \"svc\" ]");
    }

    @Test
    void aMalformedPartNamesTheFileAndTheField(@TempDir Path dir) throws Exception {
        new AccuracyParts(dir, FULL, "b").result(AccuracyParts.Kind.DATASET, "enb", Optional.empty(),
                AccuracyPartsTest::result);
        Path file = dir.resolve("dataset-enb.json");
        String good = Files.readString(file);
        Map<String, String> broken = new LinkedHashMap<>();
        broken.put(good.replace("\"rows\" : 768", "\"rows\" : \"768\""), "field result.rows: not a whole number >= 0");
        broken.put(good.replace("\"testShare\" : 0.25", "\"testShare\" : true"), "field result.testShare: not a number");
        broken.put(good.replace("\"task\" : \"regression\"", "\"task\" : \"\\u001b[31mx\""),
                "field result.plan.task: unknown task '\\x1b[31mx'");
        broken.put(good.replace("\"method\" : \"krr\"", "\"method\" : \"k r\""),
                "field result.methods[1].method: 'k r' is not a name");
        broken.put(good.replace("\"seconds\" : [ 9.0 ]", "\"seconds\" : [ \"nine\" ]"),
                "field result.methods[1].seconds[0]: not a number");
        broken.put(good.replace("\"format\" : \"okl-accuracy-part 1\"", "\"format\" : \"other\""),
                "field format: not 'okl-accuracy-part 1'");
        broken.put(good.replace("\"arrmse\" : false", "\"arrmse\" : 0"), "field result.higherIsBetter.arrmse: not "
                + "true or false");
        broken.put(good.substring(0, good.length() / 2), "not a JSON benchmark part (line ");
        for (Map.Entry<String, String> e : broken.entrySet()) {
            assertThat(e.getKey()).isNotEqualTo(good);
            Files.writeString(file, e.getKey());
            assertThatThrownBy(() -> new AccuracyParts(dir, FULL, "b").result(AccuracyParts.Kind.DATASET, "enb",
                    Optional.empty(), AccuracyPartsTest::result))
                    .isInstanceOf(AccuracyParts.BadPart.class)
                    .hasMessageStartingWith(file + ": " + e.getValue())
                    .satisfies(x -> assertThat(x.getMessage()).doesNotContain("\n").doesNotContain("\u001b"));
        }
    }

    @Test
    void aNameThatIsNotAFileNameIsRefused(@TempDir Path dir) {
        assertThatThrownBy(() -> new AccuracyParts(dir, FULL, "b").existing(AccuracyParts.Kind.DATASET,
                "../escape")).isInstanceOf(AccuracyParts.BadPart.class).hasMessageContaining("'../escape'");
    }
}
