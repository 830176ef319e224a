package org.okl.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.okl.api.plugin.OklPlugin;
import org.okl.core.Okl;
import org.okl.linalg.device.ComputeDeviceProvider;
import org.okl.linalg.device.ComputeDevices;

/** okl-gpu on the JVM that runs the build's tests (Java 17): it loads, says why it is idle, and OKL runs as before. */
class GpuDeviceProviderTest {

    @Test
    void onJava17TheProviderIsIdleAndSaysItNeedsJava22() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() < 22, "the JVM has FFM");
        ComputeDeviceProvider.Opened opened = new GpuDeviceProvider().open(0);
        assertThat(opened.device()).isEmpty();
        assertThat(opened.status()).isEqualTo("okl-gpu is idle: its CUDA binding needs Java 22 or later (the "
                + "Foreign Function and Memory API), and this JVM is Java " + Runtime.version().feature()
                + "; run OKL on a JDK 22+ to use the GPU");
    }

    @Test
    void thePluginAndTheProviderAreFoundByServiceLoaderAndOklReportsTheDevice() {
        assertThat(ServiceLoader.load(OklPlugin.class).stream().map(p -> p.type().getName()))
                .contains(GpuPlugin.class.getName());
        assertThat(ServiceLoader.load(ComputeDeviceProvider.class).stream().map(p -> p.type().getName()))
                .containsExactly(GpuDeviceProvider.class.getName());
        assertThat(Okl.builder().build().registry().plugins().stream().map(p -> p.name())).contains("okl-gpu");
        if (ComputeDevices.device().isEmpty()) {
            assertThat(ComputeDevices.status()).contains("okl-gpu is idle: ");
        }
    }
}
