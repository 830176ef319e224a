package org.okl.core.plugin;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Runs every call into a plugin from a plugins folder with that plugin's class loader as the thread's context class
 * loader, as Trino sets a connector's loader around each call into it: a library the plugin bundles that looks up
 * classes or services through the context class loader ({@link java.util.ServiceLoader#load(Class)}, Jackson, JAXB)
 * finds the plugin's own, on whatever thread OKL calls it (the command's, a file reader's, a worker's).
 *
 * <p>A component of such a plugin is handed out as a proxy implementing every public interface of its class that the
 * plugin's loader sees (the api kind, its capability interfaces such as {@code RidgeFilter}, the plugin's own), so
 * that OKL's {@code instanceof} checks see what they saw before; objects of the plugin that its methods return
 * through an interface (a fitted embedding, a stream, a predictor) are wrapped the same way. Plugins on OKL's class
 * path and those added in code run on OKL's loader and are not wrapped.
 */
public final class PluginContextLoaders {

    private PluginContextLoaders() {
    }

    /**
     * The component, wrapped when it comes from an isolated plugin's loader.
     *
     * @param loader the plugin's loader, or {@code null} for a class-path plugin (then the component is returned)
     */
    static <T> T wrap(Class<T> kind, T component, ClassLoader loader) {
        if (loader == null || loader.equals(Thread.currentThread().getContextClassLoader())) {
            return component; // the plugin creating one of its own components gets it as it is
        }
        return always(kind, component, loader);
    }

    /** The object wrapped whatever the current context class loader ({@code null} loader: as it is). */
    static <T> T always(Class<T> kind, T component, ClassLoader loader) {
        if (loader == null || component == null || Proxy.isProxyClass(component.getClass())) {
            return component;
        }
        return kind.cast(proxy(component, loader));
    }

    /** Runs a step with the given loader as the context class loader ({@code null}: the step runs as it is). */
    static <T> T with(ClassLoader loader, Supplier<T> step) {
        if (loader == null) {
            return step.get();
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return step.get();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The component behind a proxy made here, or the object itself (for messages that name its class). */
    public static Object unwrap(Object maybeProxy) {
        if (maybeProxy != null && Proxy.isProxyClass(maybeProxy.getClass())
                && Proxy.getInvocationHandler(maybeProxy) instanceof ContextLoaderHandler h) {
            return h.target;
        }
        return maybeProxy;
    }

    private static Object proxy(Object target, ClassLoader loader) {
        Set<Class<?>> interfaces = new LinkedHashSet<>();
        for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
            collect(c, loader, interfaces);
        }
        if (interfaces.isEmpty()) {
            return target;
        }
        return Proxy.newProxyInstance(loader, interfaces.toArray(Class<?>[]::new),
                new ContextLoaderHandler(target, loader));
    }

    private static void collect(Class<?> type, ClassLoader loader, Set<Class<?>> into) {
        for (Class<?> i : type.getInterfaces()) {
            if (Modifier.isPublic(i.getModifiers()) && visible(i, loader)) {
                into.add(i);
            }
            collect(i, loader, into);
        }
    }

    private static boolean visible(Class<?> type, ClassLoader loader) {
        try {
            return Class.forName(type.getName(), false, loader) == type;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Sets the plugin's loader around every call, and wraps the plugin's objects that the call returns. */
    private static final class ContextLoaderHandler implements InvocationHandler, Supplier<Object> {
        private final Object target;
        private final ClassLoader loader;

        ContextLoaderHandler(Object target, ClassLoader loader) {
            this.target = target;
            this.loader = loader;
        }

        /** The wrapped component (read by the api's ComponentNames to name it). */
        @Override
        public Object get() {
            return target;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            Object result;
            try {
                result = method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            } finally {
                thread.setContextClassLoader(previous);
            }
            if (result != null && method.getReturnType().isInterface() && result.getClass().getClassLoader() == loader
                    && !Proxy.isProxyClass(result.getClass())) {
                return proxy(result, loader);
            }
            return result;
        }
    }
}
