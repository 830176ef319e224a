package org.okl.core.plugin;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.Parameters;
import org.okl.api.text.UserText;

/**
 * Parameter values checked against a factory's declarations: unknown names, wrong types, out-of-range numbers,
 * strings outside their choices and missing required values are rejected with an
 * {@link InvalidParameterException} naming the component and parameter; defaults are filled in.
 */
public final class ValidatedParameters implements Parameters {
    private final String component;
    private final Map<String, Object> values;

    private ValidatedParameters(String component, Map<String, Object> values) {
        this.component = component;
        this.values = Collections.unmodifiableMap(values);
    }

    /** Validates a spec against a factory's declared parameters. */
    public static ValidatedParameters bind(ComponentFactory<?> factory, ComponentSpec spec) {
        String id = spec.name();
        Map<String, ParameterSpec> declared = new LinkedHashMap<>();
        factory.parameters().forEach(p -> declared.put(p.name(), p));
        for (String given : spec.parameters().keySet()) {
            if (!declared.containsKey(given)) {
                throw new InvalidParameterException(id, UserText.escape(given), "is not a parameter of " + id
                        + "; known: "
                        + (declared.isEmpty() ? "(none)" : String.join(", ", declared.keySet())));
            }
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (ParameterSpec p : declared.values()) {
            Object raw = spec.parameters().get(p.name());
            if (raw == null) {
                if (p.required()) {
                    throw new InvalidParameterException(id, p.name(), "is required: " + p.description());
                }
                if (p.defaultValue() != null) {
                    values.put(p.name(), p.defaultValue());
                }
                continue;
            }
            values.put(p.name(), convert(id, p, raw));
        }
        return new ValidatedParameters(id, values);
    }

    private static Object convert(String id, ParameterSpec p, Object raw) {
        return switch (p.type()) {
            case DOUBLE -> checkRange(id, p, toDouble(id, p.name(), raw));
            case INTEGER -> {
                double v = toDouble(id, p.name(), raw);
                if (v != Math.rint(v) || Math.abs(v) > Integer.MAX_VALUE) {
                    throw new InvalidParameterException(id, p.name(), "must be a whole number, got "
                            + UserText.quote(String.valueOf(raw)));
                }
                checkRange(id, p, v);
                yield (int) v;
            }
            case BOOLEAN -> {
                if (raw instanceof Boolean b) {
                    yield b;
                }
                if ("true".equals(raw) || "false".equals(raw)) {
                    yield Boolean.parseBoolean((String) raw);
                }
                throw new InvalidParameterException(id, p.name(), "must be true or false, got "
                        + UserText.quote(String.valueOf(raw)));
            }
            case STRING -> {
                String s = raw instanceof String str ? str : String.valueOf(raw);
                if (!p.choices().isEmpty() && !p.choices().contains(s)) {
                    throw new InvalidParameterException(id, p.name(),
                            "must be one of " + String.join(", ", p.choices()) + ", got " + UserText.quote(s));
                }
                yield s;
            }
            case DOUBLE_LIST -> {
                List<?> list = raw instanceof List<?> l ? l : List.of(raw);
                if (list.isEmpty()) {
                    throw new InvalidParameterException(id, p.name(), "must hold at least one number");
                }
                List<Double> out = new ArrayList<>();
                for (Object o : list) {
                    out.add(checkRange(id, p, toDouble(id, p.name(), o)));
                }
                yield List.copyOf(out);
            }
            case FILE -> {
                if (!(raw instanceof String s) || s.isBlank()) {
                    throw new InvalidParameterException(id, p.name(), "must name a file (a path), got "
                            + UserText.quote(String.valueOf(raw)));
                }
                yield s;
            }
            case COMPONENT -> toComponent(id, p.name(), raw);
            case COMPONENT_LIST -> {
                List<?> list = raw instanceof List<?> l ? l : List.of(raw);
                yield list.stream().map(o -> toComponent(id, p.name(), o)).toList();
            }
        };
    }

    private static double toDouble(String id, String name, Object raw) {
        if (raw instanceof Number n) {
            return n.doubleValue();
        }
        if (raw instanceof String s) {
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                throw new InvalidParameterException(id, name, "must be a number, got " + UserText.quote(s));
            }
        }
        throw new InvalidParameterException(id, name, "must be a number, got " + UserText.quote(String.valueOf(raw)));
    }

    private static double checkRange(String id, ParameterSpec p, double v) {
        boolean belowMin = p.minInclusive() ? v < p.min() : v <= p.min();
        boolean aboveMax = p.maxInclusive() ? v > p.max() : v >= p.max();
        if (!Double.isFinite(v) || belowMin || aboveMax) {
            String range = p.rangeText();
            throw new InvalidParameterException(id, p.name(), "must be " + (Double.isFinite(v) ? "" : "a finite "
                    + "number" + (range.isEmpty() ? "" : " ")) + (range.isEmpty() ? "" : "in " + range) + ", got "
                    + format(v));
        }
        return v;
    }

    private static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    @SuppressWarnings("unchecked")
    private static ComponentSpec toComponent(String id, String name, Object raw) {
        if (raw instanceof ComponentSpec c) {
            return c;
        }
        if (raw instanceof String s) {
            return ComponentSpec.of(s);
        }
        if (raw instanceof Map<?, ?> m && m.get("name") instanceof String n) {
            Map<String, Object> rest = new LinkedHashMap<>((Map<String, Object>) m);
            rest.remove("name");
            return new ComponentSpec(n, rest);
        }
        throw new InvalidParameterException(id, name, "must be a component {\"name\": ..., ...}, got "
                + UserText.quote(String.valueOf(raw)));
    }

    @Override
    public boolean has(String name) {
        return values.containsKey(name);
    }

    @Override
    public double getDouble(String name) {
        return (Double) require(name);
    }

    @Override
    public int getInt(String name) {
        return (Integer) require(name);
    }

    @Override
    public boolean getBoolean(String name) {
        return (Boolean) require(name);
    }

    @Override
    public String getString(String name) {
        return (String) require(name);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Double> getDoubles(String name) {
        return (List<Double>) require(name);
    }

    @Override
    public ComponentSpec getComponent(String name) {
        return (ComponentSpec) require(name);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<ComponentSpec> getComponents(String name) {
        return (List<ComponentSpec>) require(name);
    }

    @Override
    public Optional<Double> findDouble(String name) {
        return Optional.ofNullable((Double) values.get(name));
    }

    @Override
    public ComponentSpec spec() {
        return new ComponentSpec(component, values);
    }

    private Object require(String name) {
        Object v = values.get(name);
        if (v == null) {
            throw new IllegalStateException(component + ": parameter '" + name + "' has no value and no default"
                    + (values.isEmpty() ? "" : "; it has " + values.keySet().stream().collect(Collectors.joining(", "))));
        }
        return v;
    }
}
