package org.okl.linalg.device;

import java.util.Optional;

/**
 * How core finds a device plugin ({@code okl-gpu}): a {@link java.util.ServiceLoader} service on the class path
 * ({@code META-INF/services/org.okl.linalg.device.ComputeDeviceProvider}). A provider that cannot open a device (no
 * card, no driver, a Java too old for its binding) says why instead of failing.
 */
public interface ComputeDeviceProvider {

    /** The provider's name, for example {@code okl-gpu}. */
    String name();

    /**
     * Opens a device.
     *
     * @param ordinal which device of the machine (0 for the first; a Spark task's GPU address)
     */
    Opened open(int ordinal);

    /**
     * The outcome of {@link #open}.
     *
     * @param device the device, or empty
     * @param status why there is none, or what it is
     */
    record Opened(Optional<ComputeDevice> device, String status) {
    }
}
