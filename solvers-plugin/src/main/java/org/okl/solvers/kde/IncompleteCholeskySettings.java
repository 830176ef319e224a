package org.okl.solvers.kde;

import java.util.Set;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;

/**
 * The {@code incomplete-cholesky} approximation of a covariance KDE, as written in a pipeline:
 * {@code {"name": "incomplete-cholesky", "rank": m1, "outputRank": m2, "tolerance": tol}}.
 *
 * @param rank       m1, the largest rank of the input Gram factor (k ≈ U1 U1^T), at least 1
 * @param outputRank m2, the largest rank of the output Gram factor (L ≈ V1 V1^T); defaults to {@code rank}
 * @param tolerance  each factorisation stops once the trace of its residual is at most this (default 0: only the
 *                   rank and the round-off floor of {@link IncompleteCholesky} stop it)
 */
public record IncompleteCholeskySettings(int rank, int outputRank, double tolerance) {
    /** The approximation name. */
    public static final String NAME = "incomplete-cholesky";

    private static final Set<String> PARAMETERS = Set.of("rank", "outputRank", "tolerance");

    /** Checks the ranges. */
    public IncompleteCholeskySettings {
        if (rank < 1) {
            throw new InvalidParameterException(NAME, "rank", "must be >= 1, got " + rank);
        }
        if (outputRank < 1) {
            throw new InvalidParameterException(NAME, "outputRank", "must be >= 1, got " + outputRank);
        }
        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
            throw new InvalidParameterException(NAME, "tolerance", "must be a finite number >= 0, got " + tolerance);
        }
    }

    /** Reads the settings from an approximation spec named {@value #NAME}. */
    public static IncompleteCholeskySettings parse(ComponentSpec spec) {
        if (!NAME.equals(spec.name())) {
            throw new IllegalArgumentException("not an " + NAME + " approximation: " + spec);
        }
        for (String key : spec.parameters().keySet()) {
            if (!PARAMETERS.contains(key)) {
                throw new InvalidParameterException(NAME, key, "is unknown; known parameters: rank, outputRank, "
                        + "tolerance");
            }
        }
        Object rankValue = spec.parameters().get("rank");
        if (rankValue == null) {
            throw new InvalidParameterException(NAME, "rank", "is required");
        }
        int rank = wholeNumber("rank", rankValue);
        Object outputValue = spec.parameters().get("outputRank");
        int outputRank = outputValue == null ? rank : wholeNumber("outputRank", outputValue);
        Object toleranceValue = spec.parameters().get("tolerance");
        double tolerance = toleranceValue == null ? 0.0 : number("tolerance", toleranceValue);
        return new IncompleteCholeskySettings(rank, outputRank, tolerance);
    }

    private static double number(String parameter, Object value) {
        if (!(value instanceof Number number)) {
            throw new InvalidParameterException(NAME, parameter, "must be a number, got '" + value + "'");
        }
        return number.doubleValue();
    }

    private static int wholeNumber(String parameter, Object value) {
        double v = number(parameter, value);
        if (v != Math.rint(v) || Math.abs(v) > Integer.MAX_VALUE) {
            throw new InvalidParameterException(NAME, parameter, "must be a whole number, got " + value);
        }
        return (int) v;
    }
}
