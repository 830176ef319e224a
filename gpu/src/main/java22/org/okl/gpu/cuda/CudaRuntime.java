package org.okl.gpu.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** {@code libcudart}: devices, memory, copies, streams and events. Every call's status is checked. */
final class CudaRuntime {
    /** cudaMemcpyKind. */
    static final int HOST_TO_DEVICE = 1;
    static final int DEVICE_TO_HOST = 2;
    static final int DEVICE_TO_DEVICE = 3;
    /** cudaDeviceAttr. */
    static final int MULTIPROCESSORS = 16;
    static final int CAPABILITY_MAJOR = 75;
    static final int CAPABILITY_MINOR = 76;
    /** cudaEventDisableTiming. */
    static final int EVENT_NO_TIMING = 2;
    /** cudaErrorMemoryAllocation. */
    static final int OUT_OF_MEMORY = 2;

    private final MethodHandle getDeviceCount;
    private final MethodHandle setDevice;
    private final MethodHandle deviceGetAttribute;
    private final MethodHandle memGetInfo;
    private final MethodHandle malloc;
    private final MethodHandle free;
    private final MethodHandle mallocHost;
    private final MethodHandle freeHost;
    private final MethodHandle memcpy;
    private final MethodHandle memcpyAsync;
    private final MethodHandle memsetAsync;
    private final MethodHandle streamCreate;
    private final MethodHandle streamDestroy;
    private final MethodHandle streamSynchronize;
    private final MethodHandle eventCreateWithFlags;
    private final MethodHandle eventRecord;
    private final MethodHandle streamWaitEvent;
    private final MethodHandle eventSynchronize;
    private final MethodHandle eventDestroy;
    private final MethodHandle deviceSynchronize;
    private final MethodHandle getErrorString;
    private final MethodHandle runtimeGetVersion;
    private final MethodHandle driverGetVersion;

    CudaRuntime(Binder b) {
        String lib = "cudart";
        getDeviceCount = b.bind(lib, "cudaGetDeviceCount", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        setDevice = b.bind(lib, "cudaSetDevice", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        deviceGetAttribute = b.bind(lib, "cudaDeviceGetAttribute", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT,
                JAVA_INT));
        memGetInfo = b.bind(lib, "cudaMemGetInfo", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        malloc = b.bind(lib, "cudaMalloc", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        free = b.bind(lib, "cudaFree", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        mallocHost = b.bind(lib, "cudaMallocHost", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        freeHost = b.bind(lib, "cudaFreeHost", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        memcpy = b.bind(lib, "cudaMemcpy", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT));
        memcpyAsync = b.bind(lib, "cudaMemcpyAsync", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG,
                JAVA_INT, ADDRESS));
        memsetAsync = b.bind(lib, "cudaMemsetAsync", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG,
                ADDRESS));
        streamCreate = b.bind(lib, "cudaStreamCreate", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        streamDestroy = b.bind(lib, "cudaStreamDestroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        streamSynchronize = b.bind(lib, "cudaStreamSynchronize", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        eventCreateWithFlags = b.bind(lib, "cudaEventCreateWithFlags", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                JAVA_INT));
        eventRecord = b.bind(lib, "cudaEventRecord", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        streamWaitEvent = b.bind(lib, "cudaStreamWaitEvent", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS,
                JAVA_INT));
        eventSynchronize = b.bind(lib, "cudaEventSynchronize", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        eventDestroy = b.bind(lib, "cudaEventDestroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        deviceSynchronize = b.bind(lib, "cudaDeviceSynchronize", FunctionDescriptor.of(JAVA_INT));
        getErrorString = b.bind(lib, "cudaGetErrorString", FunctionDescriptor.of(ADDRESS, JAVA_INT));
        runtimeGetVersion = b.bind(lib, "cudaRuntimeGetVersion", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        driverGetVersion = b.bind(lib, "cudaDriverGetVersion", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    /** The runtime's description of a status. */
    String errorString(int status) {
        try {
            MemorySegment s = (MemorySegment) getErrorString.invokeExact(status);
            return s.equals(MemorySegment.NULL) ? "unknown error" : s.reinterpret(4096).getString(0);
        } catch (Throwable t) {
            return "error " + status;
        }
    }

    void check(int status, String call) {
        if (status != 0) {
            throw new CudaException(call + " failed: " + errorString(status) + " (" + status + ")", status);
        }
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

    /** The status of cudaGetDeviceCount and the count (0 when it failed). */
    int[] deviceCount() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment n = a.allocate(JAVA_INT);
            int status = (int) getDeviceCount.invokeExact(n);
            return new int[] {status, status == 0 ? n.get(JAVA_INT, 0) : 0};
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void setDevice(int ordinal) {
        try {
            check((int) setDevice.invokeExact(ordinal), "cudaSetDevice(" + ordinal + ")");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    int attribute(int attribute, int ordinal) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment value = a.allocate(JAVA_INT);
            check((int) deviceGetAttribute.invokeExact(value, attribute, ordinal), "cudaDeviceGetAttribute");
            return value.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Free and total device memory in bytes. */
    long[] memory() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment freeBytes = a.allocate(JAVA_LONG);
            MemorySegment totalBytes = a.allocate(JAVA_LONG);
            check((int) memGetInfo.invokeExact(freeBytes, totalBytes), "cudaMemGetInfo");
            return new long[] {freeBytes.get(JAVA_LONG, 0), totalBytes.get(JAVA_LONG, 0)};
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Device memory; the status (0 or {@link #OUT_OF_MEMORY}) in {@code status[0]}. */
    long malloc(long bytes, int[] status) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            int s = (int) malloc.invokeExact(p, bytes);
            status[0] = s;
            if (s != 0 && s != OUT_OF_MEMORY) {
                check(s, "cudaMalloc(" + bytes + ")");
            }
            return s == 0 ? p.get(ADDRESS, 0).address() : 0;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void free(long address) {
        try {
            check((int) free.invokeExact(MemorySegment.ofAddress(address)), "cudaFree");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Page-locked host memory of {@code bytes}, as a segment of that size. */
    MemorySegment mallocHost(long bytes) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check((int) mallocHost.invokeExact(p, bytes), "cudaMallocHost(" + bytes + ")");
            return p.get(ADDRESS, 0).reinterpret(bytes);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void freeHost(MemorySegment pinned) {
        try {
            check((int) freeHost.invokeExact(pinned), "cudaFreeHost");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void memcpy(MemorySegment target, MemorySegment source, long bytes, int kind) {
        try {
            check((int) memcpy.invokeExact(target, source, bytes, kind), "cudaMemcpy");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void memcpyAsync(MemorySegment target, MemorySegment source, long bytes, int kind, MemorySegment stream) {
        try {
            check((int) memcpyAsync.invokeExact(target, source, bytes, kind, stream), "cudaMemcpyAsync");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void memsetAsync(MemorySegment target, int value, long bytes, MemorySegment stream) {
        try {
            check((int) memsetAsync.invokeExact(target, value, bytes, stream), "cudaMemsetAsync");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    MemorySegment streamCreate() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check((int) streamCreate.invokeExact(p), "cudaStreamCreate");
            return p.get(ADDRESS, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void streamDestroy(MemorySegment stream) {
        try {
            check((int) streamDestroy.invokeExact(stream), "cudaStreamDestroy");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void streamSynchronize(MemorySegment stream) {
        try {
            check((int) streamSynchronize.invokeExact(stream), "cudaStreamSynchronize");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    MemorySegment eventCreate() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check((int) eventCreateWithFlags.invokeExact(p, EVENT_NO_TIMING), "cudaEventCreateWithFlags");
            return p.get(ADDRESS, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void eventRecord(MemorySegment event, MemorySegment stream) {
        try {
            check((int) eventRecord.invokeExact(event, stream), "cudaEventRecord");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void streamWaitEvent(MemorySegment stream, MemorySegment event) {
        try {
            check((int) streamWaitEvent.invokeExact(stream, event, 0), "cudaStreamWaitEvent");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void eventSynchronize(MemorySegment event) {
        try {
            check((int) eventSynchronize.invokeExact(event), "cudaEventSynchronize");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void eventDestroy(MemorySegment event) {
        try {
            check((int) eventDestroy.invokeExact(event), "cudaEventDestroy");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void deviceSynchronize() {
        try {
            check((int) deviceSynchronize.invokeExact(), "cudaDeviceSynchronize");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The runtime's version as major.minor. */
    String runtimeVersion() {
        return version(runtimeGetVersion);
    }

    /** The newest CUDA the driver supports, as major.minor. */
    String driverVersion() {
        return version(driverGetVersion);
    }

    private String version(MethodHandle h) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(JAVA_INT);
            int status = (int) h.invokeExact(v);
            if (status != 0) {
                return "unknown";
            }
            int n = v.get(JAVA_INT, 0);
            return (n / 1000) + "." + (n % 1000 / 10);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
