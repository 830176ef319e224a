package org.okl.kernels.bandwidth;

import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.function.DoubleSupplier;
import org.okl.api.linalg.Matrix;

/**
 * The last {@value #SIZE} widths computed from training inputs, keyed by the inputs' identity (held weakly), their
 * content hash and the rule: model selection resolves a kernel per grid point (a factor grid over the same rows), and
 * the O(n^2 p) distances behind the width then run once per split instead of once per factor.
 */
final class WidthCache {
    private static final int SIZE = 8;
    private static final Deque<Entry> ENTRIES = new ArrayDeque<>();

    private record Entry(WeakReference<Matrix> inputs, int hash, String rule, double width) {
    }

    private WidthCache() {
    }

    /** The width of these inputs under this rule, computed once while it stays among the last few. */
    static double get(Matrix inputs, String rule, DoubleSupplier compute) {
        int hash = 31 * Arrays.hashCode(inputs.data()) + inputs.rows();
        synchronized (ENTRIES) {
            for (Entry e : ENTRIES) {
                if (e.inputs().get() == inputs && e.hash() == hash && e.rule().equals(rule)) {
                    return e.width();
                }
            }
        }
        double width = compute.getAsDouble();
        synchronized (ENTRIES) {
            ENTRIES.addFirst(new Entry(new WeakReference<>(inputs), hash, rule, width));
            while (ENTRIES.size() > SIZE) {
                ENTRIES.removeLast();
            }
        }
        return width;
    }
}
