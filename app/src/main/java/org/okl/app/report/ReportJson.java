package org.okl.app.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.okl.core.UncertaintyTally;
import org.okl.core.conformal.BinomialBand;
import org.okl.core.conformal.ClassSetTally;
import org.okl.core.conformal.CoverageTally;
import org.okl.core.conformal.ReliabilityTally;

/**
 * The numbers of an evaluation report as JSON ({@code report.json}): the header, the metrics, and for intervals the
 * levels with, per output and jointly, the held-out count, the coverage, the binomial band and the mean widths; for
 * label probabilities the reliability bins and the expected calibration error of the calibrated and the raw scores;
 * for class sets the levels with the coverage, the band and the mean set size.
 * A number that is not finite (the width of an interval at a level too high for the training rows, which is
 * infinite) is written as null, and {@code infinite_widths} says so.
 */
final class ReportJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportJson() {
    }

    /** The report's JSON text. */
    static String render(ReportHeader header, UncertaintyTally tally) {
        ObjectNode root = JSON.createObjectNode();
        root.put("okl_version", header.version());
        root.put("pipeline", header.pipeline());
        header.chosen().ifPresent(c -> root.put("chosen", c));
        root.put("data", header.data());
        root.put("protocol", header.protocol());
        root.set("metrics", numbers(header.metrics()));
        if (!header.spread().isEmpty()) {
            root.set("std", numbers(header.spread()));
        }
        root.put("band_confidence", BinomialBand.CONFIDENCE);
        tally.coverage().ifPresent(c -> root.set("intervals", intervals(c, tally)));
        tally.classSets().ifPresent(c -> root.set("class_sets", classSets(c)));
        if (tally.calibrated().isPresent() && tally.raw().isPresent()) {
            ObjectNode p = root.putObject("probabilities");
            p.put("pairs", tally.calibrated().get().total());
            p.set("calibrated", reliability(tally.calibrated().get()));
            p.set("raw", reliability(tally.raw().get()));
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a report's JSON could not be written", e);
        }
    }

    private static ObjectNode intervals(CoverageTally c, UncertaintyTally tally) {
        ObjectNode out = JSON.createObjectNode();
        tally.intervalMethod().ifPresent(m -> out.put("method", m));
        double[] levels = c.levels();
        ArrayNode ls = out.putArray("levels");
        for (double l : levels) {
            ls.add(l);
        }
        boolean[] infinite = {false};
        List<String> names = OutputLabels.of(tally.outputNames(), c.outputs());
        ArrayNode outputs = out.putArray("outputs");
        for (int k = 0; k < c.outputs(); k++) {
            ObjectNode o = outputs.addObject();
            o.put("name", names.get(k));
            o.put("values", c.values(k));
            ArrayNode coverage = o.putArray("coverage");
            ArrayNode band = o.putArray("band");
            ArrayNode width = o.putArray("mean_width");
            ArrayNode jointWidth = o.putArray("joint_mean_width");
            for (int l = 0; l < levels.length; l++) {
                number(coverage, c.coverage(l, k), infinite);
                band(band, c.values(k), levels[l]);
                number(width, c.meanWidth(l, k), infinite);
                number(jointWidth, c.jointMeanWidth(l, k), infinite);
            }
        }
        ObjectNode joint = out.putObject("joint");
        joint.put("rows", c.rows());
        ArrayNode coverage = joint.putArray("coverage");
        ArrayNode band = joint.putArray("band");
        for (int l = 0; l < levels.length; l++) {
            number(coverage, c.jointCoverage(l), infinite);
            band(band, c.rows(), levels[l]);
        }
        if (infinite[0]) {
            out.put("infinite_widths", "null widths are infinite: the training rows were too few for the level "
                    + "(the interval is the whole line)");
        }
        return out;
    }

    private static ObjectNode classSets(ClassSetTally c) {
        ObjectNode out = JSON.createObjectNode();
        boolean[] ignored = {false};
        out.put("rows", c.rows());
        ArrayNode levels = out.putArray("levels");
        ArrayNode coverage = out.putArray("coverage");
        ArrayNode band = out.putArray("band");
        ArrayNode size = out.putArray("mean_size");
        double[] ls = c.levels();
        for (int l = 0; l < ls.length; l++) {
            levels.add(ls[l]);
            number(coverage, c.coverage(l), ignored);
            band(band, c.rows(), ls[l]);
            number(size, c.meanSize(l), ignored);
        }
        return out;
    }

    private static ObjectNode reliability(ReliabilityTally t) {
        ObjectNode out = JSON.createObjectNode();
        put(out, "ece", t.expectedCalibrationError());
        ArrayNode bins = out.putArray("bins");
        for (int b = 0; b < t.bins(); b++) {
            ObjectNode bin = bins.addObject();
            bin.put("lower", b / (double) t.bins());
            bin.put("upper", (b + 1) / (double) t.bins());
            bin.put("count", t.count(b));
            put(bin, "mean_probability", t.meanProbability(b));
            put(bin, "observed_frequency", t.observedFrequency(b));
        }
        return out;
    }

    /** A number, or null where it is not finite (an empty bin). */
    private static void put(ObjectNode to, String key, double v) {
        if (Double.isFinite(v)) {
            to.put(key, v);
        } else {
            to.putNull(key);
        }
    }

    private static void band(ArrayNode to, long m, double level) {
        ArrayNode pair = to.addArray();
        if (m == 0) {
            pair.addNull();
            pair.addNull();
            return;
        }
        double[] b = BinomialBand.of(m, level, BinomialBand.CONFIDENCE);
        pair.add(b[0]);
        pair.add(b[1]);
    }

    private static void number(ArrayNode to, double v, boolean[] infinite) {
        if (Double.isFinite(v)) {
            to.add(v);
        } else {
            infinite[0] |= Double.isInfinite(v);
            to.addNull();
        }
    }

    private static ObjectNode numbers(Map<String, Double> values) {
        ObjectNode out = JSON.createObjectNode();
        values.forEach((k, v) -> put(out, k, v));
        return out;
    }
}
