package org.okl.linalg;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs native calls that need a deeper C stack than Java threads get by default.
 *
 * <p>OpenBLAS's LU factorization (dgetrf, called by dgesv) keeps about 4 MB of working data on the calling thread's
 * stack; on a thread with Java's default 1 MB stack (the main thread, pool threads) it crashes the JVM with a
 * segmentation fault. Such calls are handed to daemon threads reserving {@value #STACK_BYTES} bytes of stack (address
 * space only; pages are committed when touched). Idle threads end after a minute.
 */
final class LargeStackExecutor {

    /** Stack reserved by each worker thread: four times what OpenBLAS 0.3.21's dgetrf was measured to need. */
    static final long STACK_BYTES = 16L << 20;

    private static final AtomicInteger COUNT = new AtomicInteger();
    private static final ExecutorService EXECUTOR = Executors.newCachedThreadPool(task -> {
        Thread thread = new LargeStackThread(task, "okl-native-lapack-" + COUNT.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    });

    private LargeStackExecutor() {
    }

    /**
     * Runs the task on a thread with a large stack (directly when already on one) and returns its result; the
     * task's unchecked exceptions and errors reach the caller unchanged.
     */
    static <T> T call(Callable<T> task) {
        if (Thread.currentThread() instanceof LargeStackThread) {
            return callDirectly(task);
        }
        Future<T> future = EXECUTOR.submit(task);
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a native LAPACK call", e);
        } catch (ExecutionException e) {
            throw unchecked(e.getCause());
        }
    }

    private static <T> T callDirectly(Callable<T> task) {
        try {
            return task.call();
        } catch (Exception e) {
            throw unchecked(e);
        }
    }

    private static RuntimeException unchecked(Throwable t) {
        if (t instanceof RuntimeException runtime) {
            return runtime;
        }
        if (t instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("native LAPACK call failed", t);
    }

    /** A worker thread with a large stack. */
    private static final class LargeStackThread extends Thread {
        LargeStackThread(Runnable task, String name) {
            super(null, task, name, STACK_BYTES);
        }
    }
}
