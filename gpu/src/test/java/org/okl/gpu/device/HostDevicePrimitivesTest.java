package org.okl.gpu.device;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.okl.testkit.TestContext;

/** The CPU device against the primitives contract, and its deferred streams. */
class HostDevicePrimitivesTest extends DevicePrimitivesContract {

    @Override
    protected Device open() {
        return new HostDevice(TestContext.active().linearAlgebra(), 64L << 20);
    }

    @Test
    void queuedWorkRunsOnlyWhenWaitedFor() {
        try (HostBuffer pinned = device.pinned(4); DeviceBuffer b = device.allocate(4, "b");
                Device.Stream s = device.stream()) {
            pinned.put(0, new double[] {1, 2, 3, 4}, 0, 4);
            device.upload(pinned, 0, b, 4, s);
            pinned.put(0, new double[] {9, 9, 9, 9}, 0, 4);
            double[] seen = new double[4];
            device.read(b, seen, 0, 4);
            assertThat(seen).as("an upload reads its pinned buffer when it runs, not when it is queued")
                    .containsExactly(9, 9, 9, 9);
        }
    }
}
