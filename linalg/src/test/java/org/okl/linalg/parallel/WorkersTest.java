package org.okl.linalg.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/** The worker pool: its size, that every task runs once, nesting, and failures as they were thrown. */
class WorkersTest {

    @Test
    void theThreadsComeFromThePropertyElseTheEnvironmentElseTheMachine() {
        assertThat(Workers.parse(null, null, 16)).isEqualTo(16);
        assertThat(Workers.parse(" ", "", 16)).isEqualTo(16);
        assertThat(Workers.parse("3", "5", 16)).isEqualTo(3);
        assertThat(Workers.parse(null, " 5 ", 16)).isEqualTo(5);
        assertThat(Workers.parse(null, null, 0)).isEqualTo(1);
        assertThatThrownBy(() -> Workers.parse("0", null, 16)).isInstanceOf(OklException.class)
                .hasMessageEndingWith("system property okl.threads must be a whole number of threads, at least 1, "
                        + "got '0'")
                .satisfies(e -> assertThat(((OklException) e).errorCode()).isEqualTo(ErrorCode.USAGE));
        assertThatThrownBy(() -> Workers.parse(null, "many", 16)).hasMessageContaining("environment variable "
                + "OKL_THREADS").hasMessageContaining("'many'");
        assertThatThrownBy(() -> Workers.of(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyTaskRunsOnceOnThePoolsThreads() {
        Workers workers = Workers.of(3);
        assertThat(workers.threads()).isEqualTo(3);
        AtomicIntegerArray runs = new AtomicIntegerArray(1000);
        Set<String> threads = ConcurrentHashMap.newKeySet();
        workers.forEach(1000, i -> {
            runs.incrementAndGet(i);
            threads.add(Thread.currentThread().getName());
            assertThat(workers.inWorker()).isTrue();
        });
        for (int i = 0; i < 1000; i++) {
            assertThat(runs.get(i)).as("task %d", i).isEqualTo(1);
        }
        assertThat(threads).allMatch(name -> name.startsWith("okl-worker-")).hasSizeLessThanOrEqualTo(3);
        assertThat(workers.inWorker()).isFalse();
    }

    @Test
    void tasksNestAndCallersMayBeSeveral() throws Exception {
        Workers workers = Workers.of(2);
        AtomicIntegerArray runs = new AtomicIntegerArray(400);
        List<Thread> callers = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            int base = c * 100;
            Thread caller = new Thread(() -> workers.forEach(10, i -> workers.forEach(10,
                    j -> runs.incrementAndGet(base + 10 * i + j))));
            callers.add(caller);
            caller.start();
        }
        for (Thread caller : callers) {
            caller.join();
        }
        for (int i = 0; i < 400; i++) {
            assertThat(runs.get(i)).isEqualTo(1);
        }
    }

    @Test
    void oneThreadRunsEveryTaskOnTheCallerInOrder() {
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        Thread caller = Thread.currentThread();
        Workers.callerOnly().forEach(5, i -> {
            assertThat(Thread.currentThread()).isSameAs(caller);
            order.add(i);
        });
        assertThat(order).containsExactly(0, 1, 2, 3, 4);
        assertThat(Workers.of(1)).isSameAs(Workers.callerOnly());
    }

    @Test
    void theFirstFailureIsRethrownAsItWasThrownAfterTheOthersFinish() {
        OklException failure = new OklException(ErrorCode.INVALID_DATA, "row 7: bad");
        AtomicIntegerArray runs = new AtomicIntegerArray(50);
        assertThatThrownBy(() -> Workers.of(3).forEach(50, i -> {
            runs.incrementAndGet(i);
            if (i == 7) {
                throw failure;
            }
        })).isSameAs(failure);
        for (int i = 0; i < 50; i++) {
            assertThat(runs.get(i)).isEqualTo(1);
        }
        StackOverflowError error = new StackOverflowError("deep");
        assertThatThrownBy(() -> Workers.of(2).forEach(3, i -> {
            if (i == 1) {
                throw error;
            }
        })).isSameAs(error);
    }

    @Test
    void startedTasksGiveTheirResultOrTheirFailure() {
        Workers workers = Workers.of(2);
        assertThat(workers.start(() -> 6 * 7).join()).isEqualTo(42);
        IllegalStateException failure = new IllegalStateException("no");
        Workers.Pending<Integer> failed = workers.start(() -> {
            throw failure;
        });
        failed.await();
        assertThatThrownBy(failed::join).isSameAs(failure);
        assertThat(Workers.callerOnly().start(() -> "now").join()).isEqualTo("now");
    }
}
