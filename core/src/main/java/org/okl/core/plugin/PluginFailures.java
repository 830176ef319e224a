package org.okl.core.plugin;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.data.DataFormatException;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/**
 * Turns a failure inside a third-party plugin's code (an exception, or a linkage error such as
 * {@link NoSuchMethodError} from a library version clash) into one {@link ErrorCode#PLUGIN_FAILURE} error that names
 * the plugin, its version and its JAR, and where in the plugin it failed, instead of a stack trace.
 *
 * <p>The plugin is found from the stack: a frame of a plugin loaded from a plugins folder carries the name of its
 * {@link PluginClassLoader}; a frame of a class-path plugin is matched by the plugin's package. Failures of OKL's own
 * plugins and of core are left as they are (they are OKL's bugs, and {@code --verbose} shows their stack trace), and
 * so are the exceptions the api defines for user mistakes ({@link InvalidParameterException},
 * {@link DataFormatException}) and every {@link OklException}.
 */
public final class PluginFailures {
    private final List<Origin> origins;

    PluginFailures(List<Origin> origins) {
        this.origins = List.copyOf(origins);
    }

    /**
     * Where a plugin's classes come from.
     *
     * @param plugin        the plugin
     * @param loaderName    the name of its isolated class loader, or {@code null} for a class-path plugin
     * @param packagePrefix its package followed by a dot, for class-path plugins
     * @param okl           whether it is one of OKL's own plugins
     */
    record Origin(PluginInfo plugin, String loaderName, String packagePrefix, boolean okl) {

        static Origin of(PluginInfo plugin, Class<?> type, boolean okl) {
            String loaderName = type.getClassLoader() instanceof PluginClassLoader l ? l.getName() : null;
            return new Origin(plugin, loaderName, type.getPackageName() + ".", okl);
        }

        boolean owns(StackTraceElement frame) {
            if (loaderName != null) {
                return loaderName.equals(frame.getClassLoaderName());
            }
            return PluginClassLoader.locationOf(frame.getClassLoaderName()) == null
                    && frame.getClassName().startsWith(packagePrefix);
        }
    }

    /**
     * Runs a step that calls plugin code, naming the third-party plugin that fails in it.
     *
     * @param activity what OKL was doing, for the message, for example {@code fitting the pipeline}
     * @throws OklException {@link ErrorCode#PLUGIN_FAILURE} when a third-party plugin's code failed
     */
    public <T> T guard(String activity, Supplier<T> step) {
        try {
            return step.get();
        } catch (RuntimeException | LinkageError e) {
            Optional<OklException> named = explain(e, activity);
            if (named.isPresent()) {
                throw named.get();
            }
            throw e;
        }
    }

    /**
     * The error naming the third-party plugin a failure came from, or empty when the failure is not a plugin's (or
     * is already an error meant for the user).
     */
    public Optional<OklException> explain(Throwable failure, String activity) {
        List<Throwable> chain = new ArrayList<>();
        Set<Throwable> seen = new HashSet<>();
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            if (t instanceof OklException || t instanceof InvalidParameterException
                    || t instanceof DataFormatException) {
                return Optional.empty();
            }
            chain.add(t);
        }
        for (Throwable t : chain) {
            for (StackTraceElement frame : t.getStackTrace()) {
                for (Origin origin : origins) {
                    if (origin.owns(frame)) {
                        return origin.okl() ? Optional.empty() : Optional.of(error(origin.plugin(), frame, failure,
                                activity));
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static OklException error(PluginInfo plugin, StackTraceElement frame, Throwable failure,
            String activity) {
        return new OklException(ErrorCode.PLUGIN_FAILURE, "plugin '" + plugin.name() + "' " + plugin.version()
                + " (" + plugin.location() + ") failed while " + activity + ": " + PluginLoader.oneLine(failure)
                + " (in " + frame.getClassName() + "." + frame.getMethodName() + "); fix or update the plugin, or "
                + "remove its JAR", failure);
    }
}
