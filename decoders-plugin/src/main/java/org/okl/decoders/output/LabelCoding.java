package org.okl.decoders.output;

/**
 * The two values a label takes in the regression (for example 0 and 1, or -1 and +1). Decoders that take binary
 * decisions ({@code threshold}, {@code top-k}) read it from the fitted embedding to know the default threshold and
 * the values to write; embeddings without a coding are treated as zero-one.
 */
public interface LabelCoding {

    /** The value of an absent label. */
    double negative();

    /** The value of a present label. */
    double positive();

    /** The default decision threshold: the midpoint of the two values (0.5 for zero-one, 0 for plus-minus). */
    default double threshold() {
        return 0.5 * (negative() + positive());
    }

    /** The codings of the {@code labels} output, by their pipeline names. */
    enum Coding implements LabelCoding {
        /** Labels coded 0 and 1. */
        ZERO_ONE("zero-one", 0.0, 1.0),
        /** Labels coded -1 and +1 (Minh and Sindhwani 2011). */
        PLUS_MINUS("plus-minus", -1.0, 1.0);

        private final String id;
        private final double negative;
        private final double positive;

        Coding(String id, double negative, double positive) {
            this.id = id;
            this.negative = negative;
            this.positive = positive;
        }

        /** The name used in pipeline files. */
        public String id() {
            return id;
        }

        @Override
        public double negative() {
            return negative;
        }

        @Override
        public double positive() {
            return positive;
        }

        /** The coding with the given pipeline name. */
        public static Coding byId(String id) {
            for (Coding c : values()) {
                if (c.id.equals(id)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("unknown label coding '" + id + "'");
        }
    }
}
