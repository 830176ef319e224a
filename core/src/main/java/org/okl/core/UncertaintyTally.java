package org.okl.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.core.conformal.CalibrationError;
import org.okl.core.conformal.ClassSetTally;
import org.okl.core.conformal.CoverageTally;
import org.okl.core.conformal.PredictionIntervals;
import org.okl.core.conformal.ReliabilityTally;

/**
 * What models say of their own uncertainty, tallied over every held-out part of an evaluation
 * ({@link Evaluation.HeldOut}): for a model with calibrated label probabilities ({@link Model#hasProbabilities()})
 * the reliability counts of those probabilities and of the raw scores clipped to [0, 1], pooled over every (row,
 * label) pair; for a model of classes its conformal class sets ({@link Model#predictLabelSets}) at every level
 * ({@link ClassSetTally}); for any other model its prediction intervals ({@link Model#predictIntervals}) at every
 * level, counted per output and jointly ({@link CoverageTally}). The intervals at several levels come from the residuals stored in
 * the model: nothing is refitted, each level costs what one call of {@code predictIntervals} (or
 * {@code predictLabelSets}) costs. Mutable and not
 * thread-safe: one tally per evaluation.
 */
public final class UncertaintyTally implements Evaluation.HeldOut {
    /** The levels an evaluation report shows. */
    public static final List<Double> REPORT_LEVELS = List.of(0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99);

    private final double[] levels;
    private final ReliabilityTally calibrated = new ReliabilityTally(CalibrationError.BINS);
    private final ReliabilityTally raw = new ReliabilityTally(CalibrationError.BINS);
    private CoverageTally coverage;
    private ClassSetTally classSets;
    private List<String> outputNames = List.of();
    private String method;
    private int parts;

    /**
     * An empty tally at these levels.
     *
     * @throws OklException {@link ErrorCode#USAGE} for a level outside (0, 1) or no level
     */
    public UncertaintyTally(List<Double> levels) {
        if (levels.isEmpty()) {
            throw new OklException(ErrorCode.USAGE, "no interval levels to tally");
        }
        levels.forEach(Model::requireLevel);
        this.levels = levels.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * Tallies one held-out part.
     *
     * @throws OklException {@link ErrorCode#USAGE} for rows with tasks; as {@link Model#predictIntervals} for a model
     *                      that has neither probabilities, class sets nor intervals
     */
    @Override
    public void accept(Model model, InputRows inputs, Matrix outputs, boolean tasks) {
        if (tasks) {
            throw new OklException(ErrorCode.USAGE, "prediction intervals and label probabilities are not available "
                    + "for multi-task data");
        }
        parts++;
        if (outputNames.isEmpty()) {
            outputNames = model.outputNames();
        }
        if (model.hasProbabilities()) {
            double[] labels = outputs.data();
            calibrated.add(model.predictProbabilities(inputs).data(), labels);
            raw.add(model.rawLabelScores(inputs).data(), labels);
            return;
        }
        if (model.hasLabelSets()) {
            List<Matrix> sets = new ArrayList<>(levels.length);
            for (double level : levels) {
                sets.add(model.predictLabelSets(inputs, level));
            }
            if (classSets == null) {
                classSets = new ClassSetTally(levels);
            }
            classSets.add(sets, model.classValues(), outputs);
            return;
        }
        List<PredictionIntervals> atLevels = new ArrayList<>(levels.length);
        for (double level : levels) {
            atLevels.add(model.predictIntervals(inputs, level));
        }
        if (coverage == null) {
            coverage = new CoverageTally(levels, outputs.cols());
            method = atLevels.get(0).method();
        }
        coverage.add(atLevels, outputs);
    }

    /** The levels, in order. */
    public List<Double> levels() {
        List<Double> out = new ArrayList<>(levels.length);
        for (double l : levels) {
            out.add(l);
        }
        return out;
    }

    /** The held-out parts seen (folds, a test set or streamed blocks). */
    public int parts() {
        return parts;
    }

    /** The intervals' counts, when a model gave intervals. */
    public Optional<CoverageTally> coverage() {
        return Optional.ofNullable(coverage);
    }

    /** The class sets' counts, when a model gave class sets. */
    public Optional<ClassSetTally> classSets() {
        return Optional.ofNullable(classSets);
    }

    /** How the intervals were computed, in words (from the first part), when a model gave intervals. */
    public Optional<String> intervalMethod() {
        return Optional.ofNullable(method);
    }

    /** The calibrated probabilities' reliability counts, when a model gave probabilities. */
    public Optional<ReliabilityTally> calibrated() {
        return calibrated.total() == 0 ? Optional.empty() : Optional.of(calibrated);
    }

    /** The raw scores' reliability counts (clipped to [0, 1]), when a model gave probabilities. */
    public Optional<ReliabilityTally> raw() {
        return raw.total() == 0 ? Optional.empty() : Optional.of(raw);
    }

    /** The output columns' names of the first model seen, or empty when they were not known. */
    public List<String> outputNames() {
        return outputNames;
    }
}
