package org.okl.spark.cluster;

import java.util.Arrays;

/**
 * Runs a main class (a Spark daemon) that halts when the process that started it exits, so that no daemon outlives a
 * test JVM killed without running its shutdown hooks. Arguments: the parent's pid, the main class, its arguments.
 */
public final class ParentWatchingMain {
    private ParentWatchingMain() {
    }

    /** Watches the parent, then runs the main class. */
    public static void main(String[] args) throws Exception {
        long parent = Long.parseLong(args[0]);
        Thread watcher = new Thread(() -> {
            ProcessHandle.of(parent).ifPresent(h -> h.onExit().join());
            Runtime.getRuntime().halt(1);
        }, "okl-parent-watcher");
        watcher.setDaemon(true);
        watcher.start();
        Class.forName(args[1]).getMethod("main", String[].class)
                .invoke(null, (Object) Arrays.copyOfRange(args, 2, args.length));
    }
}
