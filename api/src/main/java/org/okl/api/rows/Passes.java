package org.okl.api.rows;

import org.okl.api.API;

/** Runs passes over a {@link RowSource}, counting them and the time spent waiting for blocks. */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class Passes {
    private Passes() {
    }

    /**
     * One pass: the visitor sees every block, its inputs as stored (dense or sparse); the time between blocks that the visitor does not spend is counted as
     * waiting for input.
     */
    public static void run(RowSource rows, StreamTimings timings, RowSource.InputRowBlockVisitor visitor) {
        long[] count = new long[1];
        long[] lastReturn = {System.nanoTime()};
        rows.forEachInputRowBlock((first, inputs, outputs) -> {
            timings.read(System.nanoTime() - lastReturn[0]);
            visitor.accept(first, inputs, outputs);
            count[0] += inputs.rows();
            lastReturn[0] = System.nanoTime();
        });
        timings.pass(count[0]);
    }
}
