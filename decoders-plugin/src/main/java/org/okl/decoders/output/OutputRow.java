package org.okl.decoders.output;

import java.util.Arrays;

/**
 * An output row as a hash key, compared by its values' bits ({@link Arrays#equals(double[], double[])}: -0.0 and 0.0
 * differ, NaN equals NaN), so equal label sets meet and nothing that differs is merged.
 *
 * @param values the row
 */
record OutputRow(double[] values) {
    @Override
    public boolean equals(Object o) {
        return o instanceof OutputRow r && Arrays.equals(values, r.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
