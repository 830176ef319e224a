package org.okl.bench.accuracy;

import java.util.Map;

/**
 * One method's scores on a data set.
 *
 * @param method  the method
 * @param scores  metric -> the score of every evaluated fold, repetition-major
 * @param seconds the seconds of every fit and predict (its search included), in the same order
 */
public record MethodScores(String method, Map<String, double[]> scores, double[] seconds) {

    /** The total seconds over every fold. */
    public double totalSeconds() {
        double t = 0;
        for (double s : seconds) {
            t += s;
        }
        return t;
    }
}
