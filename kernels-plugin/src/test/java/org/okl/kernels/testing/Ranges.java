package org.okl.kernels.testing;

import java.util.List;
import org.okl.api.component.ParameterSpec;

/** The declared range of a parameter as interval text built from its fields, for example {@code (0, inf]}. */
public final class Ranges {

    private Ranges() {
    }

    /** The range of the named parameter among the specs. */
    public static String of(List<ParameterSpec> specs, String name) {
        ParameterSpec p = specs.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
        return (p.minInclusive() ? "[" : "(") + format(p.min()) + ", " + format(p.max())
                + (p.maxInclusive() ? "]" : ")");
    }

    private static String format(double v) {
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
