package org.okl.gpu;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Optional;
import org.okl.gpu.compute.DeviceCompute;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.HostDevice;
import org.okl.api.execution.ExecutionBackEnd;

/**
 * The execution back-end of {@code okl-gpu} ({@link GpuPlugin#executionBackEnds()}), a Java 17 class: each runtime
 * opens it for itself, with its own linear-algebra back-end and {@code okl.gpu} setting; on a JVM of Java 22 or later it loads the CUDA binding (classes of
 * Java 22, {@code org.okl.gpu.cuda}, loaded only here) and opens the device; on an older JVM, in a build without the
 * binding, or on a machine without CUDA or a GPU, it says why and OKL runs on the CPU as before.
 *
 * <p>{@value #LIBRARIES_PROPERTY} names a folder to load the CUDA libraries from (else the system's library path,
 * then {@code /usr/local/cuda/lib64}). {@value #SIMULATE_PROPERTY}{@code =SIZE} (for example {@code 4g}) runs the
 * device routes on the CPU device with that much simulated memory instead, on any Java: for testing scripts and
 * programs where there is no card (slower than the CPU routes).
 */
public final class GpuBackEnd implements ExecutionBackEnd {
    /** The system property naming a folder of CUDA libraries. */
    public static final String LIBRARIES_PROPERTY = "okl.gpu.libraries";
    /** The system property that simulates a device on the CPU, with its memory size. */
    public static final String SIMULATE_PROPERTY = "okl.gpu.simulate";
    /** The first Java release whose Foreign Function and Memory API is final. */
    public static final int FFM_RELEASE = 22;
    static final String BINDING = "org.okl.gpu.cuda.CudaBackend";

    @Override
    public String name() {
        return "okl-gpu";
    }

    @Override
    public Opened open(Settings settings) {
        String simulate = System.getProperty(SIMULATE_PROPERTY);
        if (simulate != null && !simulate.isBlank()) {
            HostDevice host = new HostDevice(settings.linearAlgebra(), bytes(simulate));
            return new Opened(Optional.of(new DeviceCompute(host, settings.linearAlgebra(), settings.required())),
                    host.description() + " (simulated: -D" + SIMULATE_PROPERTY + "=" + simulate + ")");
        }
        int release = Runtime.version().feature();
        if (release < FFM_RELEASE) {
            return idle("its CUDA binding needs Java " + FFM_RELEASE + " or later (the Foreign Function and Memory "
                    + "API), and this JVM is Java " + release + "; run OKL on a JDK 22+ to use the GPU");
        }
        Class<?> binding;
        try {
            binding = Class.forName(BINDING, true, GpuBackEnd.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return idle("this build of okl-gpu has no CUDA binding (it was built without a JDK 22 or later; see "
                    + "gpu/pom.xml)");
        }
        try {
            Method open = binding.getMethod("open", int.class, String.class);
            Device device = (Device) open.invoke(null, settings.ordinal(), System.getProperty(LIBRARIES_PROPERTY));
            return new Opened(Optional.of(new DeviceCompute(device, settings.linearAlgebra(), settings.required())),
                    device.description());
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return idle(cause.getMessage() == null ? cause.toString() : cause.getMessage());
        } catch (ReflectiveOperationException | RuntimeException e) {
            return idle("its CUDA binding failed to start: " + e);
        }
    }

    /** A size such as {@code 512m} or {@code 4g}. */
    static long bytes(String size) {
        String v = size.trim().toLowerCase(java.util.Locale.ROOT);
        long unit = v.endsWith("g") ? 1L << 30 : v.endsWith("m") ? 1L << 20 : v.endsWith("k") ? 1L << 10 : 1;
        try {
            return (long) (Double.parseDouble(unit == 1 ? v : v.substring(0, v.length() - 1)) * unit);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + SIMULATE_PROPERTY + "=" + size + ": give a size such as 4g");
        }
    }

    private static Opened idle(String why) {
        return Opened.idle("okl-gpu is idle: " + why);
    }
}
