package org.okl.gpu.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * OKL's kernels ({@code okl_kernels.cu} in the JAR), compiled once per device by {@code libnvrtc} to PTX for the
 * card's compute capability, loaded and launched through the driver API ({@code libcuda}: {@code cuModuleLoadData},
 * {@code cuLaunchKernel}). Launch arguments are Java {@code Integer}s (C {@code int}), {@code Long}s
 * ({@code long long}), {@code Double}s ({@code double}) and device addresses ({@link Address}).
 */
final class CudaKernels {
    /** The kernels of the source, by name. */
    static final List<String> NAMES = List.of("okl_gaussian", "okl_mask_groups", "okl_spread_groups",
            "okl_group_residuals", "okl_column_dots", "okl_column_axpy", "okl_column_xpby", "okl_column_scale",
            "okl_add_diagonal", "okl_zero_upper", "okl_mirror_lower", "okl_fill", "okl_topk_partial", "okl_topk_merge");
    static final String SOURCE = "okl_kernels.cu";

    /** A device address as a kernel argument. */
    record Address(long value) {
    }

    private final MethodHandle init;
    private final MethodHandle deviceGet;
    private final MethodHandle deviceGetName;
    private final MethodHandle moduleLoadData;
    private final MethodHandle moduleGetFunction;
    private final MethodHandle launchKernel;
    private final MethodHandle getErrorString;
    private final MethodHandle createProgram;
    private final MethodHandle compileProgram;
    private final MethodHandle getProgramLogSize;
    private final MethodHandle getProgramLog;
    private final MethodHandle getPtxSize;
    private final MethodHandle getPtx;
    private final MethodHandle destroyProgram;
    private final MethodHandle nvrtcErrorString;
    private final MethodHandle nvrtcVersion;
    private final Map<String, MemorySegment> functions = new HashMap<>();

    CudaKernels(Binder b) {
        init = b.bind("cuda", "cuInit", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        deviceGet = b.bind("cuda", "cuDeviceGet", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        deviceGetName = b.bind("cuda", "cuDeviceGetName", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT,
                JAVA_INT));
        moduleLoadData = b.bind("cuda", "cuModuleLoadData", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        moduleGetFunction = b.bind("cuda", "cuModuleGetFunction", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS,
                ADDRESS));
        launchKernel = b.bind("cuda", "cuLaunchKernel", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT,
                JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        getErrorString = b.bind("cuda", "cuGetErrorString", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
        createProgram = b.bind("nvrtc", "nvrtcCreateProgram", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS,
                ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
        compileProgram = b.bind("nvrtc", "nvrtcCompileProgram", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT,
                ADDRESS));
        getProgramLogSize = b.bind("nvrtc", "nvrtcGetProgramLogSize", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                ADDRESS));
        getProgramLog = b.bind("nvrtc", "nvrtcGetProgramLog", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        getPtxSize = b.bind("nvrtc", "nvrtcGetPTXSize", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        getPtx = b.bind("nvrtc", "nvrtcGetPTX", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        destroyProgram = b.bind("nvrtc", "nvrtcDestroyProgram", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        nvrtcErrorString = b.bind("nvrtc", "nvrtcGetErrorString", FunctionDescriptor.of(ADDRESS, JAVA_INT));
        nvrtcVersion = b.bind("nvrtc", "nvrtcVersion", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    private void check(int status, String call) {
        if (status != 0) {
            String text = "CUresult " + status;
            try (Arena a = Arena.ofConfined()) {
                MemorySegment p = a.allocate(ADDRESS);
                if ((int) getErrorString.invokeExact(status, p) == 0 && !p.get(ADDRESS, 0).equals(MemorySegment.NULL)) {
                    text = p.get(ADDRESS, 0).reinterpret(4096).getString(0);
                }
            } catch (Throwable t) {
                // keep the number
            }
            throw new CudaException(call + " failed: " + text + " (" + status + ")", status);
        }
    }

    private void checkNvrtc(int status, String call) {
        if (status != 0) {
            String text = "nvrtcResult " + status;
            try {
                MemorySegment s = (MemorySegment) nvrtcErrorString.invokeExact(status);
                if (!s.equals(MemorySegment.NULL)) {
                    text = s.reinterpret(4096).getString(0);
                }
            } catch (Throwable t) {
                // keep the number
            }
            throw new CudaException(call + " failed: " + text + " (" + status + ")", status);
        }
    }

    /** Initialises the driver API. */
    void initialise() {
        try {
            check((int) init.invokeExact(0), "cuInit");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The card's name. */
    String deviceName(int ordinal) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment device = a.allocate(JAVA_INT);
            check((int) deviceGet.invokeExact(device, ordinal), "cuDeviceGet");
            MemorySegment name = a.allocate(256);
            check((int) deviceGetName.invokeExact(name, 256, device.get(JAVA_INT, 0)), "cuDeviceGetName");
            return name.getString(0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** NVRTC's version as major.minor. */
    String nvrtcVersion() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment major = a.allocate(JAVA_INT);
            MemorySegment minor = a.allocate(JAVA_INT);
            checkNvrtc((int) nvrtcVersion.invokeExact(major, minor), "nvrtcVersion");
            return major.get(JAVA_INT, 0) + "." + minor.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The kernels' source, from the JAR. */
    static String source() {
        try (InputStream in = CudaKernels.class.getResourceAsStream(SOURCE)) {
            if (in == null) {
                throw new IllegalStateException("okl-gpu's JAR lacks org/okl/gpu/cuda/" + SOURCE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Compiles the source for a compute capability (for example 90) and loads every kernel (current context). */
    void load(int capability) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment program = a.allocate(ADDRESS);
            checkNvrtc((int) createProgram.invokeExact(program, a.allocateFrom(source()), a.allocateFrom(SOURCE), 0,
                    MemorySegment.NULL, MemorySegment.NULL), "nvrtcCreateProgram");
            MemorySegment prog = program.get(ADDRESS, 0);
            try {
                String[] options = {"--gpu-architecture=compute_" + capability, "--fmad=true"};
                MemorySegment array = a.allocate(ADDRESS, options.length);
                for (int i = 0; i < options.length; i++) {
                    array.setAtIndex(ADDRESS, i, a.allocateFrom(options[i]));
                }
                int status = (int) compileProgram.invokeExact(prog, options.length, array);
                if (status != 0) {
                    throw new CudaException("nvrtcCompileProgram(" + SOURCE + ", compute_" + capability + ") failed: "
                            + log(a, prog), status);
                }
                MemorySegment size = a.allocate(JAVA_LONG);
                checkNvrtc((int) getPtxSize.invokeExact(prog, size), "nvrtcGetPTXSize");
                MemorySegment ptx = a.allocate(JAVA_BYTE, size.get(JAVA_LONG, 0) + 1);
                checkNvrtc((int) getPtx.invokeExact(prog, ptx), "nvrtcGetPTX");
                MemorySegment module = a.allocate(ADDRESS);
                check((int) moduleLoadData.invokeExact(module, ptx), "cuModuleLoadData");
                MemorySegment mod = module.get(ADDRESS, 0);
                for (String name : NAMES) {
                    MemorySegment f = a.allocate(ADDRESS);
                    check((int) moduleGetFunction.invokeExact(f, mod, a.allocateFrom(name)),
                            "cuModuleGetFunction(" + name + ")");
                    functions.put(name, f.get(ADDRESS, 0));
                }
            } finally {
                int ignored = (int) destroyProgram.invokeExact(program);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private String log(Arena a, MemorySegment prog) throws Throwable {
        MemorySegment size = a.allocate(JAVA_LONG);
        if ((int) getProgramLogSize.invokeExact(prog, size) != 0) {
            return "no log";
        }
        MemorySegment log = a.allocate(JAVA_BYTE, size.get(JAVA_LONG, 0) + 1);
        if ((int) getProgramLog.invokeExact(prog, log) != 0) {
            return "no log";
        }
        return log.getString(0);
    }

    /**
     * Queues a kernel.
     *
     * @param args the kernel's arguments in order: {@code Integer}, {@code Long}, {@code Double} or {@link Address}
     */
    void launch(String name, int gridX, int gridY, int blockX, int blockY, MemorySegment stream, Object... args) {
        MemorySegment function = functions.get(name);
        if (function == null) {
            throw new IllegalStateException("the kernel " + name + " is not loaded");
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment params = a.allocate(ADDRESS, args.length);
            for (int i = 0; i < args.length; i++) {
                Object v = args[i];
                MemorySegment cell;
                if (v instanceof Integer x) {
                    cell = a.allocateFrom(JAVA_INT, x);
                } else if (v instanceof Long x) {
                    cell = a.allocateFrom(JAVA_LONG, x);
                } else if (v instanceof Double x) {
                    cell = a.allocateFrom(JAVA_DOUBLE, x);
                } else if (v instanceof Address x) {
                    cell = a.allocateFrom(JAVA_LONG, x.value());
                } else {
                    throw new IllegalArgumentException("kernel argument " + i + " of " + name + " is a "
                            + (v == null ? "null" : v.getClass().getSimpleName()));
                }
                params.setAtIndex(ADDRESS, i, cell);
            }
            check((int) launchKernel.invokeExact(function, gridX, gridY, 1, blockX, blockY, 1, 0, stream, params,
                    MemorySegment.NULL), "cuLaunchKernel(" + name + ", " + gridX + " x " + gridY + ")");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
