package org.okl.app.command;

import java.util.LinkedHashMap;
import java.util.Map;
import org.okl.api.component.ComponentSpec;
import org.okl.app.usage.UsageException;

/**
 * Parses {@code --metrics mse,rbf-loss:sigma=10,top-k-accuracy:k=5}: metric names separated by commas, each with
 * optional {@code :key=value} parameters.
 */
final class MetricArguments {
    private MetricArguments() {
    }

    /** The metrics by the text the user wrote, in order. */
    static Map<String, ComponentSpec> parse(String text) {
        Map<String, ComponentSpec> out = new LinkedHashMap<>();
        for (String item : text.split(",")) {
            String s = item.trim();
            if (s.isEmpty()) {
                continue;
            }
            String[] parts = s.split(":");
            ComponentSpec spec = ComponentSpec.of(parts[0]);
            for (int i = 1; i < parts.length; i++) {
                int eq = parts[i].indexOf('=');
                if (eq <= 0) {
                    throw new UsageException("--metrics: '" + parts[i] + "' in '" + s + "' is not key=value");
                }
                spec = spec.with(parts[i].substring(0, eq), parts[i].substring(eq + 1));
            }
            out.put(s, spec);
        }
        if (out.isEmpty()) {
            throw new UsageException("--metrics: name at least one metric, for example mse");
        }
        return out;
    }
}
