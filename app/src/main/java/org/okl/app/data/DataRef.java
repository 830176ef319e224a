package org.okl.app.data;

import org.okl.api.component.ComponentSpec;
import org.okl.app.usage.UsageException;

/**
 * A data argument that names a data set: {@code name}, then optional {@code :key=value} parameters of the data set
 * source (the generators' sizes, noise, seed, ...) and an optional {@code :train} or {@code :test} split, for example
 * {@code related-tasks:perTask=40:seed=3} or {@code yeast:test}.
 *
 * @param source the data set source with its parameters
 * @param test   whether the shipped test split is meant (the training split otherwise)
 */
public record DataRef(ComponentSpec source, boolean test) {

    /** Parses a data argument; the caller has already checked that it is not a file. */
    public static DataRef parse(String ref) {
        String[] parts = ref.split(":");
        ComponentSpec spec = ComponentSpec.of(parts[0]);
        boolean test = false;
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i];
            boolean last = i == parts.length - 1;
            if (last && (part.equals("train") || part.equals("test"))) {
                test = part.equals("test");
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("data '" + ref + "': '" + part + "' is not key=value (parameters of the"
                        + " data set), nor a final :train or :test");
            }
            spec = spec.with(part.substring(0, eq), part.substring(eq + 1));
        }
        return new DataRef(spec, test);
    }

    /** The data set's name. */
    public String name() {
        return source.name();
    }
}
