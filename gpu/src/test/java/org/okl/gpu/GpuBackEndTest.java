package org.okl.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.okl.api.execution.ExecutionBackEnd;
import org.okl.api.plugin.OklPlugin;
import org.okl.core.Okl;
import org.okl.linalg.LinearAlgebras;
import org.okl.linalg.device.ComputeDevice;
import org.okl.linalg.device.ComputeDevices;

/** okl-gpu on the JVM that runs the build's tests (Java 17): it loads, says why it is idle, and OKL runs as before. */
class GpuBackEndTest {

    @Test
    void onJava17TheBackEndIsIdleAndSaysItNeedsJava22() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() < 22, "the JVM has FFM");
        ExecutionBackEnd.Opened opened = new GpuBackEnd().open(new ExecutionBackEnd.Settings(0,
                LinearAlgebras.java(), false));
        assertThat(opened.execution()).isEmpty();
        assertThat(opened.status()).isEqualTo("okl-gpu is idle: its CUDA binding needs Java 22 or later (the "
                + "Foreign Function and Memory API), and this JVM is Java " + Runtime.version().feature()
                + "; run OKL on a JDK 22+ to use the GPU");
    }

    @Test
    void thePluginOffersTheBackEndAndEachRuntimeReportsItsDevice() {
        assertThat(ServiceLoader.load(OklPlugin.class).stream().map(p -> p.type().getName()))
                .contains(GpuPlugin.class.getName());
        Okl okl = Okl.builder().build();
        assertThat(okl.registry().plugins().stream().map(p -> p.name())).contains("okl-gpu");
        assertThat(okl.registry().executionBackEnds()).extracting(ExecutionBackEnd::name).contains("okl-gpu");
        if (okl.devices().device().isEmpty()) {
            assertThat(okl.devices().status()).contains("okl-gpu is idle: ");
        }
    }

    @Test
    void aSimulatedDeviceIsOpenedWithTheRuntimesBackEndAndSetting() {
        String previous = System.getProperty(GpuBackEnd.SIMULATE_PROPERTY);
        System.setProperty(GpuBackEnd.SIMULATE_PROPERTY, "64m");
        try {
            ExecutionBackEnd.Opened opened = new GpuBackEnd().open(new ExecutionBackEnd.Settings(0,
                    LinearAlgebras.java(), true));
            assertThat(opened.status()).contains("(simulated: -Dokl.gpu.simulate=64m)");
            ComputeDevice device = opened.execution().orElseThrow().facet(ComputeDevice.class).orElseThrow();
            ComputeDevices on = ComputeDevices.of(device, ComputeDevices.Mode.ON);
            ComputeDevices off = ComputeDevices.open(java.util.List.of(new GpuBackEnd()), ComputeDevices.Mode.OFF, 0,
                    LinearAlgebras.java());
            assertThat(on.forWork(1)).containsSame(device);
            assertThat(off.device()).isEmpty();
            assertThat(off.status()).isEqualTo("not used (okl.gpu=off)");
        } finally {
            if (previous == null) {
                System.clearProperty(GpuBackEnd.SIMULATE_PROPERTY);
            } else {
                System.setProperty(GpuBackEnd.SIMULATE_PROPERTY, previous);
            }
        }
    }
}
