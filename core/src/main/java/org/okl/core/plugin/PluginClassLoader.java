package org.okl.core.plugin;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The class loader of one plugin from a plugins folder, isolated as Trino isolates its plugins: the OKL api
 * ({@code org.okl.api.*}), the math module ({@code org.okl.linalg.*}, which plugins may use beside the api) and the
 * SLF4J logging API come from OKL, the JDK from the platform, and every other class from the plugin's own JARs. OKL's implementation and its libraries (core, Guice, Jackson, netlib, ...) are
 * invisible, so a plugin may bundle any version of any library without clashing with OKL's.
 *
 * <p>The loader is named after the plugin's location, so a stack frame of plugin code says which plugin it belongs
 * to ({@link StackTraceElement#getClassLoaderName()}); {@link PluginFailures} uses that to name the plugin that
 * failed.
 */
final class PluginClassLoader extends URLClassLoader {
    /**
     * The packages shared with OKL. The api is the contract itself; the math module holds the contracts written in its
     * types (a compute device's operations) and the layer plugins build solvers on, and a plugin that bundled its own
     * copy would implement a different class than the runtime asks for. SLF4J's API is shared so that a plugin's log lines
     * reach the user's console under OKL's logging settings ({@code --verbose}); it is a facade whose {@code Logger}
     * calls have stayed binary compatible since version 1.5, so sharing it cannot break a plugin compiled against
     * another version.
     */
    static final List<String> SHARED_PACKAGES = List.of("org.okl.api.", "org.okl.linalg.", "org.slf4j.");
    /** The prefix of every plugin loader's name. */
    static final String NAME_PREFIX = "okl-plugin:";

    static {
        ClassLoader.registerAsParallelCapable();
    }

    private final ClassLoader okl;

    /**
     * A loader over a plugin's JARs.
     *
     * @param location the plugin's JAR or folder, which names the loader
     * @param jars     the JARs holding the plugin and the libraries it bundles
     * @param okl      the loader the shared packages come from
     */
    PluginClassLoader(String location, URL[] jars, ClassLoader okl) {
        super(NAME_PREFIX + location, jars, ClassLoader.getPlatformClassLoader());
        this.okl = okl;
    }

    /** The location of the plugin a class loader name belongs to, or {@code null} for other loaders. */
    static String locationOf(String loaderName) {
        return loaderName != null && loaderName.startsWith(NAME_PREFIX) ? loaderName.substring(NAME_PREFIX.length())
                : null;
    }

    static boolean isShared(String className) {
        for (String prefix : SHARED_PACKAGES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isSharedResource(String name) {
        return isShared(name.replace('/', '.'));
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = isShared(name) ? okl.loadClass(name) : platformOrOwn(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    /** A JDK class from the platform, else the plugin's own; never OKL's implementation classes. */
    private Class<?> platformOrOwn(String name) throws ClassNotFoundException {
        try {
            return getParent().loadClass(name);
        } catch (ClassNotFoundException notInTheJdk) {
            return findClass(name);
        }
    }

    @Override
    public URL getResource(String name) {
        if (isSharedResource(name)) {
            return okl.getResource(name);
        }
        URL own = findResource(name);
        return own != null ? own : getParent().getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        if (isSharedResource(name)) {
            return okl.getResources(name);
        }
        List<URL> urls = new ArrayList<>(Collections.list(findResources(name)));
        urls.addAll(Collections.list(getParent().getResources(name)));
        return Collections.enumeration(urls);
    }
}
