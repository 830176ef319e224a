package org.okl.linalg.streamed;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.function.UnaryOperator;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.parallel.BlasThreads;

/**
 * Runs one computation per training set on its own thread (an iterative filter, a Lanczos estimate: code that asks
 * for Gram products one at a time) and serves their requests together, one pass ({@link FalkonPasses#apply}) per
 * round: a round starts when every set still running has asked. The threads mostly wait; the pass uses every core.
 * Their own BLAS calls (one set's m x m work between rounds) run on one BLAS thread each, as the sets run side by
 * side.
 */
final class Lockstep {
    private final UnaryOperator<Matrix[]> pass;
    private final int sets;
    private Matrix[] requests;
    private Matrix[] results;
    private int active;
    private int pending;
    private long round;
    private Throwable failure;

    /**
     * @param sets the training sets
     * @param pass one pass: per set, its request or {@code null}, to per set, its product or {@code null}
     */
    Lockstep(int sets, UnaryOperator<Matrix[]> pass) {
        this.pass = pass;
        this.sets = sets;
        this.requests = new Matrix[sets];
        this.results = new Matrix[sets];
    }

    /**
     * Runs {@code body} once per training set, each on its own thread, and waits for all.
     *
     * @throws RuntimeException the first failure of any set (the others still finish)
     */
    void run(IntConsumer body) {
        synchronized (this) {
            active = sets;
        }
        List<Thread> threads = new ArrayList<>();
        Throwable[] first = new Throwable[1];
        for (int s = 0; s < sets; s++) {
            int set = s;
            Thread thread = new Thread(() -> {
                try {
                    BlasThreads.single(() -> body.accept(set));
                } catch (RuntimeException | Error e) {
                    synchronized (first) {
                        if (first[0] == null) {
                            first[0] = e;
                        }
                    }
                } finally {
                    leave();
                }
            }, "okl-lockstep-" + s);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the training sets were fitted", e);
            }
        }
        Throwable error = first[0] != null ? first[0] : failure;
        if (error instanceof RuntimeException r) {
            throw r;
        }
        if (error instanceof Error e) {
            throw e;
        }
    }

    /** {@code Phi_s^T Phi_s V} for training set s, computed in the next round. */
    synchronized Matrix apply(int set, Matrix v) {
        requests[set] = v;
        pending++;
        long mine = round;
        if (pending == active) {
            runRound();
        } else {
            while (mine == round) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for a pass", e);
                }
            }
        }
        if (failure != null) {
            throw new IllegalStateException("the shared pass failed: " + failure, failure);
        }
        Matrix result = results[set];
        results[set] = null;
        return result;
    }

    private synchronized void leave() {
        active--;
        if (pending > 0 && pending == active) {
            runRound();
        }
    }

    private void runRound() {
        try {
            results = pass.apply(requests);
        } catch (RuntimeException | Error e) {
            failure = e;
            results = new Matrix[sets];
        }
        requests = new Matrix[sets];
        pending = 0;
        round++;
        notifyAll();
    }
}
