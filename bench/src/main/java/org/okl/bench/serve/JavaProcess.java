package org.okl.bench.serve;

import java.util.ArrayList;
import java.util.List;

/** The command line of an {@code okl} command in its own JVM: this JVM's java and class path, as the launcher runs. */
final class JavaProcess {
    /** The collector the launcher ({@code okl}) gives {@code okl serve}: G1 with server settings. */
    static final List<String> SERVER_COLLECTOR = List.of("-XX:+UseG1GC", "-XX:G1HeapRegionSize=16m",
            "-XX:MaxGCPauseMillis=50", "-XX:G1PeriodicGCInterval=30000");

    private JavaProcess() {
    }

    /**
     * {@code java ... org.okl.app.Main ARGS}, with the launcher's options for commands that compute (ParallelGC,
     * and for {@code serve} the launcher's G1 settings).
     */
    static List<String> okl(List<String> args) {
        return okl(List.of(), args);
    }

    /** The same with JVM options (a heap size) before the class path. */
    static List<String> okl(List<String> jvmOptions, List<String> args) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        command.addAll(jvmOptions);
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
            command.addAll(List.of("--add-modules", "jdk.incubator.vector"));
        }
        if (args.isEmpty() || !args.get(0).equals("serve")) {
            command.add("-XX:+UseParallelGC");
        } else if (jvmOptions.stream().noneMatch(o -> o.contains("GC"))) {
            command.addAll(SERVER_COLLECTOR);
        }
        String linalg = System.getProperty("okl.linalg");
        if (linalg != null && !linalg.isBlank()) {
            command.add("-Dokl.linalg=" + linalg);
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.okl.app.Main"));
        command.addAll(args);
        return command;
    }
}
