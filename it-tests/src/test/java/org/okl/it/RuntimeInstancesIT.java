package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.execution.ExecutionBackEnd;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.plugin.OklPlugin;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.gpu.compute.DeviceCompute;
import org.okl.gpu.device.HostDevice;
import org.okl.linalg.LinearAlgebras;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.parallel.Workers;
import org.okl.testkit.TestMatrices;

/**
 * An {@code Okl} instance carries its own settings: two instances with different back-ends, seeds or compute devices
 * in one JVM do not see each other, whichever was built or used first, and no instance is kept for the process.
 */
class RuntimeInstancesIT {

    /** A Nystrom fit, whose landmarks the seed draws. */
    private static PipelineSpec sketched() {
        return PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 1.5))
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-2))
                .approximation(ComponentSpec.of("nystrom", "rank", 12)).build();
    }

    private static Matrix fitAndPredict(Okl okl, Matrix x, Matrix y, Matrix test) {
        Model model = okl.pipeline(sketched()).fit(TrainingData.of(x, y));
        return model.predict(test).outputs();
    }

    @Test
    void twoRuntimesKeepTheirOwnBackEndAndSeed() {
        Matrix x = TestMatrices.random(80, 3, 1);
        Matrix y = TestMatrices.random(80, 2, 2);
        Matrix test = TestMatrices.random(10, 3, 3);
        LinearAlgebra java = LinearAlgebras.java();
        LinearAlgebra other = LinearAlgebras.nativeBackend().orElse(java);

        Okl first = Okl.builder().linearAlgebra(java).seed(7).build();
        Matrix before = fitAndPredict(first, x, y, test);
        Okl second = Okl.builder().linearAlgebra(other).seed(8).build();
        Matrix secondPredictions = fitAndPredict(second, x, y, test);
        Matrix after = fitAndPredict(first, x, y, test);
        Okl again = Okl.builder().linearAlgebra(java).seed(7).build();

        assertThat(first.context().linearAlgebra()).isSameAs(java);
        assertThat(second.context().linearAlgebra()).isSameAs(other);
        assertThat(first.context().seed()).isEqualTo(7);
        assertThat(second.context().seed()).isEqualTo(8);
        // another seed draws other landmarks: the second runtime's model differs from the first's
        assertThat(secondPredictions.maxAbsDifference(before)).isGreaterThan(1e-6);
        // building and using the second changed nothing of the first, nor of a new one with the first's settings
        assertThat(after.maxAbsDifference(before)).isZero();
        assertThat(fitAndPredict(again, x, y, test).maxAbsDifference(before)).isZero();
    }

    /** The CPU stand-in of a card (okl-gpu's host device), which counts its launches. */
    private static HostDevice host() {
        return new HostDevice(LinearAlgebras.java(), 64L << 20);
    }

    @Test
    void twoRuntimesKeepTheirOwnDevices() {
        Matrix x = TestMatrices.random(60, 3, 4);
        Matrix y = TestMatrices.random(60, 2, 5);
        Matrix test = TestMatrices.random(9, 3, 6);
        PipelineSpec exact = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 1.5))
                .filter(ComponentSpec.of("tikhonov", "lambda", 1e-2)).build();
        HostDevice device = host();
        LinearAlgebra java = LinearAlgebras.java();
        Okl withDevice = Okl.builder().linearAlgebra(java).computeDevices(ComputeDevices.of(new DeviceCompute(device,
                java, true), ComputeDevices.Mode.ON)).build();
        Okl without = Okl.builder().linearAlgebra(java).computeDevices(ComputeDevices.of(null,
                ComputeDevices.Mode.OFF)).build();
        Okl fromSettings = Okl.builder().linearAlgebra(java).build();

        Matrix onDevice = withDevice.pipeline(exact).fit(TrainingData.of(x, y)).predict(test).outputs();
        long used = device.launches();
        Matrix onCpu = without.pipeline(exact).fit(TrainingData.of(x, y)).predict(test).outputs();

        assertThat(used).as("the first runtime's predictions ran on its device").isPositive();
        assertThat(device.launches()).as("the second runtime never used the first's device").isEqualTo(used);
        assertThat(onCpu.maxAbsDifference(onDevice)).isLessThan(1e-10);
        assertThat(withDevice.devices().status()).startsWith("host: the device primitives on the CPU")
                .endsWith("(okl.gpu=on)");
        assertThat(without.devices().device()).isEmpty();
        // a runtime built from the settings opens its own devices, none of the ones given in code
        assertThat(fromSettings.devices().device()).isEmpty();
        assertThat(fromSettings.context().accelerator()).isEmpty();
        assertThat(withDevice.context().accelerator()).hasValueSatisfying(a -> assertThat(a.name())
                .startsWith(device.name()));
    }

    @Test
    void aPluginsBackEndIsOpenedByEachRuntimeForItselfWithItsBackEnd() {
        java.util.List<ExecutionBackEnd.Settings> opened = new java.util.concurrent.CopyOnWriteArrayList<>();
        OklPlugin plugin = new OklPlugin() {
            @Override
            public String name() {
                return "test-devices";
            }

            @Override
            public java.util.Collection<ExecutionBackEnd> executionBackEnds() {
                return java.util.List.of(new ExecutionBackEnd() {
                    @Override
                    public String name() {
                        return "test-device";
                    }

                    @Override
                    public Opened open(Settings settings) {
                        opened.add(settings);
                        HostDevice device = new HostDevice(settings.linearAlgebra(), 64L << 20);
                        return new Opened(Optional.of(new DeviceCompute(device, settings.linearAlgebra(),
                                settings.required())), device.description());
                    }
                });
            }
        };
        LinearAlgebra java = LinearAlgebras.java();
        LinearAlgebra other = LinearAlgebras.nativeBackend().orElse(java);
        Okl first = Okl.builder().plugin(plugin).linearAlgebra(java).build();
        Okl second = Okl.builder().plugin(plugin).linearAlgebra(other).build();
        assertThat(opened).as("a runtime opens its back-ends when it first needs a device, not when it is built")
                .isEmpty();
        assertThat(first.devices().device()).hasValueSatisfying(d -> assertThat(d.name()).startsWith("host"));
        assertThat(second.devices().device()).isPresent();
        assertThat(first.devices().device().get()).isNotSameAs(second.devices().device().get());
        assertThat(opened).extracting(ExecutionBackEnd.Settings::linearAlgebra).containsExactly(java, other);
        assertThat(first.registry().executionBackEnds()).extracting(ExecutionBackEnd::name).contains("test-device");
    }

    @Test
    void twoRuntimesKeepTheirOwnPools() {
        Matrix x = TestMatrices.random(300, 3, 7);
        Matrix y = TestMatrices.random(300, 2, 8);
        Matrix test = TestMatrices.random(10, 3, 9);
        Okl one = Okl.builder().seed(3).threads(1).build();
        Okl three = Okl.builder().seed(3).threads(3).build();
        Okl process = Okl.builder().seed(3).build();
        Model fromOne = one.pipeline(sketched()).fit(TrainingData.of(x, y));
        Model fromThree = three.pipeline(sketched()).fit(TrainingData.of(x, y));

        assertThat(one.workers().threads()).isEqualTo(1);
        assertThat(three.workers().threads()).isEqualTo(3);
        assertThat(process.workers()).as("a runtime given no threads uses the process's pool")
                .isSameAs(Workers.shared());
        assertThat(Workers.shared().threads()).isEqualTo(Workers.configuredThreads());
        assertThat(Workers.of(three.context())).isSameAs(three.workers());
        assertThat(fromOne.provenance().platform().workerThreads()).isEqualTo(1);
        assertThat(fromThree.provenance().platform().workerThreads()).isEqualTo(3);
        // the pools split the work, never the arithmetic: the same bits whatever the threads
        assertThat(fromThree.predict(test).outputs().maxAbsDifference(fromOne.predict(test).outputs())).isZero();
    }
}
