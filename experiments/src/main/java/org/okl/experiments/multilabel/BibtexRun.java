package org.okl.experiments.multilabel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.bench.BenchTask;
import org.okl.bench.Timing;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.select.LabelledSplit;
import org.okl.experiments.Checkpoints;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.Grids;
import org.okl.experiments.HeldOut;
import org.okl.experiments.TestSeal;
import org.okl.experiments.baldassarre.Charts;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.table.Stats;
import org.okl.experiments.verdict.Comparison;
import org.okl.experiments.verdict.TimedRepeats;
import org.okl.filters.Filters;
import org.okl.metrics.Metrics;

/**
 * BM22 on their own data, Mulan's Bibtex (4,880 training, 2,515 test documents, 1,836 features, 159 labels): Table 5
 * (n = 2000 labelled, the other 2,880 training outputs unlabelled), Fig. 3 (OEL's F1 against the number m of those
 * unlabelled outputs it uses, on Bibtex since Bookmarks is not here), Table 6 (labelled documents only, m = 0: IOKR
 * against OEL0) and Table 11's Bibtex row (fit and decoding times of Table 6's models on every training document).
 * The units of the verdicts are draws of the training documents (issue 39), each selected and fitted alone, never the
 * test documents of one fit. Bibtex is downloaded on demand ({@code okl datasets fetch bibtex}); without it these
 * parts are reported as not run.
 */
final class BibtexRun {
    static final String ID = "bibtex";
    /** BM22's chosen p on Bibtex (their Table 13): OEL0 and OEL in Table 5. */
    static final int BM22_P5 = 80;
    /** BM22's chosen p on Bibtex in Table 6. */
    static final int BM22_P6 = 130;
    /** Table 5's rows at BM22's p, λ (and OEL's c) selected. */
    static final String OEL0_AT_P5 = "OEL0 (BM22's p = " + BM22_P5 + ")";
    static final String OEL_AT_P5 = "OEL (BM22's p = " + BM22_P5 + ")";
    /** Table 6's row at BM22's p, λ selected. */
    static final String OEL0_AT_P6 = "OEL0 (BM22's p = " + BM22_P6 + ")";
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The protocol.
     *
     * @param labelled     labelled documents of Table 5 (BM22: 2000)
     * @param repetitions  random 80/20 sub-samplings of the selection (BM22: 5)
     * @param lambdas      the λ path
     * @param ps           the p grid of OEL0 and OEL
     * @param cs           OEL's c grid
     * @param figFractions Fig. 3's m as fractions of the unlabelled outputs
     * @param timings      timed repeats of Table 11 (after one untimed run)
     * @param table6Repetitions sub-samplings of Table 6's selection (every one costs eigendecompositions of order
     *                     3,500; fewer than Table 5's to keep the run bounded on two cores)
     * @param table6Ps     OEL0's p grid in Table 6 (BM22 chose 130 there, Table 13); Table 6's λ path is
     *                     {@code lambdas} without its two ends
     * @param draws        draws of Table 5 and Fig. 3 (seeds {@code seed .. seed + draws - 1}): which documents are
     *                     labelled
     * @param table6Draws  draws of Table 6: a random {@code table6Fraction} of the training documents, all labelled
     * @param table6Fraction the share of the training documents in a draw of Table 6 (below 1, so that draws differ)
     */
    record Settings(int labelled, int repetitions, List<Double> lambdas, List<Integer> ps, List<Double> cs,
            List<Double> figFractions, int timings, int table6Repetitions, List<Integer> table6Ps, int draws,
            int table6Draws, double table6Fraction) {
    }

    /** The full protocol, its grids from {@code grids/oel-multilabel.grids}. */
    static final Settings FULL = new Settings(2000, 5, OelMultilabelExperiment.GRIDS.get("bibtexLambdas", false),
            OelMultilabelExperiment.GRIDS.integers("bibtexPs", false),
            OelMultilabelExperiment.GRIDS.get("bibtexCs", false),
            OelMultilabelExperiment.GRIDS.get("bibtexFigFractions", false),
            org.okl.experiments.verdict.TimingTest.repeatsToDecide(2), 2,
            OelMultilabelExperiment.GRIDS.integers("bibtexTable6Ps", false), 3, 3, 0.9);

    /** Table 6's λ path: Table 5's without its two ends (each end costs a selection of order 3,500). */
    static List<Double> table6Lambdas(Settings s) {
        return s.lambdas().size() > 2 ? s.lambdas().subList(1, s.lambdas().size() - 1) : s.lambdas();
    }

    /**
     * What the runs gave (null members when not run). F1 values are the test example-based F1 of each draw.
     *
     * @param ran       whether Bibtex was available
     * @param reason    why not, when it was not
     * @param table5    per method of Table 5 (IOKR at OEL's λ, IOKR own λ, OEL0, OEL), F1 per draw
     * @param chosen5   the chosen values per method of Table 5, per draw
     * @param fig3      Fig. 3: m, and F1 per draw per m
     * @param table6    IOKR and OEL0 with labelled documents only, F1 per draw
     * @param chosen6   their chosen values, per draw
     * @param fit       Table 11: fit times per method (timed repeats)
     * @param decode    Table 11: decoding times per method (timed repeats)
     * @param meanLabels l̄ of the training set
     * @param load      the load of other processes over the timed repeats
     * @param findings5 Table 5's choices on (or beyond) an edge of their grids, and per draw how the chosen p stands
     *                  to the rank bound of OEL's output Gram (the distinct label sets of its dictionary) and on how
     *                  many test documents OEL0, OEL and Fig. 3's fits predict what IOKR predicts
     * @param findings6 Table 6's, the same
     * @param table6Size documents in a draw of Table 6
     * @param checkpoints which draws came from checkpoints ({@link Checkpoints#provenance}), empty without them
     */
    record Result(boolean ran, String reason, Map<String, double[]> table5,
            Map<String, List<Map<String, Object>>> chosen5, Map<Integer, double[]> fig3, Map<String, double[]> table6,
            Map<String, List<Map<String, Object>>> chosen6, Map<String, double[]> fit, Map<String, double[]> decode,
            double meanLabels, Comparison.Load load, List<String> findings5, List<String> findings6, int table6Size,
            List<String> checkpoints) {

        static Result notRun(String reason) {
            return new Result(false, reason, null, null, null, null, null, null, null, 0,
                    Comparison.Load.notRecorded(), List.of(), List.of(), 0, List.of());
        }

        List<ResultTable> tables() {
            int draws = table5.values().iterator().next().length;
            int draws6 = table6.values().iterator().next().length;
            ResultTable.Builder t5 = ResultTable.builder("Bibtex, BM22 Table 5 protocol: test example-based F1 (%),"
                    + " mean ± sd over " + draws + " draws of the n = " + FULL.labelled() + " labelled documents"
                    + " (the other training outputs unlabelled, m = " + (4880 - FULL.labelled()) + "); each draw"
                    + " selected and fitted alone; candidates = all training outputs", "method", "chosen (per draw)",
                    "F1 % (ours)", "F1 % (BM22)");
            // BM22's OEL0 and OEL F1 are at their chosen p = 80 (Table 13)
            Map<String, String> paper5 = Map.of("IOKR (OEL's λ)", "35.9", "OEL0", "39.7", "OEL", "39.7",
                    OEL0_AT_P5, "39.7", OEL_AT_P5, "39.7");
            table5.forEach((m, f) -> t5.row(m, describe(chosen5.get(m)), percent(f), paper5.getOrDefault(m, "-")));
            ResultTable.Builder f3 = ResultTable.builder("Bibtex, BM22 Fig. 3 form: test F1 (%) of OEL (each draw's"
                    + " chosen c, p, λ of Table 5) against the number m of unlabelled outputs used (a random subset of"
                    + " the others; candidates fixed to all training outputs), mean ± sd over the " + draws
                    + " draws", "m", "F1 % (ours)");
            fig3.forEach((m, f) -> f3.row(String.valueOf(m), percent(f)));
            ResultTable.Builder t6 = ResultTable.builder("Bibtex, BM22 Table 6 and Table 11: labelled documents only"
                    + " (m = 0); F1 (%) mean ± sd over " + draws6 + " draws of " + table6Size + " of the 4,880"
                    + " training documents, " + FULL.table6Repetitions() + " sub-samplings for each draw's selection;"
                    + " fit / decoding wall-clock times on all 4,880 documents at draw 1's choice (median of "
                    + FULL.timings() + " timed repeats, interleaved; the bench harness's timer)", "method",
                    "chosen (per draw)", "F1 % (ours)", "F1 % (BM22)", "fit / decode (s)", "BM22 fit / decode (s)");
            Map<String, String> paper6 = Map.of("IOKR", "44.0", "OEL0", "43.8", OEL0_AT_P6, "43.8");
            Map<String, String> times11 = Map.of("IOKR", "2 / 13", "OEL0", "15 / 4");
            table6.forEach((m, f) -> t6.row(m, describe(chosen6.get(m)), percent(f), paper6.get(m),
                    !fit.containsKey(m) ? "-" :
                    Stats.number(Timing.median(fit.get(m)), 3) + " / " + Stats.number(Timing.median(decode.get(m)), 3),
                    times11.getOrDefault(m, "-")));
            return List.of(t5.build(), f3.build(), t6.build());
        }

        List<ExperimentResult.Figure> figures() {
            double[] ms = fig3.keySet().stream().mapToDouble(Integer::doubleValue).toArray();
            double[] f1 = fig3.values().stream().mapToDouble(f -> 100 * Stats.mean(f)).toArray();
            return List.of(new ExperimentResult.Figure("fig3-bibtex", Charts.lines("Bibtex: OEL test F1 against m"
                    + " (mean over draws)", "m (unlabelled outputs used)", "F1 %", false, false,
                    Map.of("OEL", new double[][] {ms, f1}))));
        }

        List<String> notes() {
            if (!ran) {
                return List.of("Bibtex (BM22's data for Tables 5, 6, 11 and, as a substitute for Bookmarks, Fig. 3)"
                        + " was not run: " + reason + ".");
            }
            List<String> out = new ArrayList<>();
            if (!checkpoints.isEmpty()) {
                out.add("The draws were computed in pieces (okl experiment --checkpoints), each kept when done and"
                        + " scored together at the end: " + String.join("; ", checkpoints) + ".");
            }
            out.add("Bibtex is BM22's data set as they describe it (Table 4: 4,880 / 2,515, 1,836 features, 159"
                    + " labels); our protocol differs in the grids (theirs are unpublished), the input width (median"
                    + " heuristic on the labelled documents), the selection metric (F1), and the randomized eigensolver."
                    + " BM22 give no ± and do not say how the 2,000 labelled documents were drawn (ours: at random,"
                    + " one draw per seed). Table 6's draws take " + table6Size + " of the 4,880 training documents"
                    + " (BM22: all of them; with all, every draw would be the same data). Fig. 3 is on Bookmarks in"
                    + " BM22 (m up to 50,000); here m goes up to the 2,880 other Bibtex training outputs.");
            return out;
        }

        private static String percent(double[] f) {
            return String.format(Locale.ROOT, "%.1f ± %.1f", 100 * Stats.mean(f), 100 * Stats.std(f));
        }

        private static String describe(List<Map<String, Object>> chosen) {
            return chosen == null || chosen.isEmpty() ? "-" : OelMultilabelExperiment.perDraw(chosen);
        }
    }

    private BibtexRun() {
    }

    /** One draw of Table 5 and Fig. 3: the chosen values and the (not yet scored) test predictions. */
    record Draw5(Map<String, Map<String, Object>> chosen, Map<String, Decoded> table5,
            Map<Integer, Decoded> fig3) {

        /** What a checkpoint keeps: the chosen values and the decoded test labels. */
        Checkpoints.Stored stored() {
            ObjectNode fields = JSON.createObjectNode();
            fields.set("chosen", JSON.valueToTree(chosen));
            Map<String, Matrix> matrices = new LinkedHashMap<>();
            keepPredictions("table5", table5, fields, matrices);
            ArrayNode ms = fields.putArray("fig3");
            fig3.forEach((m, p) -> {
                ms.add(m);
                matrices.put("fig3-" + m, p.outputs());
            });
            return Checkpoints.Stored.of(fields, matrices);
        }

        /** The draw from its checkpoint. */
        static Draw5 of(Checkpoints.Stored stored) {
            Map<String, Decoded> table5 = keptPredictions("table5", stored);
            Map<Integer, Decoded> fig3 = new LinkedHashMap<>();
            for (JsonNode m : stored.field("fig3")) {
                fig3.put(m.asInt(), Decoded.of(stored.matrix("fig3-" + m.asInt())));
            }
            return new Draw5(chosenValues(stored), table5, fig3);
        }
    }

    /**
     * Keeps decoded predictions by method: the methods in order under {@code key}, the k-th one's labels as the matrix
     * {@code key-k}.
     */
    private static void keepPredictions(String key, Map<String, Decoded> byMethod, ObjectNode fields,
            Map<String, Matrix> matrices) {
        ArrayNode methods = fields.putArray(key);
        for (Map.Entry<String, Decoded> e : byMethod.entrySet()) {
            matrices.put(key + "-" + methods.size(), e.getValue().outputs());
            methods.add(e.getKey());
        }
    }

    /** The predictions {@link #keepPredictions} kept, by method in their order. */
    private static Map<String, Decoded> keptPredictions(String key, Checkpoints.Stored stored) {
        Map<String, Decoded> out = new LinkedHashMap<>();
        JsonNode methods = stored.field(key);
        for (int k = 0; k < methods.size(); k++) {
            out.put(methods.get(k).asText(), Decoded.of(stored.matrix(key + "-" + k)));
        }
        return out;
    }

    /** The chosen values kept in a checkpoint, method by method: numbers as numbers, the rest as text. */
    private static Map<String, Map<String, Object>> chosenValues(Checkpoints.Stored stored) {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        stored.field("chosen").fields().forEachRemaining(method -> {
            Map<String, Object> values = new LinkedHashMap<>();
            method.getValue().fields().forEachRemaining(v -> values.put(v.getKey(), v.getValue().isNumber()
                    ? v.getValue().numberValue() : v.getValue().asText()));
            out.put(method.getKey(), values);
        });
        return out;
    }

    /**
     * One draw of Table 6: the chosen values, the pipelines at those values and the test predictions. The models are
     * not kept: each holds its training documents and weights (hundreds of MB at 4,392 documents), and three draws of
     * them beside Table 11's fits on all 4,880 ran a 5.4 GiB heap out of memory.
     */
    record Draw6(Map<String, Map<String, Object>> chosen, Map<String, PipelineSpec> fixed,
            Map<String, Decoded> predicted) {

        /** What a checkpoint keeps: the chosen values, the pipelines at them and the decoded test labels. */
        Checkpoints.Stored stored() {
            ObjectNode fields = JSON.createObjectNode();
            fields.set("chosen", JSON.valueToTree(chosen));
            ObjectNode pipelines = fields.putObject("fixed");
            fixed.forEach((m, spec) -> pipelines.put(m, PipelineFiles.toJson(spec)));
            Map<String, Matrix> matrices = new LinkedHashMap<>();
            keepPredictions("predicted", predicted, fields, matrices);
            return Checkpoints.Stored.of(fields, matrices);
        }

        /** The draw from its checkpoint (its pipelines read as pipeline files are: data, checked). */
        static Draw6 of(Checkpoints.Stored stored, Okl okl) {
            Map<String, PipelineSpec> fixed = new LinkedHashMap<>();
            stored.field("fixed").fields().forEachRemaining(e -> fixed.put(e.getKey(), PipelineFiles.parse(
                    e.getValue().asText(), stored.source() + " (" + e.getKey() + ")", okl.registry())));
            return new Draw6(chosenValues(stored), fixed, keptPredictions("predicted", stored));
        }
    }

    static Result run(Okl okl, ExperimentContext context, Settings s) {
        DatasetSource source = okl.create(DatasetSource.class, ComponentSpec.of(ID));
        if (!source.isAvailable(okl.context())) {
            return Result.notRun("data set bibtex not downloaded (okl datasets fetch bibtex; it is not in"
                    + " ../shared/datasets)");
        }
        TestSeal.Sealed data = context.seal().split(source.load(okl.context()));
        long seed = context.seed();
        long start = System.nanoTime();
        Dataset.Split train = data.train();
        HeldOut test = data.test();
        double meanLabels = LabelSets.meanLabels(train.outputs());
        double outputSigma = Math.sqrt(1 / meanLabels);
        Metric f1 = okl.create(Metrics.f1Example());

        // Table 5 and Fig. 3: per draw, 2000 labelled, the other training outputs unlabelled
        List<Draw5> draws5 = new ArrayList<>();
        Path candidates = candidatesFile(train.outputs());
        try {
            for (int d = 0; d < s.draws(); d++) {
                long drawSeed = seed + d;
                draws5.add(context.checkpoints().unit("table5-draw-" + drawSeed, protocol(s, "Table 5", drawSeed),
                        () -> table5Draw(okl, context, s, train, test.inputs(), outputSigma, candidates, drawSeed),
                        Draw5::stored, Draw5::of));
                context.progress().printf(Locale.ROOT, "oel-multilabel: bibtex Table 5 and Fig. 3, draw %d/%d done"
                        + " (%s s so far)%n", d + 1, s.draws(), Summary.seconds(System.nanoTime() - start));
                context.progress().flush();
            }
        } finally {
            try {
                Files.deleteIfExists(candidates);
            } catch (IOException e) {
                // a temporary file left behind is harmless
            }
        }

        // Table 6: per draw, a share of the training documents, every one labelled (m = 0)
        int size6 = (int) Math.round(s.table6Fraction() * train.size());
        List<Double> lambdas6 = table6Lambdas(s);
        List<Draw6> draws6 = new ArrayList<>();
        for (int d = 0; d < s.table6Draws(); d++) {
            long drawSeed = seed + d;
            int number = d + 1;
            draws6.add(context.checkpoints().unit("table6-draw-" + drawSeed, protocol(s, "Table 6", drawSeed),
                    () -> table6Draw(okl, context, s, train, test.inputs(), outputSigma, size6, drawSeed, number),
                    Draw6::stored, stored -> Draw6.of(stored, okl)));
            context.progress().printf(Locale.ROOT, "oel-multilabel: bibtex Table 6, draw %d/%d done (%s s so far)%n",
                    d + 1, s.table6Draws(), Summary.seconds(System.nanoTime() - start));
            context.progress().flush();
        }

        // BM22's own p (Table 13), λ (and OEL's c) selected as above: what their F1 rests on, beside our selection
        List<Draw5> paper5 = new ArrayList<>();
        List<Draw6> paper6 = new ArrayList<>();
        for (int d = 0; d < s.draws(); d++) {
            long drawSeed = seed + d;
            paper5.add(context.checkpoints().unit("table5-bm22p-draw-" + drawSeed, protocol(s, "Table 5 at BM22's"
                    + " p = " + BM22_P5, drawSeed), () -> table5AtPaperP(okl, context, s, train, test.inputs(),
                    outputSigma, drawSeed), Draw5::stored, Draw5::of));
        }
        for (int d = 0; d < s.table6Draws(); d++) {
            long drawSeed = seed + d;
            int number = d + 1;
            paper6.add(context.checkpoints().unit("table6-bm22p-draw-" + drawSeed, protocol(s, "Table 6 at BM22's"
                    + " p = " + BM22_P6, drawSeed), () -> table6AtPaperP(okl, context, s, train, test.inputs(),
                    outputSigma, size6, drawSeed, number), Draw6::stored, stored -> Draw6.of(stored, okl)));
        }
        context.progress().printf(Locale.ROOT, "oel-multilabel: bibtex at BM22's p done (%s s so far)%n",
                Summary.seconds(System.nanoTime() - start));
        context.progress().flush();

        // Table 11: the first draw's choices fitted on every training document, fit and decoding timed
        TrainingData full = TrainingData.of(train.inputs(), train.outputs());
        Map<String, PipelineSpec> fixed6 = draws6.get(0).fixed();
        List<String> names = List.copyOf(fixed6.keySet());
        Map<String, Model> fullModels = new LinkedHashMap<>();
        names.forEach(m -> fullModels.put(m, okl.pipeline(fixed6.get(m)).fit(full)));
        List<BenchTask> tasks = new ArrayList<>();
        for (String m : names) {
            tasks.add(() -> okl.pipeline(fixed6.get(m)).fit(full));
            tasks.add(() -> fullModels.get(m).predict(test.inputs()));
        }
        TimedRepeats timer = TimedRepeats.system();
        double[][] t = timer.run(s.timings(), tasks);
        Map<String, double[]> fit = new LinkedHashMap<>();
        Map<String, double[]> decode = new LinkedHashMap<>();
        for (int k = 0; k < names.size(); k++) {
            fit.put(names.get(k), t[2 * k]);
            decode.put(names.get(k), t[2 * k + 1]);
        }

        // every model is fitted: the test set's one scoring
        Map<String, double[]> table5 = new LinkedHashMap<>();
        Map<Integer, double[]> fig3F1 = new LinkedHashMap<>();
        Map<String, double[]> table6 = new LinkedHashMap<>();
        test.finalScoring(y -> {
            score(draws5.stream().map(Draw5::table5).toList(), y, f1, table5);
            score(draws5.stream().map(Draw5::fig3).toList(), y, f1, fig3F1);
            score(draws6.stream().map(Draw6::predicted).toList(), y, f1, table6);
            score(paper5.stream().map(Draw5::table5).toList(), y, f1, table5);
            score(paper6.stream().map(Draw6::predicted).toList(), y, f1, table6);
            return null;
        });
        Map<String, List<Map<String, Object>>> chosen5 = new LinkedHashMap<>();
        draws5.forEach(d -> d.chosen().forEach((m, c) -> chosen5.computeIfAbsent(m, k -> new ArrayList<>()).add(c)));
        paper5.forEach(d -> d.chosen().forEach((m, c) -> chosen5.computeIfAbsent(m, k -> new ArrayList<>()).add(c)));
        Map<String, List<Map<String, Object>>> chosen6 = new LinkedHashMap<>();
        draws6.forEach(d -> d.chosen().forEach((m, c) -> chosen6.computeIfAbsent(m, k -> new ArrayList<>()).add(c)));
        paper6.forEach(d -> d.chosen().forEach((m, c) -> chosen6.computeIfAbsent(m, k -> new ArrayList<>()).add(c)));
        List<Double> ps = s.ps().stream().map(Integer::doubleValue).toList();
        List<Double> ps6 = s.table6Ps().stream().map(Integer::doubleValue).toList();
        List<String> findings5 = new ArrayList<>();
        List<String> findings6 = new ArrayList<>();
        for (int d = 0; d < draws5.size(); d++) {
            String draw = " (draw " + (d + 1) + ")";
            findings5.addAll(Grids.findings("IOKR (own λ)" + draw, chosen5.get("IOKR (own λ)").get(d),
                    Map.of("filter.lambda", s.lambdas())));
            findings5.addAll(Grids.findings("OEL0" + draw, chosen5.get("OEL0").get(d), Map.of("filter.lambda",
                    s.lambdas(), "output.p", ps)));
            findings5.addAll(Grids.findings("OEL" + draw, chosen5.get("OEL").get(d), Map.of("filter.lambda",
                    s.lambdas(), "output.p", ps, "output.c", s.cs())));
            findings5.addAll(Grids.findings(OEL0_AT_P5 + draw, chosen5.get(OEL0_AT_P5).get(d), Map.of(
                    "filter.lambda", s.lambdas())));
            findings5.addAll(Grids.findings(OEL_AT_P5 + draw, chosen5.get(OEL_AT_P5).get(d), Map.of(
                    "filter.lambda", s.lambdas(), "output.c", s.cs())));
        }
        for (int d = 0; d < draws6.size(); d++) {
            String draw = " (draw " + (d + 1) + ")";
            findings6.addAll(Grids.findings("IOKR" + draw, chosen6.get("IOKR").get(d), Map.of("filter.lambda",
                    lambdas6)));
            findings6.addAll(Grids.findings("OEL0" + draw, chosen6.get("OEL0").get(d), Map.of("filter.lambda",
                    lambdas6, "output.p", ps6)));
            findings6.addAll(Grids.findings(OEL0_AT_P6 + draw, chosen6.get(OEL0_AT_P6).get(d), Map.of(
                    "filter.lambda", lambdas6)));
        }
        for (int d = 0; d < draws5.size(); d++) {
            int[] labelled = LabelledDraw.draw(train.size(), s.labelled(), Integer.MAX_VALUE, seed + d).labelled();
            findings5.add(asIokr5(d + 1, draws5.get(d), LabelSets.distinct(train.outputs().selectRows(labelled)),
                    labelled.length, LabelSets.distinct(train.outputs()), train.size()));
        }
        for (int d = 0; d < draws6.size(); d++) {
            int[] rows = LabelledDraw.draw(train.size(), size6, 0, seed + d).labelled();
            Draw6 d6 = draws6.get(d);
            findings6.add(String.format(Locale.ROOT, "draw %d: OEL0 chose p = %s against %d distinct label sets among"
                    + " its %d documents (the rank bound of its output Gram); it predicts IOKR's label set on %d of %d"
                    + " test documents", d + 1, chosenP(d6.chosen().get("OEL0")),
                    LabelSets.distinct(train.outputs().selectRows(rows)), rows.length,
                    sameRows(d6.predicted().get("OEL0"), d6.predicted().get("IOKR")), test.size()));
        }
        return new Result(true, null, table5, chosen5, fig3F1, table6, chosen6, fit, decode, meanLabels,
                timer.load(), findings5, findings6, size6, context.checkpoints().provenance());
    }

    /**
     * How one draw of Table 5 stands to OEL's rank bound: at p at or above the distinct label sets of its dictionary
     * the learned embedding spans every prediction and OEL scores as IOKR does ({@code OelEmbedding}), so the same
     * predictions say the selection chose IOKR.
     */
    private static String asIokr5(int number, Draw5 draw, int distinctLabelled, int labelled, int distinctAll,
            int all) {
        Decoded iokr = draw.table5().get("IOKR (OEL's λ)");
        int tests = iokr.outputs().rows();
        int fig3Same = draw.fig3().values().stream().mapToInt(p -> sameRows(p, iokr)).min().orElse(tests);
        return String.format(Locale.ROOT, "draw %d: OEL0 chose p = %s against %d distinct label sets among its %d"
                + " labelled documents, OEL p = %s against %d among all %d training outputs (each the rank bound of"
                + " its output Gram); IOKR (OEL's λ)'s label set is predicted on %d (OEL0), %d (OEL) and at least %d"
                + " (Fig. 3, every m) of %d test documents", number, chosenP(draw.chosen().get("OEL0")),
                distinctLabelled, labelled, chosenP(draw.chosen().get("OEL")), distinctAll, all,
                sameRows(draw.table5().get("OEL0"), iokr), sameRows(draw.table5().get("OEL"), iokr), fig3Same, tests);
    }

    /** The chosen p as a whole number ("-" when the selection did not record one). */
    private static String chosenP(Map<String, Object> chosen) {
        Object p = chosen.get("output.p");
        return p instanceof Number n ? String.valueOf(n.intValue()) : "-";
    }

    /** Scores each draw's predictions, key by key, into one value per draw under the same key. */
    private static <K> void score(List<Map<K, Decoded>> draws, Matrix y, Metric metric, Map<K, double[]> into) {
        for (int d = 0; d < draws.size(); d++) {
            int dd = d;
            draws.get(d).forEach((k, p) -> into.computeIfAbsent(k, key -> new double[draws.size()])[dd]
                    = metric.evaluate(y, p));
        }
    }

    /** On how many rows two decoded predictions agree exactly. */
    static int sameRows(Decoded a, Decoded b) {
        Matrix x = a.outputs();
        Matrix y = b.outputs();
        int same = 0;
        for (int i = 0; i < x.rows(); i++) {
            if (Arrays.equals(x.row(i), y.row(i))) {
                same++;
            }
        }
        return same;
    }

    /** What a draw depends on: the protocol's settings (its grids among them), the table and the draw's seed. */
    private static String protocol(Settings s, String table, long drawSeed) {
        return "oel-multilabel bibtex " + table + ", seed " + drawSeed + ", " + s;
    }

    /** Table 6's documents of one draw: a seeded share of the training documents, every one labelled. */
    private static TrainingData table6Part(Dataset.Split train, int size6, long drawSeed) {
        int[] rows = LabelledDraw.draw(train.size(), size6, 0, drawSeed).labelled();
        return TrainingData.of(train.inputs().selectRows(rows), train.outputs().selectRows(rows));
    }

    /** Table 6's pipelines on a draw's documents (input width: median distance of at most 2,000 of them). */
    private static OelPipelines table6Pipelines(TrainingData part, Settings s, double outputSigma, long drawSeed) {
        return new OelPipelines(Summary.medianDistance(sample(part.inputs(), 2000, drawSeed).toRows()), outputSigma,
                s.table6Repetitions(), drawSeed);
    }

    /** Table 5's pipelines on a draw's labelled documents (input width: their median distance). */
    private static OelPipelines table5Pipelines(TrainingData td, Settings s, double outputSigma, long seed) {
        return new OelPipelines(Summary.medianDistance(td.inputs().toRows()), outputSigma, s.repetitions(), seed);
    }

    /** One draw of Table 6 (IOKR and OEL0 on a share of the training documents), its test documents predicted. */
    private static Draw6 table6Draw(Okl okl, ExperimentContext context, Settings s, Dataset.Split train,
            Matrix testInputs, double outputSigma, int size6, long drawSeed, int number) {
        TrainingData part = table6Part(train, size6, drawSeed);
        OelPipelines p6 = table6Pipelines(part, s, outputSigma, drawSeed);
        List<Double> lambdas6 = table6Lambdas(s);
        Map<String, Model> models = new LinkedHashMap<>();
        models.put("IOKR", okl.pipeline(p6.iokrSelected(lambdas6, okl)).fit(part));
        progress(context, "Table 6 draw " + number + " IOKR", models.get("IOKR"));
        models.put("OEL0", okl.pipeline(p6.oel0(s.table6Ps(), lambdas6, okl)).fit(part));
        progress(context, "Table 6 draw " + number + " OEL0", models.get("OEL0"));
        Map<String, Decoded> predicted = new LinkedHashMap<>();
        Map<String, Map<String, Object>> chosen = new LinkedHashMap<>();
        Map<String, PipelineSpec> fixed = new LinkedHashMap<>();
        models.forEach((m, model) -> {
            predicted.put(m, model.predict(testInputs));
            chosen.put(m, model.provenance().chosen());
            fixed.put(m, atChosenLambda(model));
        });
        return new Draw6(chosen, fixed, predicted);
    }

    /** One draw of Table 5 (OEL0, OEL, IOKR at OEL's λ and at its own) and Fig. 3, its test documents predicted. */
    private static Draw5 table5Draw(Okl okl, ExperimentContext context, Settings s, Dataset.Split train,
            Matrix testInputs, double outputSigma, Path candidates, long seed) {
        LabelledDraw draw = LabelledDraw.draw(train.size(), s.labelled(), Integer.MAX_VALUE, seed);
        TrainingData td = OelMultilabelExperiment.trainingData(train, draw);
        OelPipelines p5 = table5Pipelines(td, s, outputSigma, seed);
        Model oel0 = okl.pipeline(p5.oel0(s.ps(), s.lambdas(), okl)).fit(td);
        progress(context, "Table 5 (seed " + seed + ") OEL0", oel0);
        Model oel = okl.pipeline(p5.oel(s.cs(), s.ps(), s.lambdas(), okl)).fit(td);
        progress(context, "Table 5 (seed " + seed + ") OEL", oel);
        Map<String, Model> models = new LinkedHashMap<>();
        models.put("IOKR (OEL's λ)", okl.pipeline(p5.iokr(chosenLambda(oel), okl)).fit(td));
        models.put("IOKR (own λ)", okl.pipeline(p5.iokrSelected(s.lambdas(), okl)).fit(td));
        models.put("OEL0", oel0);
        models.put("OEL", oel);
        Map<String, Decoded> table5 = new LinkedHashMap<>();
        Map<String, Map<String, Object>> chosen = new LinkedHashMap<>();
        models.forEach((m, model) -> {
            table5.put(m, model.predict(testInputs));
            chosen.put(m, model.provenance().chosen());
        });

        // Fig. 3: OEL at this draw's choice with a growing random share of the unlabelled outputs, fixed candidates
        Map<Integer, Decoded> fig3 = new LinkedHashMap<>();
        PipelineSpec fixed = atChosenLambda(oel).withDecoder(ComponentSpec.of("candidates", "file", candidates.toString()));
        for (double fraction : s.figFractions()) {
            int m = (int) Math.round(fraction * draw.unlabelled().length);
            int[] rows = m == 0 ? new int[0] : java.util.Arrays.stream(LabelledSplit.of(draw.unlabelled().length,
                    m, seed + 1).labelled()).map(i -> draw.unlabelled()[i]).toArray();
            TrainingData part = TrainingData.builder(td.inputs(), td.outputs())
                    .unlabelledOutputs(m == 0 ? null : train.outputs().selectRows(rows)).build();
            fig3.put(m, okl.pipeline(fixed).fit(part).predict(testInputs));
        }
        return new Draw5(chosen, table5, fig3);
    }

    /** One draw of Table 5 at BM22's p (OEL0, OEL; λ and c selected as in {@link #table5Draw}), no Fig. 3. */
    private static Draw5 table5AtPaperP(Okl okl, ExperimentContext context, Settings s, Dataset.Split train,
            Matrix testInputs, double outputSigma, long seed) {
        LabelledDraw draw = LabelledDraw.draw(train.size(), s.labelled(), Integer.MAX_VALUE, seed);
        TrainingData td = OelMultilabelExperiment.trainingData(train, draw);
        OelPipelines p5 = table5Pipelines(td, s, outputSigma, seed);
        Map<String, Model> models = new LinkedHashMap<>();
        models.put(OEL0_AT_P5, okl.pipeline(p5.oel0At(BM22_P5, s.lambdas(), okl)).fit(td));
        models.put(OEL_AT_P5, okl.pipeline(p5.oelAt(s.cs(), BM22_P5, s.lambdas(), okl)).fit(td));
        Map<String, Decoded> table5 = new LinkedHashMap<>();
        Map<String, Map<String, Object>> chosen = new LinkedHashMap<>();
        models.forEach((m, model) -> {
            progress(context, "Table 5 (seed " + seed + ") " + m, model);
            table5.put(m, model.predict(testInputs));
            chosen.put(m, model.provenance().chosen());
        });
        return new Draw5(chosen, table5, Map.of());
    }

    /** One draw of Table 6 at BM22's p (OEL0, λ selected as in {@link #table6Draw}). */
    private static Draw6 table6AtPaperP(Okl okl, ExperimentContext context, Settings s, Dataset.Split train,
            Matrix testInputs, double outputSigma, int size6, long drawSeed, int number) {
        TrainingData part = table6Part(train, size6, drawSeed);
        OelPipelines p6 = table6Pipelines(part, s, outputSigma, drawSeed);
        Model model = okl.pipeline(p6.oel0At(BM22_P6, table6Lambdas(s), okl)).fit(part);
        progress(context, "Table 6 draw " + number + " " + OEL0_AT_P6, model);
        return new Draw6(Map.of(OEL0_AT_P6, model.provenance().chosen()), Map.of(OEL0_AT_P6,
                atChosenLambda(model)), Map.of(OEL0_AT_P6, model.predict(testInputs)));
    }

    private static double chosenLambda(Model model) {
        return ((Number) model.provenance().chosen().get("filter.lambda")).doubleValue();
    }

    /** The model's pipeline with no selection, at its chosen values (its λ path reduced to the chosen λ). */
    private static PipelineSpec atChosenLambda(Model model) {
        return model.spec().withSelection(null).withFilter(Filters.tikhonov(chosenLambda(model)));
    }

    private static void progress(ExperimentContext context, String what, Model m) {
        context.progress().printf("oel-multilabel: bibtex %s chose %s%n", what, m.provenance().chosen());
        context.progress().flush();
    }

    /** Up to {@code count} rows drawn at random (for the median-distance heuristic). */
    private static Matrix sample(Matrix x, int count, long seed) {
        if (x.rows() <= count) {
            return x;
        }
        return x.selectRows(LabelledDraw.draw(x.rows(), count, 0, seed).labelled());
    }

    /** The training outputs as a CSV file of candidates (Fig. 3 keeps them fixed while m changes). */
    private static Path candidatesFile(Matrix outputs) {
        try {
            Path file = Files.createTempFile("okl-bibtex-candidates", ".csv");
            StringBuilder sb = new StringBuilder();
            for (double[] row : outputs.toRows()) {
                for (int j = 0; j < row.length; j++) {
                    sb.append(j == 0 ? "" : ",").append((int) row[j]);
                }
                sb.append('\n');
            }
            Files.writeString(file, sb);
            return file;
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the candidates of Fig. 3: " + e.getMessage(), e);
        }
    }
}
