package org.okl.serve;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Ranking;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;

/**
 * Micro-batching for one served name: requests wait in a queue bounded in rows, and one worker thread gathers those
 * that arrive within {@code maxWait} of the first (and share its model version) into one prediction call, whose
 * result it splits back. A lone request waits at most {@code maxWait}; under load the queue fills while a call runs
 * and the next call takes all of it at once, so throughput grows with load. A full queue refuses ({@link #submit}
 * returns {@code null}) instead of growing memory. A request holds row arrays (JSON, CSV) or a column-major block
 * (Arrow); a batch of blocks is concatenated column by column, with no row arrays.
 */
final class Batcher {
    /**
     * One request's rows, on the model version it was accepted under: row arrays ({@code rows}) or a column-major
     * block ({@code block}, {@code rows} then {@code null}), {@code count} of them.
     */
    private record Job(ServedModel model, double[][] rows, Matrix block, int count, int[] tasks,
            CompletableFuture<Decoded> result) {
        /** The rows as a new matrix, or the block itself. */
        Matrix matrix() {
            return block != null ? block : Matrix.fromRows(rows);
        }
    }

    private static final Job STOP = new Job(null, new double[0][], null, 0, null, null);

    private final LinkedBlockingDeque<Job> queue = new LinkedBlockingDeque<>();
    private final AtomicInteger queuedRows = new AtomicInteger();
    private final long maxWaitNanos;
    private final int maxBatchRows;
    private final int maxQueuedRows;
    private final IntConsumer batchSizes;
    private final Thread worker;
    private volatile boolean closed;

    /**
     * A started batcher.
     *
     * @param batchSizes told the rows of every prediction call
     */
    Batcher(String name, ServeOptions options, IntConsumer batchSizes) {
        this.maxWaitNanos = options.maxWait().toNanos();
        this.maxBatchRows = options.maxBatchRows();
        this.maxQueuedRows = options.maxQueuedRows();
        this.batchSizes = batchSizes;
        this.worker = new Thread(this::work, "okl-serve-batch-" + name);
        worker.setDaemon(true);
        worker.start();
    }

    /**
     * Queues the rows for a prediction with {@code model}; {@code null} when the queue is full or the batcher
     * stopped (the caller answers 503).
     */
    CompletableFuture<Decoded> submit(ServedModel model, double[][] rows) {
        return submit(model, rows, null);
    }

    /**
     * Queues the rows of a multi-task model with their tasks ({@code null} for a single-task model); {@code null}
     * when the queue is full or the batcher stopped.
     */
    CompletableFuture<Decoded> submit(ServedModel model, double[][] rows, int[] tasks) {
        return submit(new Job(model, rows, null, rows.length, tasks, new CompletableFuture<>()));
    }

    /**
     * Queues a column-major block of rows (an Arrow request's, one row per request row: never copied into row
     * arrays) with their tasks ({@code null} for a single-task model); {@code null} when the queue is full or the
     * batcher stopped.
     */
    CompletableFuture<Decoded> submit(ServedModel model, Matrix block, int[] tasks) {
        return submit(new Job(model, null, block, block.rows(), tasks, new CompletableFuture<>()));
    }

    private CompletableFuture<Decoded> submit(Job job) {
        if (closed) {
            return null;
        }
        int after = queuedRows.addAndGet(job.count);
        if (after > maxQueuedRows && after != job.count) {
            queuedRows.addAndGet(-job.count);
            return null;
        }
        queue.add(job);
        return job.result;
    }

    /** Rows waiting now. */
    int queued() {
        return queuedRows.get();
    }

    /** Stops after predicting every queued request; waits for that up to {@code millis}. */
    void close(long millis) throws InterruptedException {
        closed = true;
        queue.add(STOP);
        worker.join(Math.max(1, millis));
    }

    private void work() {
        List<Job> batch = new ArrayList<>();
        try {
            while (true) {
                Job first = queue.take();
                if (first == STOP) {
                    return;
                }
                batch.clear();
                batch.add(first);
                int rows = first.count;
                long deadline = System.nanoTime() + maxWaitNanos;
                while (rows < maxBatchRows) {
                    long left = deadline - System.nanoTime();
                    Job next = left > 0 ? queue.pollFirst(left, TimeUnit.NANOSECONDS) : queue.pollFirst();
                    if (next == null) {
                        break;
                    }
                    if (next == STOP || next.model != first.model || rows + next.count > maxBatchRows) {
                        queue.addFirst(next);
                        break;
                    }
                    batch.add(next);
                    rows += next.count;
                }
                queuedRows.addAndGet(-rows);
                try {
                    run(batch, rows);
                } catch (RuntimeException | Error e) {
                    // never leave a request unanswered, and keep the worker for the next ones
                    batch.forEach(job -> job.result.completeExceptionally(e));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One prediction call for the batch; when it fails on data, each request alone (each gets its own error). */
    private void run(List<Job> batch, int rows) {
        ServedModel served = batch.get(0).model;
        // each batch is counted before its answers go out, so that a client that has its answer and then reads
        // the metrics finds its rows counted
        if (batch.size() == 1) {
            batchSizes.accept(rows);
            complete(batch.get(0), served);
            return;
        }
        int[] tasks = batch.get(0).tasks == null ? null : new int[rows];
        int at = 0;
        for (Job job : batch) {
            if (tasks != null) {
                System.arraycopy(job.tasks, 0, tasks, at, job.count);
            }
            at += job.count;
        }
        Decoded decoded;
        try {
            decoded = predict(served, concatenate(batch, rows), tasks);
        } catch (RuntimeException | OutOfMemoryError e) {
            for (Job job : batch) {
                batchSizes.accept(job.count);
                complete(job, served);
            }
            return;
        }
        batchSizes.accept(rows);
        at = 0;
        for (Job job : batch) {
            job.result.complete(slice(decoded, at, at + job.count));
            at += job.count;
        }
    }

    /**
     * The batch's rows in one matrix: row arrays alone are copied in one {@link Matrix#fromRows}; when a block is
     * among them, each job's columns are copied into the columns of the result (a job of row arrays made a block
     * first).
     */
    private static Matrix concatenate(List<Job> batch, int rows) {
        if (batch.stream().allMatch(job -> job.block == null)) {
            double[][] all = new double[rows][];
            int at = 0;
            for (Job job : batch) {
                System.arraycopy(job.rows, 0, all, at, job.count);
                at += job.count;
            }
            return Matrix.fromRows(all);
        }
        int cols = batch.get(0).matrix().cols();
        double[] data = new double[Matrix.checkedSize(rows, cols)];
        int at = 0;
        for (Job job : batch) {
            Matrix m = job.matrix();
            if (m.cols() != cols) {
                throw new IllegalArgumentException("rows of " + m.cols() + " and " + cols + " values in one batch");
            }
            for (int j = 0; j < cols; j++) {
                System.arraycopy(m.data(), j * job.count, data, at + j * rows, job.count);
            }
            at += job.count;
        }
        return new Matrix(rows, cols, data);
    }

    private static void complete(Job job, ServedModel served) {
        try {
            job.result.complete(predict(served, job.matrix(), job.tasks));
        } catch (RuntimeException | Error e) {
            job.result.completeExceptionally(e);
        }
    }

    /**
     * One prediction call; a task a multi-task model was not fitted on (an index beyond its tasks) is the client's
     * mistake, answered as such.
     */
    private static Decoded predict(ServedModel served, Matrix rows, int[] tasks) {
        if (tasks == null) {
            return served.model().predict(rows);
        }
        try {
            return served.model().predict(rows, tasks);
        } catch (IndexOutOfBoundsException e) {
            throw new OklException(ErrorCode.INVALID_DATA, "a task the model was not fitted on (tasks "
                    + java.util.Arrays.stream(tasks).distinct().sorted().limit(12).boxed().toList() + ")");
        }
    }

    /** Rows {@code from} to {@code to} of a decoded batch. */
    static Decoded slice(Decoded d, int from, int to) {
        Optional<Ranking> ranking = d.ranking().map(r -> new Ranking(java.util.Arrays.copyOfRange(r.indices(), from,
                to), r.candidates()));
        return new Decoded(d.outputs().rowRange(from, to), d.scores().map(s -> s.rowRange(from, to)), ranking);
    }
}
