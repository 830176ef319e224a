package org.okl.core.component;

import java.util.Locale;
import org.okl.core.plugin.PluginContextLoaders;

/**
 * A component in words for user messages, where only the instance is at hand (components do not know the id they
 * were created under): its class's name split into lower-case words, {@code LinearKernel} → {@code linear kernel},
 * {@code DivCurlKernel} → {@code div curl kernel}. Messages never show a Java class name.
 */
public final class ComponentNames {
    private ComponentNames() {
    }

    /** The component's kind of thing in words, for example {@code separable kernel}. */
    public static String of(Object component) {
        String simple = PluginContextLoaders.unwrap(component).getClass().getSimpleName();
        if (simple.isEmpty()) {
            return "a component of a plugin";
        }
        return simple.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("([A-Z]+)([A-Z][a-z])", "$1 $2")
                .toLowerCase(Locale.ROOT);
    }
}
