package org.okl.spark.fit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.spark.SparkContext;
import org.apache.spark.Success$;
import org.apache.spark.TaskCommitDenied;
import org.apache.spark.TaskEndReason;
import org.apache.spark.TaskKilled;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.okl.spark.data.Jobs;

/**
 * Records the passes of one fit: every Spark job a pass starts is tagged (the local property {@value #PASS}, and the
 * job description Spark shows), and a listener adds up, per pass, the jobs, the tasks whose results were used, the
 * executors they ran on and the bytes they returned or shuffled, and apart the failed and the speculative attempts
 * ({@link #onTaskEnd}). Attached to the context while the rows are in use ({@link #close} detaches
 * it).
 */
public final class PassLog extends SparkListener implements AutoCloseable {
    /** The local property that tags a job with its pass. */
    public static final String PASS = "okl.pass";
    /** The reason Spark's scheduler gives when it kills an attempt because another attempt of its task succeeded. */
    static final String SPECULATION_KILL = "another attempt succeeded";

    private final SparkContext context;
    private final String id = UUID.randomUUID().toString();
    private final List<Open> passes = new ArrayList<>();
    private final Map<Integer, Open> stages = new ConcurrentHashMap<>();

    /** Attaches a log to a context. */
    public PassLog(SparkContext context) {
        this.context = context;
        context.addSparkListener(this);
    }

    /**
     * Runs a pass: its jobs are described as {@code okl: <name>} and counted here.
     *
     * @param name           what the pass computes
     * @param onDriver       whether the driver does the work (rows brought to it)
     * @param rows           the rows it covers
     * @param broadcastBytes the bytes broadcast for it
     */
    public <T> T run(String name, boolean onDriver, long rows, long broadcastBytes, Supplier<T> action) {
        Open pass;
        int index;
        synchronized (this) {
            pass = new Open(name, onDriver, rows, broadcastBytes);
            index = passes.size();
            passes.add(pass);
        }
        String previous = context.getLocalProperty(PASS);
        context.setLocalProperty(PASS, id + "/" + index);
        long start = System.nanoTime();
        try {
            return Jobs.described(context, name, action);
        } finally {
            pass.seconds = (System.nanoTime() - start) * 1e-9;
            context.setLocalProperty(PASS, previous);
        }
    }

    /** Sets the rows of the last pass (a reading pass learns them as it runs). */
    public synchronized void rowsOfLast(long rows) {
        if (!passes.isEmpty()) {
            passes.get(passes.size() - 1).rows = rows;
        }
    }

    @Override
    public void onJobStart(SparkListenerJobStart job) {
        String tag = job.properties() == null ? null : job.properties().getProperty(PASS);
        if (tag == null || !tag.startsWith(id + "/")) {
            return;
        }
        Open pass;
        synchronized (this) {
            pass = passes.get(Integer.parseInt(tag.substring(id.length() + 1)));
            pass.jobs++;
        }
        Jobs.stageIds(job).forEach(s -> stages.put(s, pass));
    }

    /**
     * Counts a task attempt that ended: a success whose result the scheduler used (the first of its partition in its
     * stage attempt) is one of the pass's tasks, and only those add their executor and bytes; a second success of
     * the same partition (its result dropped), an attempt killed because another attempt succeeded, or one refused
     * the output commit is a speculative attempt; any other end (an error, a lost executor, a kill) is a failed
     * attempt, whether it was retried or not.
     */
    @Override
    public void onTaskEnd(SparkListenerTaskEnd task) {
        Open pass = stages.get(task.stageId());
        if (pass == null) {
            return;
        }
        TaskMetrics m = task.taskMetrics();
        TaskEndReason reason = task.reason();
        synchronized (this) {
            if (reason instanceof Success$) {
                if (!pass.succeeded.add(task.stageId() + "." + task.stageAttemptId() + "."
                        + task.taskInfo().partitionId())) {
                    pass.speculativeAttempts++;
                    return;
                }
                pass.tasks++;
                pass.executors.add(task.taskInfo().executorId() + "@" + task.taskInfo().host());
                if (m != null) {
                    pass.resultBytes += m.resultSize();
                    pass.shuffleBytes += m.shuffleWriteMetrics().bytesWritten();
                }
            } else if (reason instanceof TaskCommitDenied
                    || reason instanceof TaskKilled killed && killed.reason().equals(SPECULATION_KILL)) {
                pass.speculativeAttempts++;
            } else {
                pass.failedAttempts++;
            }
        }
    }

    /** The passes so far, after the listener has seen every event posted until now. */
    public List<FitSummary.Pass> passes() {
        try {
            context.listenerBus().waitUntilEmpty(30_000L);
        } catch (TimeoutException e) {
            // the counts of the last tasks may be missing: the summary is still what was seen
        }
        synchronized (this) {
            return passes.stream().map(p -> new FitSummary.Pass(p.name, p.onDriver, p.rows, p.jobs, p.tasks,
                    p.failedAttempts, p.speculativeAttempts, new ArrayList<>(p.executors), p.resultBytes,
                    p.shuffleBytes, p.broadcastBytes, p.seconds))
                    .toList();
        }
    }

    /** Detaches the listener. */
    @Override
    public void close() {
        context.removeSparkListener(this);
    }

    /** A pass being recorded. */
    private static final class Open {
        private final String name;
        private final boolean onDriver;
        private long rows;
        private final long broadcastBytes;
        private final TreeSet<String> executors = new TreeSet<>();
        private int jobs;
        private int tasks;
        private int failedAttempts;
        private int speculativeAttempts;
        private final java.util.Set<String> succeeded = new java.util.HashSet<>();
        private long resultBytes;
        private long shuffleBytes;
        private volatile double seconds;

        Open(String name, boolean onDriver, long rows, long broadcastBytes) {
            this.name = name;
            this.onDriver = onDriver;
            this.rows = rows;
            this.broadcastBytes = broadcastBytes;
        }
    }
}
