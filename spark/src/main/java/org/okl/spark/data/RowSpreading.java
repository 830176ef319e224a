package org.okl.spark.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaRDD;
import scala.Tuple2;

/**
 * Spreads row blocks over more (or fewer) partitions of equal rows, keeping every row's global index: partition k
 * of the result holds the rows {@code [bounds[k], bounds[k+1])} in their order. The blocks are cut at the bounds,
 * shuffled once keyed by the global index of their first row, and sorted by it on arrival, so what a partition holds
 * does not depend on the order the shuffle fetches the pieces in (a recomputed partition is the same). For a source
 * with fewer partitions than cores (one gzipped file is one partition): every pass after the reading one then runs
 * on every core.
 */
public final class RowSpreading {
    private RowSpreading() {
    }

    /**
     * The global index of the first row of each of {@code partitions} partitions of (as nearly as can be) equal rows,
     * then n.
     */
    public static long[] bounds(long n, int partitions) {
        long[] bounds = new long[partitions + 1];
        long q = n / partitions;
        long r = n % partitions;
        for (int k = 0; k <= partitions; k++) {
            bounds[k] = q * k + Math.min(k, r);
        }
        return bounds;
    }

    /**
     * The blocks spread over {@code bounds.length - 1} partitions (lazily: nothing runs until a job asks).
     *
     * @param blocks  the blocks as read
     * @param offsets the global index of the first row of every partition of {@code blocks}, then n
     * @param bounds  the global index of the first row of every new partition, then n ({@link #bounds})
     */
    public static JavaRDD<RowBlock> spread(JavaRDD<RowBlock> blocks, long[] offsets, long[] bounds) {
        return blocks.flatMapToPair(b -> pieces(b, offsets[b.partition()] + b.firstInPartition(), bounds))
                .repartitionAndSortWithinPartitions(new RowRanges(bounds))
                .mapPartitionsWithIndex((k, it) -> moved(k, it, bounds), true);
    }

    /** A block cut at the bounds, each piece keyed by the global index of its first row; no empty piece. */
    static Iterator<Tuple2<Long, RowBlock>> pieces(RowBlock block, long first, long[] bounds) {
        List<Tuple2<Long, RowBlock>> out = new ArrayList<>();
        int from = 0;
        while (from < block.rows()) {
            long row = first + from;
            int k = RowRanges.partition(bounds, row);
            int to = (int) Math.min(block.rows(), bounds[k + 1] - first);
            out.add(new Tuple2<>(row, from == 0 && to == block.rows() ? block : block.slice(from, to)));
            from = to;
        }
        return out.iterator();
    }

    private static Iterator<RowBlock> moved(int partition, Iterator<Tuple2<Long, RowBlock>> pieces, long[] bounds) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return pieces.hasNext();
            }

            @Override
            public RowBlock next() {
                Tuple2<Long, RowBlock> piece = pieces.next();
                return piece._2().moved(partition, piece._1() - bounds[partition]);
            }
        };
    }

    /** Sends a global row index to the partition whose range holds it. */
    static final class RowRanges extends Partitioner {
        private static final long serialVersionUID = 1L;
        private final long[] bounds;

        RowRanges(long[] bounds) {
            this.bounds = bounds.clone();
        }

        /** The partition whose range {@code [bounds[k], bounds[k+1])} holds the row (empty ranges skipped). */
        static int partition(long[] bounds, long row) {
            int lo = 0;
            int hi = bounds.length - 2;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (bounds[mid] <= row) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return lo;
        }

        @Override
        public int numPartitions() {
            return bounds.length - 1;
        }

        @Override
        public int getPartition(Object key) {
            return partition(bounds, (Long) key);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof RowRanges r && Arrays.equals(r.bounds, bounds);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bounds);
        }
    }
}
