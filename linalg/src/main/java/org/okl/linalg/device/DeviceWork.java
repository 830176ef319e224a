package org.okl.linalg.device;

/**
 * Something computed on a compute device (a route, a path), so that the model's provenance can say where its fit
 * ran.
 */
public interface DeviceWork {

    /** The device and what ran there, for example {@code cuda:0 NVIDIA H100 80GB HBM3: per-fold sums, m x m solves}. */
    String device();

    /** Where an object ran: its device when it is {@link DeviceWork}, else {@value ComputeDevices#CPU}. */
    static String of(Object work) {
        return work instanceof DeviceWork d ? d.device() : ComputeDevices.CPU;
    }
}
