package org.okl.api.component;

import java.util.List;
import java.util.Objects;
import org.okl.api.API;

/**
 * Declares one parameter of a component: its name, type, default, allowed range and a description the command line
 * prints. OKL validates every pipeline value against these declarations before a factory sees it.
 *
 * @param name          the parameter name, kebab-case or camelCase as the conventions fix it (for example
 *                      {@code sigma}, {@code gammaO})
 * @param type          the value type
 * @param defaultValue  the default (a {@link Double}, {@link Integer}, {@link Boolean}, {@link String},
 *                      {@code List<Double>} or {@link ComponentSpec}), or {@code null}
 * @param required      whether the parameter must be given (then {@code defaultValue} is {@code null})
 * @param description   one line for {@code okl plugins}
 * @param min           smallest allowed number (for numeric types), or {@code -Infinity}
 * @param minInclusive  whether {@code min} itself is allowed
 * @param max           largest allowed number, or {@code +Infinity}
 * @param maxInclusive  whether {@code max} itself is allowed
 * @param choices       allowed strings for {@link ParameterType#STRING}, empty for any
 * @param componentKind the kind of nested component for the component types, else {@code null}
 */
@API(status = API.Status.STABLE, since = "0.1")
public record ParameterSpec(
        String name,
        ParameterType type,
        Object defaultValue,
        boolean required,
        String description,
        double min,
        boolean minInclusive,
        double max,
        boolean maxInclusive,
        List<String> choices,
        Class<?> componentKind) {

    /** Validates the declaration itself. */
    public ParameterSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        choices = List.copyOf(choices);
        if (required && defaultValue != null) {
            throw new IllegalArgumentException("required parameter '" + name + "' cannot have a default");
        }
        if ((type == ParameterType.COMPONENT || type == ParameterType.COMPONENT_LIST) && componentKind == null) {
            throw new IllegalArgumentException("component parameter '" + name + "' needs a component kind");
        }
    }

    /** A real parameter with a default and no range restriction. */
    public static ParameterSpec real(String name, double defaultValue, String description) {
        return range(name, defaultValue, Double.NEGATIVE_INFINITY, true, Double.POSITIVE_INFINITY, true, description);
    }

    /** A real parameter that must be strictly positive. */
    public static ParameterSpec positive(String name, Double defaultValue, String description) {
        return new ParameterSpec(name, ParameterType.DOUBLE, defaultValue, defaultValue == null, description, 0.0,
                false, Double.POSITIVE_INFINITY, true, List.of(), null);
    }

    /** A real parameter that must be zero or positive. */
    public static ParameterSpec nonNegative(String name, Double defaultValue, String description) {
        return new ParameterSpec(name, ParameterType.DOUBLE, defaultValue, defaultValue == null, description, 0.0,
                true, Double.POSITIVE_INFINITY, true, List.of(), null);
    }

    /** A real parameter restricted to an interval. */
    public static ParameterSpec range(String name, Double defaultValue, double min, boolean minInclusive, double max,
            boolean maxInclusive, String description) {
        return new ParameterSpec(name, ParameterType.DOUBLE, defaultValue, defaultValue == null, description, min,
                minInclusive, max, maxInclusive, List.of(), null);
    }

    /** A real parameter that is optional and has no default (the component decides, for example sigma or gamma). */
    public static ParameterSpec optionalPositive(String name, String description) {
        return new ParameterSpec(name, ParameterType.DOUBLE, null, false, description, 0.0, false,
                Double.POSITIVE_INFINITY, true, List.of(), null);
    }

    /** A whole-number parameter with a smallest allowed value. */
    public static ParameterSpec integer(String name, Integer defaultValue, int min, String description) {
        return new ParameterSpec(name, ParameterType.INTEGER, defaultValue, defaultValue == null, description, min,
                true, Double.POSITIVE_INFINITY, true, List.of(), null);
    }

    /** A boolean parameter. */
    public static ParameterSpec bool(String name, boolean defaultValue, String description) {
        return new ParameterSpec(name, ParameterType.BOOLEAN, defaultValue, false, description,
                Double.NEGATIVE_INFINITY, true, Double.POSITIVE_INFINITY, true, List.of(), null);
    }

    /** A string parameter restricted to the given choices (the default must be one of them, or null = required). */
    public static ParameterSpec choice(String name, String defaultValue, List<String> choices, String description) {
        return new ParameterSpec(name, ParameterType.STRING, defaultValue, defaultValue == null, description,
                Double.NEGATIVE_INFINITY, true, Double.POSITIVE_INFINITY, true, choices, null);
    }

    /**
     * A free string parameter; {@code null} default makes it required. A parameter naming a file is a {@link #file}
     * parameter instead.
     */
    public static ParameterSpec text(String name, String defaultValue, String description) {
        return new ParameterSpec(name, ParameterType.STRING, defaultValue, defaultValue == null, description,
                Double.NEGATIVE_INFINITY, true, Double.POSITIVE_INFINITY, true, List.of(), null);
    }

    /** An optional free string parameter without a default. */
    public static ParameterSpec optionalText(String name, String description) {
        return new ParameterSpec(name, ParameterType.STRING, null, false, description, Double.NEGATIVE_INFINITY, true,
                Double.POSITIVE_INFINITY, true, List.of(), null);
    }

    /**
     * A file the component reads with {@link ComponentContext#readFile} (see {@link ParameterType#FILE}); required.
     */
    public static ParameterSpec file(String name, String description) {
        return new ParameterSpec(name, ParameterType.FILE, null, true, description, Double.NEGATIVE_INFINITY, true,
                Double.POSITIVE_INFINITY, true, List.of(), null);
    }

    /** An optional file parameter without a default (see {@link #file}). */
    public static ParameterSpec optionalFile(String name, String description) {
        return new ParameterSpec(name, ParameterType.FILE, null, false, description, Double.NEGATIVE_INFINITY, true,
                Double.POSITIVE_INFINITY, true, List.of(), null);
    }

    /** A list of positive reals (a regularization path), with a default list. */
    public static ParameterSpec positiveList(String name, List<Double> defaultValue, String description) {
        return new ParameterSpec(name, ParameterType.DOUBLE_LIST, defaultValue, defaultValue == null, description,
                0.0, false, Double.POSITIVE_INFINITY, true, List.of(), null);
    }

    /** A nested component of the given kind; {@code null} default makes it required. */
    public static ParameterSpec component(String name, Class<?> kind, ComponentSpec defaultValue, String description) {
        return new ParameterSpec(name, ParameterType.COMPONENT, defaultValue, defaultValue == null, description,
                Double.NEGATIVE_INFINITY, true, Double.POSITIVE_INFINITY, true, List.of(), kind);
    }

    /** An optional nested component of the given kind, without a default. */
    public static ParameterSpec optionalComponent(String name, Class<?> kind, String description) {
        return new ParameterSpec(name, ParameterType.COMPONENT, null, false, description, Double.NEGATIVE_INFINITY,
                true, Double.POSITIVE_INFINITY, true, List.of(), kind);
    }

    /** The allowed range as text, for example {@code (0, inf)} or {@code [0, 1]}, or empty when unrestricted. */
    public String rangeText() {
        if (min == Double.NEGATIVE_INFINITY && max == Double.POSITIVE_INFINITY) {
            return "";
        }
        boolean closedMin = minInclusive && min != Double.NEGATIVE_INFINITY;
        boolean closedMax = maxInclusive && max != Double.POSITIVE_INFINITY;
        return (closedMin ? "[" : "(") + format(min) + ", " + format(max) + (closedMax ? "]" : ")");
    }

    private static String format(double v) {
        if (v == Double.POSITIVE_INFINITY) {
            return "inf";
        }
        if (v == Double.NEGATIVE_INFINITY) {
            return "-inf";
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
