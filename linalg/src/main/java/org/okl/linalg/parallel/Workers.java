package org.okl.linalg.parallel;

import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.okl.api.component.ComponentContext;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/**
 * The threads OKL computes on: a work-stealing pool. A runtime holds its own when it is given a number of threads,
 * else the process's ({@link #shared()}, created on first use, sized to the machine's processors or to the system
 * property {@value #PROPERTY}, else the environment variable {@value #ENVIRONMENT}, and never changed after);
 * components reach their runtime's through their context ({@link #of(ComponentContext)}).
 * Parallel parts split their work into tasks ({@link #forEach}); a task may split again (the pool runs nested
 * tasks on the same threads: a parallel stream or product started inside a task joins this pool), so the machine
 * is never asked for more threads than the pool has.
 *
 * <p>While tasks run on the pool, the native BLAS runs on one thread per call ({@link BlasThreads#single}): the
 * pool's threads are then the only ones computing. Outside, a single large call (an m x m factorization on the
 * driving thread) gets the BLAS's own threads, as many as the pool has.
 *
 * <p>{@link #callerOnly()} runs every task on the calling thread, for code that a scheduler already runs on one
 * core (an okl-spark task).
 */
public final class Workers {
    /** The system property that sets the number of threads. */
    public static final String PROPERTY = "okl.threads";
    /** The environment variable that sets the number of threads when the property is absent. */
    public static final String ENVIRONMENT = "OKL_THREADS";

    private static final AtomicInteger POOLS = new AtomicInteger();
    private static final Workers CALLER = new Workers(null, 1);
    private static volatile Workers shared;

    private final ForkJoinPool pool;
    private final int threads;

    private Workers(ForkJoinPool pool, int threads) {
        this.pool = pool;
        this.threads = threads;
    }

    /**
     * The process's pool, created on first use with {@link #configuredThreads()} threads.
     *
     * @throws OklException {@link ErrorCode#USAGE} when the setting is not a whole number of at least 1
     */
    public static Workers shared() {
        Workers workers = shared;
        if (workers == null) {
            synchronized (Workers.class) {
                workers = shared;
                if (workers == null) {
                    workers = of(configuredThreads());
                    shared = workers;
                }
            }
        }
        return workers;
    }

    /**
     * The pool of the runtime a component was created by ({@link ComponentContext#service}), else the process's
     * ({@link #shared()}: a context without a runtime).
     */
    public static Workers of(ComponentContext context) {
        return context.service(Workers.class).orElseGet(Workers::shared);
    }

    /** Every task on the calling thread, in order. */
    public static Workers callerOnly() {
        return CALLER;
    }

    /**
     * A pool of its own with the given number of threads (daemon threads, ended when the pool is no longer
     * referenced and idle), for measuring how work scales; 1 runs every task on the caller.
     *
     * @throws IllegalArgumentException when threads &lt; 1
     */
    public static Workers of(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("the number of threads must be at least 1, got " + threads);
        }
        return threads == 1 ? CALLER : new Workers(newPool(threads), threads);
    }

    /**
     * The number of threads the shared pool has: {@value #PROPERTY}, else {@value #ENVIRONMENT}, else the
     * processors available to the JVM.
     *
     * @throws OklException {@link ErrorCode#USAGE} when the setting is not a whole number of at least 1
     */
    public static int configuredThreads() {
        return parse(System.getProperty(PROPERTY), System.getenv(ENVIRONMENT),
                Runtime.getRuntime().availableProcessors());
    }

    /** The thread count a property value, else an environment value, asks for (blank or null: the default). */
    static int parse(String property, String environment, int processors) {
        boolean fromProperty = property != null && !property.isBlank();
        String value = fromProperty ? property : environment;
        if (value == null || value.isBlank()) {
            return Math.max(1, processors);
        }
        String source = fromProperty ? "system property " + PROPERTY : "environment variable " + ENVIRONMENT;
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new OklException(ErrorCode.USAGE, source + " must be a whole number of threads, at least 1, got '"
                + value.strip().toLowerCase(Locale.ROOT) + "'");
    }

    /** The number of threads tasks run on (1 for {@link #callerOnly()}). */
    public int threads() {
        return threads;
    }

    /** Whether the calling thread is one of this pool's. */
    public boolean inWorker() {
        return pool != null && Thread.currentThread() instanceof ForkJoinWorkerThread w && w.getPool() == pool;
    }

    /**
     * Runs {@code task.accept(i)} for every i in [0, count) and returns when all have run. With one thread, or one
     * task, they run on the caller, in order; otherwise on the pool, in any order. Either way the BLAS runs on one
     * thread per call inside the tasks, so a task computes the same bits whatever the number of threads. The first
     * failure is rethrown as it was thrown (the others still finish first).
     */
    public void forEach(int count, IntConsumer task) {
        if (count <= 0) {
            return;
        }
        if (pool == null || count == 1) {
            BlasThreads.single(() -> {
                for (int i = 0; i < count; i++) {
                    task.accept(i);
                }
            });
            return;
        }
        AtomicReference<Throwable> failure = new AtomicReference<>();
        RecursiveAction[] actions = new RecursiveAction[count];
        for (int i = 0; i < count; i++) {
            int index = i;
            actions[i] = new RecursiveAction() {
                @Override
                protected void compute() {
                    try {
                        task.accept(index);
                    } catch (RuntimeException | Error e) {
                        failure.compareAndSet(null, e);
                    }
                }
            };
        }
        if (inWorker()) {
            ForkJoinTask.invokeAll(actions);
        } else {
            BlasThreads.singleCall(() -> pool.invoke(new RecursiveAction() {
                @Override
                protected void compute() {
                    ForkJoinTask.invokeAll(actions);
                }
            }));
        }
        Throwable error = failure.get();
        if (error instanceof RuntimeException r) {
            throw r;
        }
        if (error instanceof Error e) {
            throw e;
        }
    }

    /**
     * Starts {@code task} on the pool and returns at once (with one thread: runs it now, on the caller); its BLAS
     * calls run on one thread each until it ends. {@link Pending#join} waits for its result.
     */
    public <T> Pending<T> start(Supplier<T> task) {
        Pending<T> pending = new Pending<>();
        if (pool == null) {
            BlasThreads.single(() -> pending.run(task));
            return pending;
        }
        pending.forked = pool.submit(ForkJoinTask.adapt(() -> BlasThreads.single(() -> pending.run(task))));
        return pending;
    }

    /**
     * A task started by {@link #start}.
     *
     * @param <T> its result
     */
    public static final class Pending<T> {
        private ForkJoinTask<?> forked;
        private volatile T value;
        private volatile Throwable failure;

        private Pending() {
        }

        private void run(Supplier<T> task) {
            try {
                value = task.get();
            } catch (RuntimeException | Error e) {
                failure = e;
            }
        }

        /** Waits for the task to end (whether it failed or not), and returns nothing. */
        public void await() {
            if (forked != null) {
                forked.quietlyJoin();
            }
        }

        /** Waits for the task and returns its result, or rethrows its failure as it was thrown. */
        public T join() {
            if (forked != null) {
                forked.join();
            }
            Throwable error = failure;
            if (error instanceof RuntimeException r) {
                throw r;
            }
            if (error instanceof Error e) {
                throw e;
            }
            return value;
        }
    }

    @Override
    public String toString() {
        return threads + " thread" + (threads == 1 ? "" : "s");
    }

    private static ForkJoinPool newPool(int threads) {
        int id = POOLS.incrementAndGet();
        AtomicInteger count = new AtomicInteger();
        return new ForkJoinPool(threads, p -> {
            ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            thread.setName("okl-worker-" + (id == 1 ? "" : id + "-") + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }, null, false);
    }
}
