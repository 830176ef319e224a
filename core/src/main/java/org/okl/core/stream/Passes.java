package org.okl.core.stream;

/** Runs passes over a {@link RowSource}, counting them and the time spent waiting for blocks. */
public final class Passes {
    private Passes() {
    }

    /**
     * One pass: the visitor sees every block; the time between blocks that the visitor does not spend is counted as
     * waiting for input.
     */
    public static void run(RowSource rows, StreamTimings timings, RowSource.RowBlockVisitor visitor) {
        long[] count = new long[1];
        long[] lastReturn = {System.nanoTime()};
        rows.forEachRowBlock((first, inputs, outputs) -> {
            timings.read(System.nanoTime() - lastReturn[0]);
            visitor.accept(first, inputs, outputs);
            count[0] += inputs.rows();
            lastReturn[0] = System.nanoTime();
        });
        timings.pass(count[0]);
    }
}
