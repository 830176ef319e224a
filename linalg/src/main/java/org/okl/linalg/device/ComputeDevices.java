package org.okl.linalg.device;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleSupplier;
import org.okl.api.component.ComponentContext;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.execution.ExecutionBackEnd;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Accelerator;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One runtime's compute devices: whether, and where, it hands work to a device. Each OKL runtime holds its own (two
 * runtimes in one JVM may use different devices or none); components reach their runtime's through their context
 * ({@link #of}).
 *
 * <p>The setting: {@code auto} (the default) uses a device when an execution back-end offers one and the work of an
 * operation exceeds {@value #AUTO_FLOPS} floating-point operations (below that the transfers and launches cost more
 * than the CPU takes); {@code on} uses it for every operation it supports and is an error when there is none;
 * {@code off} never uses one. {@link #fromSettings} reads it from the system property {@value #PROPERTY}, else the
 * environment variable {@value #ENVIRONMENT_VARIABLE}, and the device ordinal from {@value #ORDINAL_PROPERTY}
 * (default 0). Devices are the {@link ComputeDevice} facets of the plugins' {@link ExecutionBackEnd}s, opened when
 * first asked for.
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
    private static final ComputeDevices NONE = new ComputeDevices(Mode.OFF, 0, List.of(), null,
            new Choice(Mode.OFF, Optional.empty(), "not used"));

    private final Mode mode;
    private final int ordinal;
    private final List<ExecutionBackEnd> backEnds;
    private final LinearAlgebra linearAlgebra;
    private final Map<Integer, Opened> byOrdinal = new ConcurrentHashMap<>();
    private final Object lock = new Object();
    private volatile Choice chosen;

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

    /** A device opened for an ordinal, or why there is none. */
    private record Opened(Optional<ComputeDevice> device, String status) {
    }

    private ComputeDevices(Mode mode, int ordinal, List<ExecutionBackEnd> backEnds, LinearAlgebra linearAlgebra,
            Choice fixed) {
        this.mode = mode;
        this.ordinal = ordinal;
        this.backEnds = List.copyOf(backEnds);
        this.linearAlgebra = linearAlgebra;
        this.chosen = fixed;
    }

    /**
     * A runtime's devices: those the back-ends offer, opened when first asked for.
     *
     * @param backEnds      the plugins' execution back-ends, in the order they are asked
     * @param mode          the setting
     * @param ordinal       which device of the machine
     * @param linearAlgebra the runtime's back-end, handed to the devices for the work they keep on the CPU
     */
    public static ComputeDevices open(List<ExecutionBackEnd> backEnds, Mode mode, int ordinal,
            LinearAlgebra linearAlgebra) {
        return new ComputeDevices(mode, ordinal, backEnds, linearAlgebra, mode == Mode.OFF
                ? new Choice(Mode.OFF, Optional.empty(), "not used") : null);
    }

    /**
     * A runtime's devices with the setting of {@value #PROPERTY} (else {@value #ENVIRONMENT_VARIABLE}) and
     * {@value #ORDINAL_PROPERTY}, read now.
     *
     * @throws OklException {@link ErrorCode#USAGE} for a setting or an ordinal that does not parse
     */
    public static ComputeDevices fromSettings(List<ExecutionBackEnd> backEnds, LinearAlgebra linearAlgebra) {
        return open(backEnds, configuredMode(), configuredOrdinal(), linearAlgebra);
    }

    /**
     * Exactly this device with this setting (tests, benchmarks that compare the CPU and the device on the same data).
     *
     * @param device the device, or null for none
     */
    public static ComputeDevices of(ComputeDevice device, Mode mode) {
        Optional<ComputeDevice> d = Optional.ofNullable(device);
        return new ComputeDevices(mode, 0, List.of(), null, new Choice(mode, mode == Mode.OFF ? Optional.empty() : d,
                device == null ? "no compute device (set by a program)" : device.description()));
    }

    /** No device: everything on the CPU. */
    public static ComputeDevices none() {
        return NONE;
    }

    /** The devices of the runtime a component was created by; none for a context without a runtime. */
    public static ComputeDevices of(ComponentContext context) {
        return context.service(ComputeDevices.class).orElse(NONE);
    }

    /** The setting in force. */
    public Mode mode() {
        return choice().mode();
    }

    /** The device, whatever the size of the work, or empty when there is none or the setting is {@code off}. */
    public Optional<ComputeDevice> device() {
        return choice().device();
    }

    /**
     * One line for {@code okl plugins}: the device and the setting, or why work stays on the CPU.
     */
    public String status() {
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
    public Optional<ComputeDevice> forWork(double flops) {
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
    public Optional<ComputeDevice> forWork(DoubleSupplier flops) {
        Choice c = choice();
        if (c.mode() == Mode.AUTO && c.device().isEmpty()) {
            return Optional.empty();
        }
        return forWork(c.mode() == Mode.AUTO ? flops.getAsDouble() : 0);
    }

    /** The accelerator components reach through their context: the device, with the setting applied per call. */
    public Optional<Accelerator> accelerator() {
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
    public Optional<Matrix> expansion(VectorKernel kernel, Matrix centers, Matrix coefficients, Matrix inputs) {
        double flops = 2.0 * inputs.rows() * centers.rows() * (centers.cols() + coefficients.cols());
        return forWork(flops).flatMap(d -> d.expansion(kernel, centers, coefficients, inputs));
    }

    /**
     * Where work of the given size would run, for messages and provenance: the device's name or {@value #CPU}.
     */
    public String where(double flops) {
        return forWork(flops).map(Accelerator::name).orElse(CPU);
    }

    /**
     * The device of a given ordinal (a Spark task's GPU address), opened once per runtime, whatever the setting's
     * ordinal; a fixed device ({@link #of(ComputeDevice, Mode)}) whatever the ordinal; empty when the setting is
     * {@code off} or the device cannot be opened.
     */
    public Optional<ComputeDevice> ordinal(int which) {
        if (mode == Mode.OFF) {
            return Optional.empty();
        }
        if (backEnds.isEmpty() && chosen != null) {
            return chosen.device();
        }
        return byOrdinal.computeIfAbsent(which, this::openOrdinal).device();
    }

    private Choice choice() {
        Choice c = chosen;
        if (c == null) {
            synchronized (lock) {
                c = chosen;
                if (c == null) {
                    Opened opened = byOrdinal.computeIfAbsent(ordinal, this::openOrdinal);
                    c = new Choice(mode, opened.device(), opened.status());
                    LOG.info("compute device: {}", c.status());
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

    private static int configuredOrdinal() {
        String text = System.getProperty(ORDINAL_PROPERTY, "0").trim();
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new OklException(ErrorCode.USAGE, "system property " + ORDINAL_PROPERTY + " is '" + text
                    + "'; give a device number such as 0");
        }
    }

    private Opened openOrdinal(int which) {
        List<String> reasons = new ArrayList<>();
        ExecutionBackEnd.Settings settings = new ExecutionBackEnd.Settings(which, linearAlgebra, mode == Mode.ON);
        for (ExecutionBackEnd backEnd : backEnds) {
            ExecutionBackEnd.Opened opened;
            try {
                opened = backEnd.open(settings);
            } catch (RuntimeException | LinkageError e) {
                opened = ExecutionBackEnd.Opened.idle(backEnd.name() + " failed: " + e);
            }
            if (opened.execution().isEmpty()) {
                if (!opened.status().isBlank()) {
                    reasons.add(opened.status());
                }
                continue;
            }
            Optional<ComputeDevice> device = opened.execution().get().facet(ComputeDevice.class);
            if (device.isPresent()) {
                return new Opened(device, opened.status());
            }
        }
        return new Opened(Optional.empty(), reasons.isEmpty()
                ? "none (no device plugin such as okl-gpu on the class path)" : "none: " + String.join("; ", reasons));
    }

    /** The device as an accelerator that applies the setting's threshold per call. */
    private final class Gated implements Accelerator {
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
