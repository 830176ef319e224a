package org.okl.api.text;

import java.lang.reflect.Proxy;
import java.util.Locale;
import java.util.function.Supplier;
import org.okl.api.API;

/**
 * A component in words for user messages, where only the instance is at hand (components do not know the id they
 * were created under): its class's name split into lower-case words, {@code LinearKernel} → {@code linear kernel},
 * {@code DivCurlKernel} → {@code div curl kernel}. Messages never show a Java class name. A component of a folder
 * plugin reaches OKL wrapped in a proxy whose invocation handler supplies the component ({@link Supplier}); it is
 * named by the component it wraps.
 */
@API(status = API.Status.MAINTAINED, since = "0.3")
public final class ComponentNames {
    private ComponentNames() {
    }

    /** The component's kind of thing in words, for example {@code separable kernel}. */
    public static String of(Object component) {
        String simple = unwrap(component).getClass().getSimpleName();
        if (simple.isEmpty()) {
            return "a component of a plugin";
        }
        return simple.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("([A-Z]+)([A-Z][a-z])", "$1 $2")
                .toLowerCase(Locale.ROOT);
    }

    private static Object unwrap(Object component) {
        if (component != null && Proxy.isProxyClass(component.getClass())
                && Proxy.getInvocationHandler(component) instanceof Supplier<?> wrapped) {
            return wrapped.get();
        }
        return component;
    }
}
