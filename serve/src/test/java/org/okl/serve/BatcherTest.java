package org.okl.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;

class BatcherTest {
    @Test
    void aFailureInsideTheWorkerFailsItsRequestsAndTheWorkerServesTheNextOnes() throws Exception {
        Model model = TestModels.regression(Okl.builder().build(), 1e-3);
        ServedModel served = ServedModel.of("m", Path.of("m.okl"), model, model.toBytes());
        AtomicInteger calls = new AtomicInteger();
        Batcher batcher = new Batcher("m", ServeOptions.defaults().withBatching(Duration.ofMillis(300), 4096, 100),
                rows -> {
                    if (calls.incrementAndGet() == 1) {
                        throw new AssertionError("a failure inside the worker");
                    }
                });
        try {
            double[][] row = {{0.1, 0.2, 0.3}};
            // two requests in one call, which fails after the prediction and before they are answered
            CompletableFuture<Decoded> first = batcher.submit(served, row);
            CompletableFuture<Decoded> other = batcher.submit(served, row);
            for (CompletableFuture<Decoded> f : java.util.List.of(first, other)) {
                assertThatThrownBy(() -> f.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                        .hasRootCauseMessage("a failure inside the worker");
            }
            Decoded second = batcher.submit(served, row).get(30, TimeUnit.SECONDS);
            assertThat(second.outputs().maxAbsDifference(model.predict(Matrix.fromRows(row)).outputs())).isZero();
            assertThat(batcher.queued()).isZero();
        } finally {
            batcher.close(5000);
        }
    }

    @Test
    void aBatchMixingRowArraysAndColumnMajorBlocksPredictsEachRequestsRowsInOneCall() throws Exception {
        Model model = TestModels.regression(Okl.builder().build(), 1e-3);
        ServedModel served = ServedModel.of("m", Path.of("m.okl"), model, model.toBytes());
        java.util.List<Integer> calls = new java.util.concurrent.CopyOnWriteArrayList<>();
        Batcher batcher = new Batcher("m", ServeOptions.defaults().withBatching(Duration.ofMillis(2000), 4096, 1000),
                calls::add);
        try {
            Matrix a = TestModels.inputs(3, 1);
            Matrix b = TestModels.inputs(5, 2);
            Matrix c = TestModels.inputs(2, 3);
            // a block, row arrays, a block: gathered into one call of 10 rows (the wait is long)
            CompletableFuture<Decoded> first = batcher.submit(served, a, null);
            CompletableFuture<Decoded> second = batcher.submit(served, b.toRows(), null);
            CompletableFuture<Decoded> third = batcher.submit(served, c, null);
            Matrix all = model.predict(a.stackRows(b).stackRows(c)).outputs();
            assertThat(first.get(30, TimeUnit.SECONDS).outputs().data()).isEqualTo(all.rowRange(0, 3).data());
            assertThat(second.get(30, TimeUnit.SECONDS).outputs().data()).isEqualTo(all.rowRange(3, 8).data());
            assertThat(third.get(30, TimeUnit.SECONDS).outputs().data()).isEqualTo(all.rowRange(8, 10).data());
            assertThat(calls).containsExactly(10);
            // each alone agrees with its own prediction
            assertThat(first.get().outputs().maxAbsDifference(model.predict(a).outputs())).isLessThan(1e-12);
            assertThat(batcher.queued()).isZero();
        } finally {
            batcher.close(5000);
        }
    }
}
