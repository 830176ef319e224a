package org.okl.spark.fit;

import java.util.Map;
import java.util.Optional;
import org.apache.spark.TaskContext;
import org.apache.spark.resource.ResourceInformation;
import org.okl.linalg.device.ComputeDevice;
import org.okl.linalg.device.ComputeDevices;

/**
 * The compute device a Spark task uses for its sums. Under Spark's GPU scheduling
 * ({@code spark.executor.resource.gpu.amount} and a discovery script; {@code spark.task.resource.gpu.amount} for every
 * stage, or the per-fold sums alone by {@link DeviceStages}) a task is given GPU addresses: it uses the first, opened
 * once by the executor's runtime ({@link ComputeDevices#ordinal}), whatever the size of its work (the cluster was
 * asked for the GPU). A task given none follows the executor's {@code okl.gpu} setting like a one-machine fit
 * ({@code auto}: the executor's first GPU for large work, if it has one). {@code okl.gpu=off} on the executors keeps
 * every task on the CPU.
 */
final class TaskDevice {
    /** Spark's name of the GPU resource. */
    static final String GPU = "gpu";

    private TaskDevice() {
    }

    /**
     * The device of the running task for work of the given size.
     *
     * @param devices the executor runtime's devices
     * @param flops   the task's work, about
     */
    static Optional<ComputeDevice> current(ComputeDevices devices, double flops) {
        TaskContext task = TaskContext.get();
        Optional<Integer> address = task == null ? Optional.empty() : address(task.resourcesJMap());
        return address.isPresent() ? devices.ordinal(address.get()) : devices.forWork(flops);
    }

    /** The first GPU address Spark gave the task, as a device number, or empty. */
    static Optional<Integer> address(Map<String, ResourceInformation> resources) {
        ResourceInformation gpu = resources.get(GPU);
        if (gpu == null || gpu.addresses().length == 0) {
            return Optional.empty();
        }
        String first = gpu.addresses()[0].trim();
        try {
            return Optional.of(Integer.parseInt(first));
        } catch (NumberFormatException e) {
            throw new IllegalStateException("Spark gave this task the GPU address '" + first + "', which is not a "
                    + "device number; make the GPU discovery script print numbers (nvidia-smi's indices)");
        }
    }
}
