package org.okl.bench.serve;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The sizes and bounds of {@code okl bench --serve}.
 *
 * @param rank          the Nystrom model's landmarks m
 * @param nystromRows   the rows the Nystrom model is fitted on (at least m)
 * @param exactRows     the exact model's training rows n
 * @param inputs        the input columns p
 * @param outputs       the outputs q
 * @param batches       the batch sizes of the throughput rows (at the high concurrency)
 * @param concurrency   the client counts of the latency rows; the last one also runs the batches
 * @param requests      the most requests of one measurement
 * @param seconds       the most seconds of one measurement
 * @param repeats       the measurements of every cell, interleaved (the median is reported)
 * @param predictRows   the rows of the CSV file {@code okl predict} reads
 * @param modelFolder   where the models are read from, or fitted and written to when absent (empty: a temporary
 *                      folder)
 * @param seed          the seed of the data and the landmarks
 */
public record ServeBenchSettings(int rank, int nystromRows, int exactRows, int inputs, int outputs,
        List<Integer> batches, List<Integer> concurrency, int requests, double seconds, int repeats, int predictRows,
        Optional<Path> modelFolder, long seed) {

    /** Checks the values. */
    public ServeBenchSettings {
        batches = List.copyOf(batches);
        concurrency = List.copyOf(concurrency);
        if (rank < 1 || nystromRows < rank || exactRows < 2 || inputs < 1 || outputs < 1 || requests < 1
                || seconds <= 0 || repeats < 1 || predictRows < 1 || batches.isEmpty() || concurrency.isEmpty()
                || batches.stream().anyMatch(b -> b < 1) || concurrency.stream().anyMatch(c -> c < 1)) {
            throw new IllegalArgumentException("the serve benchmark's sizes must be positive, with at least as many "
                    + "Nystrom rows as landmarks");
        }
    }

    /** The sizes: m = 2,000, n = 2,000, p = 100, q = 5; batches 1, 64, 4,096; 1 and 16 clients. */
    public static ServeBenchSettings defaults(long seed) {
        return new ServeBenchSettings(2000, 8000, 2000, 100, 5, List.of(1, 64, 4096), List.of(1, 16), 2000, 10, 3,
                16_384, Optional.empty(), seed);
    }

    /** Small sizes for tests (seconds in all). */
    public static ServeBenchSettings small(long seed) {
        return new ServeBenchSettings(20, 60, 40, 4, 2, List.of(1, 8, 32), List.of(1, 4), 40, 2, 2, 200,
                Optional.empty(), seed);
    }

    /** The largest client count: the one the batches run at. */
    public int highConcurrency() {
        return concurrency.get(concurrency.size() - 1);
    }

    /** These settings with other models' folder. */
    public ServeBenchSettings withModelFolder(Optional<Path> folder) {
        return new ServeBenchSettings(rank, nystromRows, exactRows, inputs, outputs, batches, concurrency, requests,
                seconds, repeats, predictRows, folder, seed);
    }
}
