package org.okl.app.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.Evaluation;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.UncertaintyTally;
import org.okl.core.conformal.PredictionIntervals;

/**
 * The report's page and JSON from a tally of real models' held-out intervals and probabilities: the JSON's numbers
 * against a direct count of {@link Model#predictIntervals} and against {@link Evaluation#probabilityScores}; names
 * from the data escaped on the page and whole in the JSON; the page self-contained.
 */
class HtmlReportTest {
    private static final Okl OKL = Okl.builder().seed(3).build();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCRIPT = "<script>alert(1)</script>";
    private static final String CONTROL = "y\u001b[2J\u0007\u202e";

    private static Matrix[] data(int n, long seed, boolean labels) {
        Random r = new Random(seed);
        Matrix x = Matrix.zeros(n, 2);
        Matrix y = Matrix.zeros(n, 2);
        for (int i = 0; i < n; i++) {
            double a = 2 * r.nextDouble() - 1;
            double b = 2 * r.nextDouble() - 1;
            x.set(i, 0, a);
            x.set(i, 1, b);
            if (labels) {
                y.set(i, 0, r.nextDouble() < 1 / (1 + Math.exp(-4 * a)) ? 1 : 0);
                y.set(i, 1, r.nextDouble() < 1 / (1 + Math.exp(-3 * a * b)) ? 1 : 0);
            } else {
                y.set(i, 0, Math.sin(3 * a) + 0.2 * r.nextGaussian());
                y.set(i, 1, a * b + (0.05 + 0.3 * Math.abs(a)) * r.nextGaussian());
            }
        }
        return new Matrix[] {x, y};
    }

    private static ReportHeader header() {
        return new ReportHeader("p.json: {\"x\": \"</code><script>\"}", Optional.of("{\"lambda\": 0.001}"),
                "d" + SCRIPT + ".csv", "train 160, test 90", "0.1.0-test", Map.of("mse", 0.1), Map.of());
    }

    @Test
    void intervalsReportMatchesADirectCountAndEscapesNames() throws Exception {
        Matrix[] train = data(160, 1, false);
        Matrix[] test = data(90, 2, false);
        PipelineSpec spec = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 0.6))
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-3)).build();
        Model model = OKL.pipeline(spec).fit(TrainingData.builder(train[0], train[1])
                .outputNames(List.of(SCRIPT, CONTROL)).build());
        UncertaintyTally tally = new UncertaintyTally(UncertaintyTally.REPORT_LEVELS);
        tally.accept(model, test[0].rowRange(0, 40), test[1].rowRange(0, 40), false);
        tally.accept(model, test[0].rowRange(40, 90), test[1].rowRange(40, 90), false);

        JsonNode json = JSON.readTree(ReportJson.render(header(), tally));
        JsonNode intervals = json.path("intervals");
        assertThat(intervals.path("outputs").get(0).path("name").asText()).isEqualTo(SCRIPT);
        assertThat(intervals.path("outputs").get(1).path("name").asText()).isEqualTo(CONTROL);
        assertThat(intervals.path("joint").path("rows").asLong()).isEqualTo(90);
        List<Double> levels = UncertaintyTally.REPORT_LEVELS;
        for (int l = 0; l < levels.size(); l++) {
            PredictionIntervals p = model.predictIntervals(test[0], levels.get(l));
            int joint = 0;
            for (int i = 0; i < 90; i++) {
                boolean all = true;
                for (int c = 0; c < 2; c++) {
                    double v = test[1].get(i, c);
                    all &= v >= p.jointLower().get(i, c) && v <= p.jointUpper().get(i, c);
                }
                joint += all ? 1 : 0;
            }
            assertThat(intervals.path("joint").path("coverage").get(l).asDouble()).isEqualTo(joint / 90.0);
            for (int c = 0; c < 2; c++) {
                int covered = 0;
                double width = 0;
                for (int i = 0; i < 90; i++) {
                    double v = test[1].get(i, c);
                    covered += v >= p.lower().get(i, c) && v <= p.upper().get(i, c) ? 1 : 0;
                    width += p.upper().get(i, c) - p.lower().get(i, c);
                }
                JsonNode o = intervals.path("outputs").get(c);
                assertThat(o.path("coverage").get(l).asDouble()).isEqualTo(covered / 90.0);
                assertThat(o.path("mean_width").get(l).asDouble()).isCloseTo(width / 90, within(1e-9));
                assertThat(o.path("band").get(l).get(0).asDouble()).isLessThan(levels.get(l));
                assertThat(o.path("band").get(l).get(1).asDouble()).isGreaterThan(levels.get(l));
            }
        }
        assertThat(json.path("okl_version").asText()).isEqualTo("0.1.0-test");
        assertThat(json.path("data").asText()).isEqualTo("d" + SCRIPT + ".csv");

        String html = HtmlReport.render(header(), tally);
        assertSafe(html);
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;").contains("y\\x1b[2J\\x07\\u202e")
                .contains("&lt;/code&gt;&lt;script&gt;").contains("id=\"calibration\"").contains("id=\"widths\"")
                .contains("0.1.0-test").doesNotContain("id=\"reliability\"");
        // the calibration chart and one width chart per output
        assertThat(html.split("<svg ", -1)).hasSize(4);
    }

    @Test
    void labelReportShowsTheReliabilityOfCalibratedAndRawScores() throws Exception {
        Matrix[] train = data(300, 3, true);
        Matrix[] test = data(200, 4, true);
        PipelineSpec spec = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 0.7))
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-2)).output(ComponentSpec.of("labels"))
                .decoder(ComponentSpec.of("threshold")).build();
        Model model = OKL.pipeline(spec).fit(TrainingData.builder(train[0], train[1])
                .outputNames(List.of(SCRIPT, CONTROL)).build());
        assertThat(model.hasProbabilities()).isTrue();
        UncertaintyTally tally = new UncertaintyTally(UncertaintyTally.REPORT_LEVELS);
        tally.accept(model, test[0], test[1], false);
        Map<String, Double> direct = Evaluation.probabilityScores(model, TrainingData.of(test[0], test[1]));

        JsonNode p = JSON.readTree(ReportJson.render(header(), tally)).path("probabilities");
        assertThat(p.path("pairs").asLong()).isEqualTo(400);
        assertThat(p.path("calibrated").path("ece").asDouble()).isCloseTo(direct.get("ece"), within(1e-12));
        assertThat(p.path("raw").path("ece").asDouble()).isCloseTo(direct.get("ece-raw"), within(1e-12));
        long counted = 0;
        for (JsonNode bin : p.path("calibrated").path("bins")) {
            counted += bin.path("count").asLong();
        }
        assertThat(counted).isEqualTo(400);

        String html = HtmlReport.render(header(), tally);
        assertSafe(html);
        assertThat(html).contains("id=\"reliability\"").doesNotContain("id=\"calibration\"")
                .contains(String.format(java.util.Locale.ROOT, "calibrated, ECE %.3f", direct.get("ece")));
    }

    /** An output with no held-out value (all missing) has no coverage: the page still renders, the JSON says null. */
    @Test
    void anOutputWithNoHeldOutValueStillRenders() throws Exception {
        Matrix[] train = data(80, 5, false);
        Matrix[] test = data(30, 6, false);
        for (int i = 0; i < 30; i++) {
            test[1].set(i, 1, Double.NaN);
        }
        Model model = OKL.pipeline(PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 0.6))
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-3)).build()).fit(TrainingData.of(train[0],
                train[1]));
        UncertaintyTally tally = new UncertaintyTally(UncertaintyTally.REPORT_LEVELS);
        tally.accept(model, test[0], test[1], false);
        JsonNode second = JSON.readTree(ReportJson.render(header(), tally)).path("intervals").path("outputs").get(1);
        assertThat(second.path("values").asLong()).isZero();
        assertThat(second.path("coverage").get(4).isNull()).isTrue();
        assertThat(second.path("band").get(4).get(0).isNull()).isTrue();
        String html = HtmlReport.render(header(), tally);
        assertSafe(html);
        assertThat(html).contains("id=\"calibration\"").contains("output 2");
    }

    /** A model of classes: the class sets' coverage and mean size against a direct count of its sets. */
    @Test
    void classReportShowsTheCoverageAndSizeOfTheClassSets() throws Exception {
        Random r = new Random(9);
        int n = 260;
        Matrix x = Matrix.zeros(n, 2);
        Matrix y = Matrix.zeros(n, 1);
        for (int i = 0; i < n; i++) {
            double a = 2 * r.nextDouble() - 1;
            double b = 2 * r.nextDouble() - 1;
            x.set(i, 0, a);
            x.set(i, 1, b);
            double s = a + 0.4 * r.nextGaussian();
            y.set(i, 0, s < -0.3 ? 1 : s < 0.3 ? 2 : 3);
        }
        PipelineSpec spec = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 0.7))
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-2)).output(ComponentSpec.of("one-hot"))
                .decoder(ComponentSpec.of("argmax")).build();
        Model model = OKL.pipeline(spec).fit(TrainingData.of(x.rowRange(0, 160), y.rowRange(0, 160)));
        assertThat(model.hasLabelSets()).isTrue();
        UncertaintyTally tally = new UncertaintyTally(UncertaintyTally.REPORT_LEVELS);
        Matrix xt = x.rowRange(160, n);
        Matrix yt = y.rowRange(160, n);
        tally.accept(model, xt, yt, false);
        JsonNode sets = JSON.readTree(ReportJson.render(header(), tally)).path("class_sets");
        assertThat(sets.path("rows").asLong()).isEqualTo(100);
        double[] values = model.classValues();
        List<Double> levels = UncertaintyTally.REPORT_LEVELS;
        for (int l = 0; l < levels.size(); l++) {
            Matrix s = model.predictLabelSets(xt, levels.get(l));
            int covered = 0;
            int size = 0;
            for (int i = 0; i < 100; i++) {
                for (int k = 0; k < values.length; k++) {
                    size += (int) s.get(i, k);
                    covered += s.get(i, k) == 1 && values[k] == yt.get(i, 0) ? 1 : 0;
                }
            }
            assertThat(sets.path("coverage").get(l).asDouble()).isEqualTo(covered / 100.0);
            assertThat(sets.path("mean_size").get(l).asDouble()).isEqualTo(size / 100.0);
        }
        String html = HtmlReport.render(header(), tally);
        assertSafe(html);
        assertThat(html).contains("Calibration of the class sets").contains("Size of the class sets")
                .contains("100 held-out rows");
        assertThat(html.split("<svg ", -1)).hasSize(3);
    }

    /** No script, nothing fetched, no control character but the newline. */
    private static void assertSafe(String html) {
        String lower = html.toLowerCase(java.util.Locale.ROOT);
        assertThat(lower).doesNotContain("<script").doesNotContain("src=").doesNotContain("href=")
                .doesNotContain("<link").doesNotContain("url(").doesNotContain("@import")
                .doesNotContainPattern("\\son[a-z]+\\s*=");
        assertThat(html.chars().filter(ch -> ch < 0x20 && ch != '\n' || ch == 0x7f || ch == 0x202e)).isEmpty();
    }
}
