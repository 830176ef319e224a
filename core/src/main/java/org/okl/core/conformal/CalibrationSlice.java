package org.okl.core.conformal;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.RowSource;

/**
 * Rows read in blocks with a calibration slice held out, for split conformal intervals on the streamed route
 * (Papadopoulos et al. 2002; Lei et al. 2018): each row is held out when a uniform number drawn from its global index
 * and a seed ({@link FoldScheme#uniform}) falls below a fraction, so the same rows are held out on every pass and the
 * slice is a uniform sample of the rows, exchangeable with new rows from the same distribution. The fit reads only
 * the other rows; the held-out rows are kept here (their raw inputs and outputs, at most {@link #capacity()} rows:
 * constant memory whatever the number of rows) as the fit's passes go by, so computing their residuals afterwards
 * reads nothing again.
 *
 * <p>The rows the fit sees are renumbered within each block: a block of b rows starting at global row i that holds
 * h held-out rows becomes a block of b - h rows starting at i (the fold schemes give a row's group from its global
 * index, so the groups stay a deterministic function of the rows, the same on every pass).
 *
 * <p>Cost: the fit loses the held-out rows (at most {@link #MAX_FRACTION} of them, at most about the number asked
 * for); memory is the kept rows' inputs and outputs; no pass over the data is added.
 */
public final class CalibrationSlice implements RowSource {
    /** The largest share of the rows held out: smaller sets give fewer than the asked rows. */
    public static final double MAX_FRACTION = 0.2;
    /**
     * The calibration rows asked for when none are named ({@code okl evaluate --intervals} on a sketched pipeline):
     * split conformal's coverage given the calibration set varies with a deviation of about
     * sqrt(alpha(1 - alpha)/n_cal), 0.7 points at 90 % with 2,000 rows.
     */
    public static final int DEFAULT_ROWS = 2000;
    private final RowSource rows;
    private final double fraction;
    private final long seed;
    private final int capacity;
    private final Map<Long, double[][]> held = new ConcurrentSkipListMap<>();
    private long size = -1;

    private CalibrationSlice(RowSource rows, double fraction, long seed, int capacity) {
        this.rows = rows;
        this.fraction = fraction;
        this.seed = seed;
        this.capacity = capacity;
    }

    /**
     * The rows with about {@code wanted} of them held out (at most {@link #MAX_FRACTION} of {@code rows.size()}).
     *
     * @param wanted the calibration rows asked for (positive)
     * @param seed   the seed of the draw (the runtime's)
     */
    public static CalibrationSlice of(RowSource rows, int wanted, long seed) {
        if (wanted <= 0) {
            throw new IllegalArgumentException("the calibration rows must be positive, not " + wanted);
        }
        double fraction = Math.min(MAX_FRACTION, wanted / (double) Math.max(1, rows.size()));
        // a binomial draw exceeds its mean by 6 deviations with probability about 1e-9: rows beyond are dropped
        int capacity = (int) Math.min(Integer.MAX_VALUE, Math.ceil(wanted + 6 * Math.sqrt(wanted) + 1));
        return new CalibrationSlice(rows, fraction, FoldScheme.mix(seed, 0x5A17C0FFL), capacity);
    }

    /** Whether the row of this global index is held out. */
    public boolean heldOut(long row) {
        return FoldScheme.uniform(seed, row) < fraction;
    }

    /** The most rows kept (held-out rows beyond are neither fitted nor kept). */
    public int capacity() {
        return capacity;
    }

    /**
     * The held-out rows read so far, by global index: {inputs, outputs} (raw, as the source gives them), or empty
     * when none was read.
     */
    public Optional<Matrix[]> heldRows() {
        if (held.isEmpty()) {
            return Optional.empty();
        }
        double[][] in = new double[held.size()][];
        double[][] out = new double[held.size()][];
        int r = 0;
        for (double[][] row : held.values()) {
            in[r] = row[0];
            out[r] = row[1];
            r++;
        }
        return Optional.of(new Matrix[] {Matrix.fromRows(in), Matrix.fromRows(out)});
    }

    @Override
    public void forEachRowBlock(RowBlockVisitor visitor) {
        rows.forEachRowBlock((first, inputs, outputs) -> {
            int b = inputs.rows();
            int[] keep = new int[b];
            int kept = 0;
            for (int i = 0; i < b; i++) {
                long row = first + i;
                if (!heldOut(row)) {
                    keep[kept++] = i;
                } else if (held.size() < capacity && !held.containsKey(row)) {
                    held.put(row, new double[][] {inputs.row(i), outputs.row(i)});
                }
            }
            if (kept == b) {
                visitor.accept(first, inputs, outputs);
            } else if (kept > 0) {
                int[] rowsKept = java.util.Arrays.copyOf(keep, kept);
                visitor.accept(first, inputs.selectRows(rowsKept), outputs.selectRows(rowsKept));
            }
        });
    }

    /** The rows the fit sees: the source's less the held-out ones (counted from the indices, reading nothing). */
    @Override
    public synchronized long size() {
        if (size < 0) {
            long n = rows.size();
            long out = 0;
            for (long i = 0; i < n; i++) {
                if (heldOut(i)) {
                    out++;
                }
            }
            size = n - out;
        }
        return size;
    }

    @Override
    public int dimension() {
        return rows.dimension();
    }

    @Override
    public int outputDimension() {
        return rows.outputDimension();
    }

    @Override
    public java.util.List<String> outputNames() {
        return rows.outputNames();
    }

    @Override
    public String description() {
        return rows.description();
    }

    @Override
    public void prepare() {
        rows.prepare();
    }

    @Override
    public boolean sparse() {
        return rows.sparse();
    }
}
