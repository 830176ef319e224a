package org.okl.bench.serve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A closed-loop load: {@code concurrency} workers each send one request after the other (the next once the previous
 * is answered) until {@code maxRequests} were sent or {@code maxSeconds} passed, whichever comes first. Every
 * request's latency is recorded; throughput is the rows answered over the time from the first send to the last
 * answer.
 */
final class ClosedLoop {
    /** One request: true when it was answered as expected. */
    @FunctionalInterface
    interface Call {
        boolean send(int index) throws Exception;
    }

    /**
     * What a load measured.
     *
     * @param latencies every answered request's latency in seconds, sorted
     * @param rows      the rows of the requests answered as expected
     * @param seconds   from the first send to the last answer
     * @param failures  requests not answered as expected (or that threw)
     * @param sample    the first few failures' descriptions
     */
    record Outcome(double[] latencies, long rows, double seconds, int failures, List<String> sample) {
        /** Rows per second. */
        double rowsPerSecond() {
            return seconds > 0 ? rows / seconds : 0;
        }

        /** The latency quantile q (0..1) in seconds, by the nearest rank; NaN without answers. */
        double quantile(double q) {
            if (latencies.length == 0) {
                return Double.NaN;
            }
            int rank = (int) Math.ceil(q * latencies.length);
            return latencies[Math.max(0, Math.min(latencies.length - 1, rank - 1))];
        }
    }

    private ClosedLoop() {
    }

    /** Runs the load; {@code rowsPerRequest} counts rows of every request answered as expected. */
    static Outcome run(int concurrency, int maxRequests, double maxSeconds, int rowsPerRequest, Call call) {
        AtomicInteger issued = new AtomicInteger();
        AtomicLong rows = new AtomicLong();
        AtomicInteger failures = new AtomicInteger();
        List<String> sample = Collections.synchronizedList(new ArrayList<>());
        List<double[]> perWorker = Collections.synchronizedList(new ArrayList<>());
        long start = System.nanoTime();
        long deadline = start + (long) (maxSeconds * 1e9);
        AtomicLong last = new AtomicLong(start);
        ExecutorService pool = Executors.newFixedThreadPool(concurrency, r -> {
            Thread t = new Thread(r, "okl-bench-client");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < concurrency; w++) {
                workers.add(pool.submit(() -> {
                    double[] mine = new double[16];
                    int count = 0;
                    int i;
                    while (System.nanoTime() < deadline && (i = issued.getAndIncrement()) < maxRequests) {
                        long t0 = System.nanoTime();
                        boolean ok;
                        String why = null;
                        try {
                            ok = call.send(i);
                        } catch (Exception e) {
                            ok = false;
                            why = e.toString();
                        }
                        long t1 = System.nanoTime();
                        last.accumulateAndGet(t1, Math::max);
                        if (ok) {
                            rows.addAndGet(rowsPerRequest);
                            if (count == mine.length) {
                                mine = Arrays.copyOf(mine, 2 * count);
                            }
                            mine[count++] = (t1 - t0) / 1e9;
                        } else {
                            failures.incrementAndGet();
                            if (sample.size() < 5) {
                                sample.add("request " + i + (why != null ? ": " + why : ""));
                            }
                        }
                    }
                    perWorker.add(Arrays.copyOf(mine, count));
                    return null;
                }));
            }
            for (Future<?> f : workers) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        double[] all = perWorker.stream().flatMapToDouble(Arrays::stream).sorted().toArray();
        return new Outcome(all, rows.get(), (last.get() - start) / 1e9, failures.get(), List.copyOf(sample));
    }
}
