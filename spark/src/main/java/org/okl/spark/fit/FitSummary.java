package org.okl.spark.fit;

import java.io.Serializable;
import java.util.List;
import java.util.Locale;

/**
 * Where a fit's work ran and what it moved, pass by pass, from the Spark jobs each pass started (a listener's count
 * of their tasks, the executors those ran on and the bytes of the results the driver fetched): reading the rows, the
 * sketch's draw (sample, Gram, scores), the per-fold sums or Falkon's passes, the checksum. A pass that ran on the
 * driver says so; {@link #rowsToDriver()} counts the training rows the driver received (the landmarks drawn, and
 * every row for a pipeline fitted on the driver).
 *
 * @param passes       every pass, in order
 * @param rows         the training rows
 * @param skippedRows  the invalid rows left out ({@code handleInvalid} skip or keep)
 * @param rowsToDriver the training rows brought to the driver
 * @param cachedBytes  the bytes of the rows as the executors hold them (dense or sparse blocks)
 * @param sparse       whether the inputs were kept sparse
 * @param distributed  whether the fit ran with its passes on the executors (else on the driver)
 */
public record FitSummary(List<Pass> passes, long rows, long skippedRows, long rowsToDriver, long cachedBytes,
        boolean sparse, boolean distributed) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Copies the list. */
    public FitSummary {
        passes = List.copyOf(passes);
    }

    /**
     * One pass over the rows (or a step of the draw).
     *
     * @param name           what it computed ({@code per-fold sums}, {@code falkon gram products}, ...)
     * @param onDriver       whether the driver did the work (rows brought to it) rather than the executors
     * @param rows           the rows it covered
     * @param jobs           the Spark jobs it ran
     * @param tasks          their tasks whose results were used: one successful attempt per partition of each
     *                       stage attempt (a stage attempt Spark resubmits after lost outputs counts again)
     * @param failedAttempts      the attempts that ended in an error, a lost executor or a kill (retried or not)
     * @param speculativeAttempts the redundant attempts of speculation: killed because another attempt of the task
     *                            succeeded, refused the output commit, or a second success whose result was dropped
     * @param executors      the executors the tasks ran on ({@code id@host}), sorted
     * @param resultBytes    the bytes of the tasks' results the driver fetched
     * @param shuffleBytes   the bytes the tasks wrote to shuffles (of those tasks only, as the two above)
     * @param broadcastBytes the bytes broadcast to the executors for it (sketch arrays, right-hand sides)
     * @param seconds        its wall time on the driver
     */
    public record Pass(String name, boolean onDriver, long rows, int jobs, int tasks, int failedAttempts,
            int speculativeAttempts, List<String> executors, long resultBytes, long shuffleBytes, long broadcastBytes,
            double seconds) implements Serializable {
        private static final long serialVersionUID = 1L;

        /** Copies the list. */
        public Pass {
            executors = List.copyOf(executors);
        }
    }

    /** The passes of a name, in order. */
    public List<Pass> passes(String name) {
        return passes.stream().filter(p -> p.name().equals(name)).toList();
    }

    /** The bytes every pass's tasks sent to the driver. */
    public long resultBytes() {
        return passes.stream().mapToLong(Pass::resultBytes).sum();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%d rows (%d left out as invalid), %s, "
                + "%.1f MiB cached on the executors; %d rows brought to the driver%n", rows, skippedRows,
                sparse ? "sparse inputs" : "dense inputs", cachedBytes / 1048576.0, rowsToDriver));
        for (Pass p : passes) {
            sb.append(String.format(Locale.ROOT, "  %-40s %-9s %10d rows %4d tasks on %-30s %9.2f MiB back, "
                    + "%9.2f MiB broadcast, %7.2f s", p.name(), p.onDriver() ? "driver" : "executors", p.rows(),
                    p.tasks(), String.join(" ", p.executors()), p.resultBytes() / 1048576.0,
                    p.broadcastBytes() / 1048576.0, p.seconds()));
            if (p.failedAttempts() > 0 || p.speculativeAttempts() > 0) {
                sb.append(String.format(Locale.ROOT, " (and %d failed, %d speculative attempts)", p.failedAttempts(),
                        p.speculativeAttempts()));
            }
            sb.append(System.lineSeparator());
        }
        return sb.toString();
    }
}
