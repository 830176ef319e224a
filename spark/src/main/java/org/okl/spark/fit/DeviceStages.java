package org.okl.spark.fit;

import java.util.Optional;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.resource.ExecutorResourceRequests;
import org.apache.spark.resource.ResourceProfile;
import org.apache.spark.resource.ResourceProfileBuilder;
import org.apache.spark.resource.TaskResourceRequests;

/**
 * Stage-level GPU scheduling for the passes whose tasks use a compute device (the per-fold sums). When the executors
 * have GPUs ({@code spark.executor.resource.gpu.amount}) but tasks are not given one by default (no
 * {@code spark.task.resource.gpu.amount}), those passes alone ask for one GPU per task with a task resource profile,
 * as XGBoost's Spark estimator does for its training stage: every other stage (reading, checksums, predictions) runs
 * as many tasks per executor as it has cores. Spark supports such a profile on standalone, YARN and Kubernetes
 * clusters without dynamic allocation; with dynamic allocation the profile also asks for executors with the same GPUs,
 * cores and memory as the application's. With {@code spark.task.resource.gpu.amount} set every stage already gets a
 * GPU, and in local mode there is no stage-level scheduling: nothing changes then.
 */
final class DeviceStages {
    private static final String EXECUTOR_GPU = "spark.executor.resource." + TaskDevice.GPU + ".";
    private static final String TASK_GPU = "spark.task.resource." + TaskDevice.GPU + ".amount";

    private DeviceStages() {
    }

    /**
     * The rows of a device pass: the same partitions in a new RDD with the pass's profile when there is one (the
     * cached blocks keep the default profile, so the other passes over them are not restricted).
     */
    static <T> JavaRDD<T> onDevice(JavaRDD<T> rdd) {
        SparkContext sc = rdd.context();
        if (sc.isLocal()) {
            return rdd;
        }
        Optional<ResourceProfile> profile = profile(sc.getConf());
        if (profile.isEmpty()) {
            return rdd;
        }
        return rdd.mapPartitions(rows -> rows, true).withResources(profile.get());
    }

    /** The profile of a device pass under these settings, or empty when the default profile is right. */
    static Optional<ResourceProfile> profile(SparkConf conf) {
        double executorGpus = conf.getDouble(EXECUTOR_GPU + "amount", 0);
        if (executorGpus <= 0 || conf.getDouble(TASK_GPU, 0) > 0) {
            return Optional.empty();
        }
        ResourceProfileBuilder builder = new ResourceProfileBuilder().require(new TaskResourceRequests()
                .cpus(conf.getInt("spark.task.cpus", 1)).resource(TaskDevice.GPU, 1.0));
        if (conf.getBoolean("spark.dynamicAllocation.enabled", false)) {
            ExecutorResourceRequests executors = new ExecutorResourceRequests().resource(TaskDevice.GPU,
                    (long) executorGpus, conf.get(EXECUTOR_GPU + "discoveryScript", ""),
                    conf.get(EXECUTOR_GPU + "vendor", ""));
            if (conf.contains("spark.executor.cores")) {
                executors.cores(conf.getInt("spark.executor.cores", 1));
            }
            executors.memory(conf.get("spark.executor.memory", "1g"));
            builder.require(executors);
        }
        return Optional.of(builder.build());
    }
}
