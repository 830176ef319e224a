package org.okl.spark.exec;

import org.apache.spark.TaskContext;
import org.okl.core.Okl;

/**
 * The {@link Okl} of an executor JVM, for work on Spark executors: the class-path plugins (those in the application
 * JAR) and the plugins of the driver's plugin folders that came with the work ({@link ShippedPlugins}), the active
 * linear-algebra back-end ({@code -Dokl.linalg} in {@code spark.executor.extraJavaOptions} forces
 * one) and the executor's own compute devices ({@code -Dokl.gpu}), built once on first use. An executor is one JVM
 * with one runtime, as it has one {@code SparkEnv}; the driver's runtime is the one its program builds.
 */
public final class ExecutorOkl {
    private static final ExecutorCache<Okl> WITH_PLUGINS = new ExecutorCache<>(4);
    private static Okl okl;
    private static Okl override;

    private ExecutorOkl() {
    }

    /**
     * The runtime of the running task: with the folder plugins the driver shipped with the task's job
     * ({@link ShippedPlugins#PROPERTY}); outside a task, the class-path plugins alone.
     */
    public static Okl get() {
        TaskContext task = TaskContext.get();
        return get(task == null ? ShippedPlugins.NONE : ShippedPlugins.decode(task.getLocalProperty(
                ShippedPlugins.PROPERTY)));
    }

    /** The runtime with the class-path plugins and the given folder plugins, built once per JVM for each set. */
    public static Okl get(ShippedPlugins plugins) {
        synchronized (ExecutorOkl.class) {
            if (override != null) {
                return override;
            }
            if (plugins.isEmpty()) {
                if (okl == null) {
                    okl = Okl.builder().dataDirectory(null).build();
                }
                return okl;
            }
        }
        return WITH_PLUGINS.get(plugins.key(), () -> {
            Okl.Builder builder = Okl.builder().dataDirectory(null);
            plugins.resolve().forEach(p -> builder.pluginJars(p.location(), p.jars()));
            return builder.build();
        });
    }

    /**
     * Runs the executors of this JVM on the given runtime until the returned scope is closed: for local-mode tests and
     * programs whose executors share the driver's JVM and should use a device or back-end chosen in code.
     */
    public static synchronized Scope use(Okl runtime) {
        Okl previous = override;
        override = runtime;
        return () -> {
            synchronized (ExecutorOkl.class) {
                override = previous;
            }
        };
    }

    /** Restores the runtime the executors used before. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
