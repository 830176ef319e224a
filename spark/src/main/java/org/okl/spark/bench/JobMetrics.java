package org.okl.spark.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.okl.spark.data.Jobs;

/**
 * What the Spark jobs of a run cost, by job description: wall seconds, tasks, the executors' summed run time, and the
 * bytes that moved (shuffle writes, and the serialized task results the driver fetched).
 */
final class JobMetrics extends SparkListener {
    /**
     * One description's totals.
     *
     * @param jobs           the jobs
     * @param wallSeconds    their wall time, start to end
     * @param tasks          their tasks
     * @param runSeconds     the executors' run time summed over tasks
     * @param shuffleBytes   bytes written to shuffles
     * @param resultBytes    bytes of the task results sent to the driver
     */
    record Totals(int jobs, double wallSeconds, long tasks, double runSeconds, long shuffleBytes, long resultBytes) {
        Totals plus(Totals o) {
            return new Totals(jobs + o.jobs, wallSeconds + o.wallSeconds, tasks + o.tasks, runSeconds + o.runSeconds,
                    shuffleBytes + o.shuffleBytes, resultBytes + o.resultBytes);
        }
    }

    private static final Totals NONE = new Totals(0, 0, 0, 0, 0, 0);
    private final Map<Integer, String> jobOfStage = new LinkedHashMap<>();
    private final Map<Integer, String> describedJobs = new LinkedHashMap<>();
    private final Map<Integer, Long> started = new LinkedHashMap<>();
    private final Map<String, Totals> totals = new LinkedHashMap<>();

    @Override
    public synchronized void onJobStart(SparkListenerJobStart job) {
        String what = job.properties() == null ? null : job.properties().getProperty(Jobs.DESCRIPTION);
        String key = what == null ? "other" : what.replaceFirst("^okl: ", "").replaceAll(" \\(.*", "");
        describedJobs.put(job.jobId(), key);
        started.put(job.jobId(), job.time());
        Jobs.stageIds(job).forEach(s -> jobOfStage.put(s, key));
    }

    @Override
    public synchronized void onStageSubmitted(SparkListenerStageSubmitted stage) {
        jobOfStage.putIfAbsent(stage.stageInfo().stageId(), "other");
    }

    @Override
    public synchronized void onJobEnd(SparkListenerJobEnd job) {
        String key = describedJobs.getOrDefault(job.jobId(), "other");
        double wall = (job.time() - started.getOrDefault(job.jobId(), job.time())) * 1e-3;
        totals.merge(key, new Totals(1, wall, 0, 0, 0, 0), Totals::plus);
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd task) {
        TaskMetrics m = task.taskMetrics();
        if (m == null) {
            return;
        }
        String key = jobOfStage.getOrDefault(task.stageId(), "other");
        totals.merge(key, new Totals(0, 0, 1, m.executorRunTime() * 1e-3, m.shuffleWriteMetrics().bytesWritten(),
                m.resultSize()), Totals::plus);
    }

    /** The totals by job description, in the order the jobs started. */
    synchronized Map<String, Totals> totals() {
        return new LinkedHashMap<>(totals);
    }

    /** The totals of every job. */
    synchronized Totals all() {
        return totals.values().stream().reduce(NONE, Totals::plus);
    }
}
