package org.okl.decoders.output;

/**
 * An explicit embedding of sequences that codes every position by {@link #alphabet()} columns (one per symbol), as
 * the {@code sequence} output does; the {@code per-position} decoder reads the alphabet size from it.
 */
public interface PositionCoding {

    /** The number of symbols, the columns per position. */
    int alphabet();
}
