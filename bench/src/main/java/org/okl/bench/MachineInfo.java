package org.okl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.okl.api.linalg.LinearAlgebra;

/** The facts a benchmark table needs beside it: CPU, cores, memory, Java, back-ends and the load average. */
final class MachineInfo {
    private static final Path CPUINFO = Path.of("/proc/cpuinfo");
    private static final Path LOADAVG = Path.of("/proc/loadavg");

    private MachineInfo() {
    }

    /** CPU model, processors, maximum heap, Java version and the back-ends' descriptions. */
    static Map<String, String> describe(Map<String, LinearAlgebra> backends) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cpu", cpuModel());
        m.put("processors", Integer.toString(Runtime.getRuntime().availableProcessors()));
        m.put("max heap", (Runtime.getRuntime().maxMemory() >> 20) + " MiB");
        m.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        backends.forEach((name, la) -> m.put("backend " + name, la.description()));
        return m;
    }

    /** The first {@code model name} of /proc/cpuinfo, or the architecture when it cannot be read. */
    static String cpuModel() {
        try {
            return Files.readAllLines(CPUINFO).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst()
                    .orElse(System.getProperty("os.arch"));
        } catch (IOException | RuntimeException e) {
            return System.getProperty("os.arch");
        }
    }

    /** The 1, 5 and 15 minute load averages from /proc/loadavg, or the JVM's 1-minute figure. */
    static String loadAverage() {
        try {
            String[] parts = Files.readString(LOADAVG).trim().split("\\s+");
            return parts[0] + ", " + parts[1] + ", " + parts[2];
        } catch (IOException | RuntimeException e) {
            double one = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            return one < 0 ? "unknown" : String.format(java.util.Locale.ROOT, "%.2f", one);
        }
    }
}
