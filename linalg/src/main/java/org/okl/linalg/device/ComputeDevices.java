package org.okl.linalg.device;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Accelerator;
import org.okl.api.linalg.Matrix;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether, and where, core hands work to a compute device, chosen once per JVM like the linear-algebra back-end.
 *
 * <p>The setting comes from the system property {@value #PROPERTY}, else the environment variable
 * {@value #ENVIRONMENT_VARIABLE}: {@code auto} (the default) uses a device when a device plugin finds one and the
 * work of an operation exceeds {@value #AUTO_FLOPS} floating-point operations (below that the transfers and launches
 * cost more than the CPU takes); {@code on} uses it for every operation it supports and is an error when there is
 * none; {@code off} never uses one. {@value #ORDINAL_PROPERTY} picks the device of a machine with several (default 0).
 * Devices come from {@link ComputeDeviceProvider}s on the class path.
 */
public final class ComputeDevices {
    /** The system property of the setting. */
    public static final String PROPERTY = "okl.gpu";
    /** The environment variable of the setting, read when the property is empty or absent. */
    public static final String ENVIRONMENT_VARIABLE = "OKL_GPU";
    /** The system property naming the device ordinal. */
    public static final String ORDINAL_PROPERTY = "okl.gpu.device";
    /** Work, in floating-point operations, below which {@code auto} keeps the CPU. */
    public static final double AUTO_FLOPS = 1e10;
    /** What provenance records for work done on the CPU. */
    public static final String CPU = "cpu";

    private static final Logger LOG = LoggerFactory.getLogger(ComputeDevices.class);
    private static final Object LOCK = new Object();
    private static final Map<Integer, ComputeDeviceProvider.Opened> BY_ORDINAL = new ConcurrentHashMap<>();
    private static volatile Choice chosen;
    private static volatile Choice override;

    /** The three settings. */
    public enum Mode {
        /** A device for work above {@value #AUTO_FLOPS} flops. */
        AUTO,
        /** A device for every operation it supports; an error without one. */
        ON,
        /** Never a device. */
        OFF;

        /** The setting as written, {@code auto}, {@code on} or {@code off}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * Parses a setting; empty or null is {@code auto}.
         *
         * @throws OklException {@link ErrorCode#USAGE} naming the source for any other value
         */
        public static Mode parse(String value, String source) {
            String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
            switch (v) {
                case "", "auto":
                    return AUTO;
                case "on", "true", "gpu":
                    return ON;
                case "off", "false", "cpu":
                    return OFF;
                default:
                    throw new OklException(ErrorCode.USAGE, source + " is '" + value + "'; use auto, on or off");
            }
        }
    }

    /**
     * The setting and the device.
     *
     * @param mode   the setting
     * @param device the device, or empty
     * @param status what {@code okl plugins} says: the device, or why there is none
     */
    private record Choice(Mode mode, Optional<ComputeDevice> device, String status) {
    }

    private ComputeDevices() {
    }

    /** The setting in force. */
    public static Mode mode() {
        return choice().mode();
    }

    /** The device, whatever the size of the work, or empty when there is none or the setting is {@code off}. */
    public static Optional<ComputeDevice> device() {
        return choice().device();
    }

    /**
     * One line for {@code okl plugins}: the device and the setting, or why work stays on the CPU.
     */
    public static String status() {
        Choice c = choice();
        return c.status() + " (" + PROPERTY + "=" + c.mode().id() + (c.mode() == Mode.AUTO && c.device().isPresent()
                ? ": used for operations above " + String.format(Locale.ROOT, "%.0e", AUTO_FLOPS) + " flops" : "")
                + ")";
    }

    /**
     * The device for an operation of the given size: with {@code auto}, only above {@value #AUTO_FLOPS} flops; with
     * {@code on}, always; with {@code off}, never.
     *
     * @param flops the operation's floating-point operations, about
     * @throws OklException {@link ErrorCode#USAGE} when the setting is {@code on} and there is no device
     */
    public static Optional<ComputeDevice> forWork(double flops) {
        Choice c = choice();
        switch (c.mode()) {
            case OFF:
                return Optional.empty();
            case ON:
                if (c.device().isEmpty()) {
                    throw new OklException(ErrorCode.USAGE, PROPERTY + "=on but there is no compute device: "
                            + c.status() + "; use " + PROPERTY + "=auto or off to run on the CPU");
                }
                return c.device();
            default:
                return flops >= AUTO_FLOPS ? c.device() : Optional.empty();
        }
    }

    /**
     * The same, the work computed only when it decides (with {@code auto} and a device present): counting a file's
     * rows, for example, can take a pass.
     */
    public static Optional<ComputeDevice> forWork(java.util.function.DoubleSupplier flops) {
        Choice c = choice();
        if (c.mode() == Mode.AUTO && c.device().isEmpty()) {
            return Optional.empty();
        }
        return forWork(c.mode() == Mode.AUTO ? flops.getAsDouble() : 0);
    }

    /** The accelerator components reach through their context: the device, with the setting applied per call. */
    public static Optional<Accelerator> accelerator() {
        Choice c = choice();
        if (c.mode() == Mode.OFF || c.device().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Gated(c.device().get()));
    }

    /**
     * Predictions {@code k(inputs, centers) · coefficients} on the device when the setting and the size say so
     * (about 2·t·m·(p + D) flops), else empty.
     */
    public static Optional<Matrix> expansion(VectorKernel kernel, Matrix centers, Matrix coefficients,
            Matrix inputs) {
        double flops = 2.0 * inputs.rows() * centers.rows() * (centers.cols() + coefficients.cols());
        return forWork(flops).flatMap(d -> d.expansion(kernel, centers, coefficients, inputs));
    }

    /**
     * Where work of the given size would run, for messages and provenance: the device's name or {@value #CPU}.
     */
    public static String where(double flops) {
        return forWork(flops).map(Accelerator::name).orElse(CPU);
    }

    /**
     * The device of a given ordinal (a Spark task's GPU address), opened once per JVM, whatever the setting's
     * ordinal; empty when the setting is {@code off} or the device cannot be opened.
     */
    public static Optional<ComputeDevice> ordinal(int ordinal) {
        if (override != null) {
            return override.device();
        }
        Mode mode = configuredMode();
        if (mode == Mode.OFF) {
            return Optional.empty();
        }
        return BY_ORDINAL.computeIfAbsent(ordinal, ComputeDevices::open).device();
    }

    /**
     * Uses the given device with the given setting in this JVM until the returned scope is closed (tests, benchmarks
     * comparing the CPU and the device on the same data).
     *
     * @param device the device, or null for none
     */
    public static Scope use(ComputeDevice device, Mode mode) {
        Choice previous = override;
        override = new Choice(mode, Optional.ofNullable(device), device == null ? "no compute device (set by a program)"
                : device.description());
        return () -> override = previous;
    }

    /** Restores the previous device and setting. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    private static Choice choice() {
        Choice o = override;
        if (o != null) {
            return o;
        }
        Choice c = chosen;
        if (c == null) {
            synchronized (LOCK) {
                c = chosen;
                if (c == null) {
                    c = choose();
                    chosen = c;
                }
            }
        }
        return c;
    }

    private static Mode configuredMode() {
        String property = System.getProperty(PROPERTY);
        boolean fromProperty = property != null && !property.isBlank();
        return Mode.parse(fromProperty ? property : System.getenv(ENVIRONMENT_VARIABLE),
                fromProperty ? "system property " + PROPERTY : "environment variable " + ENVIRONMENT_VARIABLE);
    }

    private static Choice choose() {
        Mode mode = configuredMode();
        if (mode == Mode.OFF) {
            return new Choice(mode, Optional.empty(), "not used");
        }
        String ordinalText = System.getProperty(ORDINAL_PROPERTY, "0").trim();
        int ordinal;
        try {
            ordinal = Integer.parseInt(ordinalText);
        } catch (NumberFormatException e) {
            throw new OklException(ErrorCode.USAGE, "system property " + ORDINAL_PROPERTY + " is '" + ordinalText
                    + "'; give a device number such as 0");
        }
        ComputeDeviceProvider.Opened opened = BY_ORDINAL.computeIfAbsent(ordinal, ComputeDevices::open);
        Choice c = new Choice(mode, opened.device(), opened.status());
        LOG.info("compute device: {}", c.status());
        return c;
    }

    private static ComputeDeviceProvider.Opened open(int ordinal) {
        List<String> reasons = new ArrayList<>();
        for (ComputeDeviceProvider provider : ServiceLoader.load(ComputeDeviceProvider.class,
                ComputeDevices.class.getClassLoader())) {
            ComputeDeviceProvider.Opened opened;
            try {
                opened = provider.open(ordinal);
            } catch (RuntimeException | LinkageError e) {
                opened = new ComputeDeviceProvider.Opened(Optional.empty(), provider.name() + " failed: " + e);
            }
            if (opened.device().isPresent()) {
                return opened;
            }
            reasons.add(opened.status());
        }
        return new ComputeDeviceProvider.Opened(Optional.empty(), reasons.isEmpty()
                ? "none (no device plugin such as okl-gpu on the class path)" : "none: " + String.join("; ", reasons));
    }

    /** The device as an accelerator that applies the setting's threshold per call. */
    private static final class Gated implements Accelerator {
        private final ComputeDevice device;

        Gated(ComputeDevice device) {
            this.device = device;
        }

        @Override
        public String name() {
            return device.name();
        }

        @Override
        public Optional<BestCandidates> smallestScores(Matrix h, Matrix cross, boolean transposeCross,
                double[] self, int k) {
            double flops = (2.0 * h.cols() + 8) * h.rows() * self.length;
            return forWork(flops).flatMap(d -> d.smallestScores(h, cross, transposeCross, self, k));
        }
    }
}
