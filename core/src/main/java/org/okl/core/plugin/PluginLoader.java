package org.okl.core.plugin;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.text.UserText;
import org.okl.core.io.IoErrors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds {@link OklPlugin} implementations with {@link ServiceLoader}: on the class path, and in the plugin folders.
 * In a plugin folder, every {@code *.jar} file is one plugin, and every sub-folder is one plugin whose class path is
 * the JARs inside it (for a plugin that keeps its libraries as separate JARs). Each folder plugin gets its own
 * {@link PluginClassLoader}, which shows it the OKL api and the JDK and nothing else of OKL.
 *
 * <p>A plugin that fails to load is recorded with its JAR and cause, and the others still load: a class that is
 * missing, a constructor that throws, a {@code .jar} file that is not a JAR archive, or a JAR that declares no
 * plugin. A plugin folder that does not exist is an error ({@link ErrorCode#PLUGIN_FOLDER}).
 */
public final class PluginLoader {
    private static final Logger LOG = LoggerFactory.getLogger(PluginLoader.class);
    private static final String SERVICE_FILE = "META-INF/services/" + OklPlugin.class.getName();
    private static final int MAX_CONSECUTIVE_FAILURES = 64;
    /**
     * The resource at the root of every OKL module's JAR (and class folder): a plugin found on OKL's class path whose
     * JAR holds it is one of OKL's own. Trust follows where a class was loaded from, never its package name: a
     * plugin from a plugins folder is never OKL's, whatever its classes are called.
     */
    public static final String OWN_MODULE_MARKER = "META-INF/okl/own-module";

    private PluginLoader() {
    }

    /**
     * A plugin that loaded.
     *
     * @param plugin   the plugin instance
     * @param location the JAR or folder it came from
     * @param own      whether it is one of OKL's own plugins, decided by where its class was loaded from
     *                 ({@link #isOwn}): only those may use the reserved prefix and declare defaults
     */
    public record LoadedPlugin(OklPlugin plugin, String location, boolean own) {

        /** A third party's plugin (not OKL's own), for example one added in code. */
        public LoadedPlugin(OklPlugin plugin, String location) {
            this(plugin, location, false);
        }
    }

    /**
     * One folder plugin's class path: a {@code *.jar} file of a plugin folder, or the JARs of one of its sub-folders.
     *
     * @param location where the plugin came from (the JAR or the sub-folder), as reports name it
     * @param jars     its JARs, in class-path order
     */
    public record PluginJars(String location, List<Path> jars) {
        /** Copies the list. */
        public PluginJars {
            jars = List.copyOf(jars);
        }
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
     * Checks that every plugin folder exists and can be listed, without loading anything (so that a command that
     * loads no plugin still rejects a mistyped folder).
     *
     * @throws OklException ({@link ErrorCode#PLUGIN_FOLDER}) naming the first folder that does not exist
     */
    public static void checkFolders(List<Path> pluginFolders) {
        pluginFolders.forEach(PluginLoader::entriesOf);
    }

    /**
     * Discovers plugins visible from {@code parent} and in the given folders.
     *
     * @param parent        the loader of OKL itself: class-path plugins are found through it, and folder plugins
     *                      see the OKL api through it
     * @param pluginFolders folders of plugin JARs
     * @throws OklException ({@link ErrorCode#PLUGIN_FOLDER}) when a folder does not exist or cannot be listed
     */
    public static Discovery discover(ClassLoader parent, List<Path> pluginFolders) {
        return discover(parent, pluginFolders, List.of());
    }

    /**
     * Discovers plugins visible from {@code parent}, in the given folders, and given by their JARs (plugins shipped
     * from another machine, each loaded in its own class loader as a folder plugin is).
     *
     * @param parent        the loader of OKL itself
     * @param pluginFolders folders of plugin JARs
     * @param pluginJars    plugins given by their JARs, loaded after the folders' plugins
     * @throws OklException ({@link ErrorCode#PLUGIN_FOLDER}) when a folder does not exist or cannot be listed
     */
    public static Discovery discover(ClassLoader parent, List<Path> pluginFolders, List<PluginJars> pluginJars) {
        List<LoadedPlugin> plugins = new ArrayList<>();
        List<PluginFailure> failures = new ArrayList<>();
        List<Path> folderPlugins = new ArrayList<>();
        for (Path folder : pluginFolders) {
            folderPlugins.addAll(entriesOf(folder));
        }
        load(parent, null, plugins, failures);
        for (Path entry : folderPlugins) {
            loadFolderPlugin(entry, parent, plugins, failures);
        }
        for (PluginJars given : pluginJars) {
            loadJars(given.location(), given.jars(), parent, plugins, failures);
        }
        return new Discovery(Collections.unmodifiableList(plugins), Collections.unmodifiableList(failures));
    }

    /**
     * The plugins in the folders, each with its JARs, in the order {@link #discover} loads them: a {@code *.jar}
     * file is a plugin of one JAR, a sub-folder a plugin of the JARs in it. Nothing is loaded.
     *
     * @throws OklException ({@link ErrorCode#PLUGIN_FOLDER}) when a folder does not exist or cannot be listed
     */
    public static List<PluginJars> folderPlugins(List<Path> pluginFolders) {
        List<PluginJars> found = new ArrayList<>();
        for (Path folder : pluginFolders) {
            for (Path entry : entriesOf(folder)) {
                try {
                    found.add(new PluginJars(entry.toString(), Files.isDirectory(entry) ? jarsIn(entry)
                            : List.of(entry)));
                } catch (IOException e) {
                    throw new OklException(ErrorCode.PLUGIN_FOLDER, "cannot list plugin folder " + UserText.quote(
                            entry.toString(), 200) + ": " + IoErrors.describe(e), e);
                }
            }
        }
        return found;
    }

    private static void loadFolderPlugin(Path entry, ClassLoader parent, List<LoadedPlugin> plugins,
            List<PluginFailure> failures) {
        List<Path> jars;
        try {
            jars = Files.isDirectory(entry) ? jarsIn(entry) : List.of(entry);
        } catch (IOException e) {
            fail(failures, entry.toString(), "cannot list the plugin folder: " + e.getMessage());
            return;
        }
        if (jars.isEmpty()) {
            fail(failures, entry.toString(), "the folder holds no JAR; a plugin folder inside the plugins folder "
                    + "holds the plugin's JAR and the JARs of the libraries it uses");
            return;
        }
        loadJars(entry.toString(), jars, parent, plugins, failures);
    }

    /** Loads one plugin from its JARs in a class loader of its own. */
    private static void loadJars(String location, List<Path> jars, ClassLoader parent, List<LoadedPlugin> plugins,
            List<PluginFailure> failures) {
        for (Path jar : jars) {
            String problem = notAJar(jar);
            if (problem != null) {
                fail(failures, jar.toString(), problem);
                return;
            }
        }
        PluginClassLoader loader = new PluginClassLoader(location, urls(jars), parent);
        int before = plugins.size() + failures.size();
        load(loader, location, plugins, failures);
        if (plugins.size() + failures.size() == before) {
            fail(failures, location, "declares no OKL plugin (no " + SERVICE_FILE + " naming a class "
                    + "that implements " + OklPlugin.class.getName() + ")");
        }
    }

    /**
     * Loads the plugins a loader's service files name.
     *
     * @param jar where a folder plugin came from, or {@code null} for the class path
     */
    private static void load(ClassLoader loader, String jar, List<LoadedPlugin> plugins,
            List<PluginFailure> failures) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            Iterator<OklPlugin> it = ServiceLoader.load(OklPlugin.class, loader).iterator();
            int consecutiveFailures = 0;
            while (consecutiveFailures < MAX_CONSECUTIVE_FAILURES) {
                try {
                    if (!it.hasNext()) {
                        return;
                    }
                    OklPlugin plugin = it.next();
                    consecutiveFailures = 0;
                    String location = jar != null ? jar : locationOf(plugin.getClass());
                    plugins.add(new LoadedPlugin(plugin, location, jar == null && isOwn(plugin.getClass())));
                } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                    consecutiveFailures++;
                    String location = jar != null ? jar : locateFailure(loader, e);
                    String cause = oneLine(e);
                    if (jar == null || failures.stream().noneMatch(f -> f.cause().equals(cause))) {
                        fail(failures, location, cause);
                    }
                }
            }
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static void fail(List<PluginFailure> failures, String location, String cause) {
        failures.add(new PluginFailure(location, cause));
        LOG.warn("[{}] plugin {} left out: {}", ErrorCode.BROKEN_PLUGIN.code(), location, cause);
    }

    /** The plugins in a folder: its {@code *.jar} files and its sub-folders, in name order. */
    private static List<Path> entriesOf(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new OklException(ErrorCode.PLUGIN_FOLDER,
                    "plugin folder " + UserText.quote(folder.toString(), 200) + " does not exist or is not a folder;"
                            + " create it or fix --plugins / "
                            + "OKL_PLUGINS");
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> Files.isDirectory(p) || isJarName(p)).sorted().toList();
        } catch (IOException e) {
            throw new OklException(ErrorCode.PLUGIN_FOLDER, "cannot list plugin folder " + UserText.quote(folder
                    .toString(), 200) + ": " + IoErrors.describe(e), e);
        }
    }

    private static List<Path> jarsIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(PluginLoader::isJarName).sorted().toList();
        }
    }

    private static boolean isJarName(Path p) {
        return p.getFileName().toString().endsWith(".jar") && !Files.isDirectory(p);
    }

    /** Why a file named {@code *.jar} cannot be used as one, or {@code null} when it is a readable JAR. */
    private static String notAJar(Path file) {
        try (JarFile ignored = new JarFile(file.toFile())) {
            return null;
        } catch (IOException e) {
            return "not a JAR archive (" + e.getMessage() + "); remove the file from the plugins folder or replace "
                    + "it with the plugin's JAR";
        }
    }

    private static URL[] urls(List<Path> jars) {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = jars.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new OklException(ErrorCode.PLUGIN_FOLDER, "cannot use plugin JAR " + UserText.quote(jars.get(i)
                        .toString(), 200) + ": " + UserText.escape(String.valueOf(e.getMessage())), e);
            }
        }
        return urls;
    }

    /**
     * Whether a plugin class is OKL's own: loaded from OKL's class path (not by a plugin folder's isolated loader),
     * from a JAR or class folder that holds {@link #OWN_MODULE_MARKER}.
     */
    static boolean isOwn(Class<?> type) {
        if (type.getClassLoader() instanceof PluginClassLoader) {
            return false;
        }
        var source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return false;
        }
        try {
            Path location = Path.of(source.getLocation().toURI());
            if (Files.isDirectory(location)) {
                return Files.isRegularFile(location.resolve(OWN_MODULE_MARKER));
            }
            try (JarFile jar = new JarFile(location.toFile())) {
                return jar.getEntry(OWN_MODULE_MARKER) != null;
            }
        } catch (IOException | java.net.URISyntaxException | IllegalArgumentException
                | java.nio.file.FileSystemNotFoundException e) {
            return false;
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

    /** A throwable and its causes on one line. */
    static String oneLine(Throwable e) {
        StringBuilder sb = new StringBuilder(e.getClass().getSimpleName() + ": " + e.getMessage());
        for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            sb.append("; caused by ").append(c.getClass().getSimpleName()).append(": ").append(c.getMessage());
        }
        return sb.toString().replace('\n', ' ');
    }
}
