package org.okl.core;

import java.util.Optional;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Ranking;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.parallel.Workers;

/**
 * Predicts many rows in tiles of rows small enough that a tile's kernel block against the model's centers stays in
 * the processor's cache (about {@value #CELLS} entries, 8 MiB): each tile goes through the whole prediction (input
 * transforms, kernel block, coefficient product, decoding, target transforms undone) and its outputs are written
 * into the final arrays, so no full-size kernel block or intermediate matrix is ever held. Every stage predicts each
 * row on its own, so the tiles' results are the whole block's (a decoder whose tiles answer with different candidate
 * sets is given the whole block instead).
 *
 * <p>The tiles are the runtime's pool's tasks ({@link Workers#forEach}): each runs on one pool thread with the BLAS on
 * one thread per call, so one caller's rows keep every core busy, and many callers at once (the threads of a server,
 * a user's executor) queue their tiles on the same few threads instead of each driving the BLAS's own threads and
 * the JVM's common pool on the same cores, which on 2 cores cost 1.6 to 2.4x the processor time per row of one
 * caller (16 callers at 4,096 rows; BENCHMARKS.md, "okl serve").
 */
final class PredictionTiles {
    /** The kernel entries one tile holds, about. */
    static final int CELLS = 1 << 20;
    /**
     * The fewest rows of a tile: below, the per-call costs of the stages and of the back-end's product dominate
     * (on the pure-Java back-end, 128-row tiles of a 2,000-center model took 1.4x the time of 256 to 1,024).
     */
    static final int MIN_ROWS = 256;
    /** The most rows of a tile. */
    static final int MAX_ROWS = 1024;

    /** One tile's prediction: {@code inputs} are rows {@code from} to {@code from + inputs.rows()} of the whole. */
    @FunctionalInterface
    interface Tile {
        /** The decoded predictions of the tile's rows. */
        Decoded predict(Matrix inputs, int from);
    }

    private PredictionTiles() {
    }

    /** The rows of a tile for a kernel block {@code width} columns wide (the centers or features). */
    static int rows(int width) {
        return Math.max(MIN_ROWS, Math.min(MAX_ROWS, CELLS / Math.max(1, width)));
    }

    /**
     * The decoded predictions of all rows of {@code inputs}, by tiles of {@code tileRows} rows predicted as tasks of
     * {@code workers}, stacked in order.
     *
     * @param inputs   the rows (t x p)
     * @param tileRows the rows of a tile
     * @param workers  the pool the tiles run on
     * @param tile     the prediction of one tile
     */
    static Decoded predict(Matrix inputs, int tileRows, Workers workers, Tile tile) {
        int t = inputs.rows();
        if (t <= tileRows) {
            return tile.predict(inputs, 0);
        }
        int count = (t + tileRows - 1) / tileRows;
        Decoded[] parts = new Decoded[count];
        workers.forEach(count, i -> {
            int from = i * tileRows;
            parts[i] = tile.predict(inputs.rowRange(from, Math.min(t, from + tileRows)), from);
        });
        Matrix outputs = null;
        Matrix scores = null;
        int[][] indices = null;
        Matrix candidates = null;
        boolean hasScores = false;
        boolean hasRanking = false;
        for (int i = 0; i < count; i++) {
            int from = i * tileRows;
            Decoded part = parts[i];
            if (outputs == null) {
                outputs = Matrix.zeros(t, part.outputs().cols());
                hasScores = part.scores().isPresent();
                hasRanking = part.ranking().isPresent();
                scores = hasScores ? Matrix.zeros(t, part.scores().get().cols()) : null;
                indices = hasRanking ? new int[t][] : null;
                candidates = hasRanking ? part.ranking().get().candidates() : null;
            }
            if (part.scores().isPresent() != hasScores || part.ranking().isPresent() != hasRanking
                    || hasRanking && part.ranking().get().candidates() != candidates) {
                // a decoder that answers tiles differently (its own candidate set per call): the whole block at once
                return tile.predict(inputs, 0);
            }
            place(part.outputs(), outputs, from);
            if (hasScores) {
                place(part.scores().get(), scores, from);
            }
            if (hasRanking) {
                int[][] best = part.ranking().get().indices();
                System.arraycopy(best, 0, indices, from, best.length);
            }
        }
        return new Decoded(outputs, Optional.ofNullable(scores),
                hasRanking ? Optional.of(new Ranking(indices, candidates)) : Optional.empty());
    }

    /** Copies a tile's rows into rows {@code from} on of {@code whole}. */
    private static void place(Matrix part, Matrix whole, int from) {
        if (part.cols() != whole.cols()) {
            throw new IllegalStateException("a tile of rows decoded to " + part.cols() + " columns, another to "
                    + whole.cols());
        }
        int r = part.rows();
        for (int j = 0; j < part.cols(); j++) {
            System.arraycopy(part.data(), j * r, whole.data(), from + j * whole.rows(), r);
        }
    }
}
