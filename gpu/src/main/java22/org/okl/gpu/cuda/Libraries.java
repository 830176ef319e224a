package org.okl.gpu.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CUDA libraries, loaded by name: from the folder {@code okl.gpu.libraries} names, else the system's library
 * path, else CUDA's usual folders. Each library is tried under the names of CUDA 13 and 12. Binds functions with the
 * JDK's native linker ({@link Binder}).
 */
final class Libraries implements Binder {
    /** The file names tried for each library, newest first. */
    static final Map<String, List<String>> NAMES = Map.of(
            "cudart", List.of("libcudart.so.13", "libcudart.so.12", "libcudart.so"),
            "cublas", List.of("libcublas.so.13", "libcublas.so.12", "libcublas.so"),
            "cusolver", List.of("libcusolver.so.12", "libcusolver.so.11", "libcusolver.so"),
            "nvrtc", List.of("libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"),
            "cuda", List.of("libcuda.so.1", "libcuda.so"));
    /** Folders tried after the system's library path. */
    static final List<String> FOLDERS = List.of("/usr/local/cuda/lib64", "/usr/local/cuda/targets/x86_64-linux/lib",
            "/usr/local/nvidia/lib64", "/usr/lib/x86_64-linux-gnu");

    private final Linker linker = Linker.nativeLinker();
    private final Map<String, SymbolLookup> loaded = new LinkedHashMap<>();
    private final Map<String, String> files = new LinkedHashMap<>();
    private final String folder;

    /** @param folder a folder to load the libraries from first, or null */
    Libraries(String folder) {
        this.folder = folder;
    }

    /**
     * Loads a library.
     *
     * @throws IllegalStateException naming every file tried when none loads
     */
    SymbolLookup load(String library) {
        SymbolLookup lookup = loaded.get(library);
        if (lookup != null) {
            return lookup;
        }
        List<String> tried = new ArrayList<>();
        for (String name : NAMES.get(library)) {
            List<String> candidates = new ArrayList<>();
            if (folder != null && !folder.isBlank()) {
                candidates.add(Path.of(folder, name).toString());
            }
            candidates.add(name);
            for (String f : FOLDERS) {
                if (Files.exists(Path.of(f, name))) {
                    candidates.add(Path.of(f, name).toString());
                }
            }
            for (String candidate : candidates) {
                try {
                    lookup = SymbolLookup.libraryLookup(candidate, Arena.global());
                    loaded.put(library, lookup);
                    files.put(library, candidate);
                    return lookup;
                } catch (IllegalArgumentException e) {
                    tried.add(candidate);
                }
            }
        }
        throw new IllegalStateException("no " + library + " library loads (tried " + String.join(", ", tried)
                + "); install CUDA 12 or 13 or name its library folder with -Dokl.gpu.libraries=FOLDER");
    }

    /** The file each loaded library came from. */
    Map<String, String> files() {
        return Map.copyOf(files);
    }

    @Override
    public MethodHandle bind(String library, String symbol, FunctionDescriptor descriptor) {
        MemorySegment address = load(library).find(symbol).orElseThrow(() -> new IllegalStateException(
                files.get(library) + " has no function " + symbol + " (a CUDA older than 12?)"));
        return linker.downcallHandle(address, descriptor);
    }
}
