package org.okl.core.plugin;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import org.okl.api.plugin.OklPlugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds {@link OklPlugin} implementations with {@link ServiceLoader}: on the class path, and in every JAR of the
 * plugin folders (one class loader per JAR, the OKL classes shared from the parent). A plugin that fails to load is
 * recorded with its JAR and cause, and the others still load.
 */
public final class PluginLoader {
    private static final Logger LOG = LoggerFactory.getLogger(PluginLoader.class);
    private static final String SERVICE_FILE = "META-INF/services/" + OklPlugin.class.getName();
    private static final int MAX_CONSECUTIVE_FAILURES = 64;

    private PluginLoader() {
    }

    /**
     * A plugin that loaded.
     *
     * @param plugin   the plugin instance
     * @param location the JAR or folder it came from
     */
    public record LoadedPlugin(OklPlugin plugin, String location) {
    }

    /**
     * A plugin that did not load.
     *
     * @param location the JAR it came from, as far as it can be told
     * @param cause    what went wrong, one line
     */
    public record PluginFailure(String location, String cause) {
    }

    /**
     * What discovery found.
     *
     * @param plugins  plugins that loaded, class-path ones first
     * @param failures plugins that did not
     */
    public record Discovery(List<LoadedPlugin> plugins, List<PluginFailure> failures) {
    }

    /**
     * Discovers plugins visible from {@code parent} and in the JARs of the given folders.
     *
     * @throws OklException ({@link ErrorCode#PLUGIN_FOLDER}) when a folder does not exist or cannot be listed
     */
    public static Discovery discover(ClassLoader parent, List<Path> pluginFolders) {
        List<LoadedPlugin> plugins = new ArrayList<>();
        List<PluginFailure> failures = new ArrayList<>();
        load(parent, null, plugins, failures);
        for (Path folder : pluginFolders) {
            for (Path jar : jarsIn(folder)) {
                URLClassLoader loader = new URLClassLoader(new URL[] {toUrl(jar)}, parent);
                load(loader, jar, plugins, failures);
            }
        }
        return new Discovery(Collections.unmodifiableList(plugins), Collections.unmodifiableList(failures));
    }

    private static void load(ClassLoader loader, Path jar, List<LoadedPlugin> plugins, List<PluginFailure> failures) {
        Iterator<OklPlugin> it = ServiceLoader.load(OklPlugin.class, loader).iterator();
        int consecutiveFailures = 0;
        while (consecutiveFailures < MAX_CONSECUTIVE_FAILURES) {
            try {
                if (!it.hasNext()) {
                    return;
                }
                OklPlugin plugin = it.next();
                consecutiveFailures = 0;
                if (jar != null && plugin.getClass().getClassLoader() != loader) {
                    continue; // seen already on the class path
                }
                String location = jar != null ? jar.toString() : locationOf(plugin.getClass());
                plugins.add(new LoadedPlugin(plugin, location));
            } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                consecutiveFailures++;
                String location = jar != null ? jar.toString() : locateFailure(loader, e);
                String cause = oneLine(e);
                if (jar == null || failures.stream().noneMatch(f -> f.cause().equals(cause))) {
                    failures.add(new PluginFailure(location, cause));
                    LOG.warn("[{}] plugin in {} failed to load: {}", ErrorCode.BROKEN_PLUGIN.code(), location, cause);
                }
            }
        }
    }

    private static List<Path> jarsIn(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new OklException(ErrorCode.PLUGIN_FOLDER,
                    "plugin folder " + folder + " does not exist or is not a folder; create it or fix --plugins / "
                            + "OKL_PLUGINS");
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new OklException(ErrorCode.PLUGIN_FOLDER, "cannot list plugin folder " + folder + ": " + e, e);
        }
    }

    private static URL toUrl(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new OklException(ErrorCode.PLUGIN_FOLDER, "cannot use plugin JAR " + jar + ": " + e, e);
        }
    }

    /** The JAR or folder a class was loaded from. */
    static String locationOf(Class<?> type) {
        var source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return "(unknown location)";
        }
        return source.getLocation().getPath();
    }

    /** Finds the JAR whose service file names the class a failure mentions. */
    private static String locateFailure(ClassLoader loader, Throwable e) {
        String message = String.valueOf(e.getMessage());
        try {
            for (URL url : Collections.list(loader.getResources(SERVICE_FILE))) {
                for (String provider : providersIn(url)) {
                    if (message.contains(provider)) {
                        return jarOf(url);
                    }
                }
            }
        } catch (IOException ignored) {
            // the location stays unknown; the cause still names the provider
        }
        return "(class path)";
    }

    private static List<String> providersIn(URL serviceFile) throws IOException {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(serviceFile.openStream(), StandardCharsets.UTF_8))) {
            return r.lines()
                    .map(l -> l.replaceAll("#.*", "").trim())
                    .filter(l -> !l.isEmpty())
                    .toList();
        }
    }

    private static String jarOf(URL serviceFile) {
        String s = serviceFile.toString();
        int bang = s.indexOf("!/");
        if (s.startsWith("jar:file:") && bang > 0) {
            return s.substring("jar:file:".length(), bang);
        }
        return s.substring(0, s.length() - SERVICE_FILE.length());
    }

    private static String oneLine(Throwable e) {
        StringBuilder sb = new StringBuilder(e.getClass().getSimpleName() + ": " + e.getMessage());
        for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            sb.append("; caused by ").append(c.getClass().getSimpleName()).append(": ").append(c.getMessage());
        }
        return sb.toString().replace('\n', ' ');
    }
}
