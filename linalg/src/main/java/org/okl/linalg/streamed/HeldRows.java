package org.okl.linalg.streamed;

import org.okl.api.rows.StreamTimings;

/**
 * Training rows held where this machine does not read them (a cluster's workers), whose passes a route asks for
 * instead of reading the rows ({@link SketchRoute#fitHeld}): the eigen route's one pass of per-fold sums, or Falkon's
 * passes. The holder rebuilds the sketch's features and the regression targets where the rows are, and returns what
 * the same pass over rows read here would.
 */
public interface HeldRows {

    /**
     * The per-group sums of one pass over the rows ({@link BlockAccumulator}'s).
     *
     * @param timings where the pass's time is counted
     */
    FoldAggregates sums(StreamTimings timings);

    /**
     * Falkon's passes over the rows.
     *
     * @param chunkRows the most rows of one kernel block
     * @param timings   where the passes are counted
     */
    FalkonPasses falkonPasses(int chunkRows, StreamTimings timings);
}
