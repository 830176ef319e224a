package org.okl.core.component;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.kernel.VectorKernel;
import org.okl.core.plugin.ValidatedParameters;

class ValidatedParametersTest {
    private static final ComponentFactory<String> FACTORY = SimpleComponentFactory.of("thing", String.class, "test",
            List.of(ParameterSpec.positive("sigma", 1.0, "width"),
                    ParameterSpec.range("omega", 0.5, 0, true, 1, true, "mix"),
                    ParameterSpec.integer("iterations", 10, 1, "count"),
                    ParameterSpec.choice("coding", "zero-one", List.of("zero-one", "plus-minus"), "coding"),
                    ParameterSpec.positiveList("lambda", List.of(1e-3), "path"),
                    ParameterSpec.component("kernel", VectorKernel.class, ComponentSpec.of("linear"), "kernel"),
                    ParameterSpec.bool("flag", false, "flag"),
                    ParameterSpec.real("shift", 0.0, "any finite number")),
            (p, c) -> "made");

    private static ValidatedParameters bind(Object... kv) {
        return ValidatedParameters.bind(FACTORY, ComponentSpec.of("thing", kv));
    }

    @Test
    void fillsDefaults() {
        ValidatedParameters p = bind();
        assertThat(p.getDouble("sigma")).isEqualTo(1.0);
        assertThat(p.getInt("iterations")).isEqualTo(10);
        assertThat(p.getDoubles("lambda")).containsExactly(1e-3);
        assertThat(p.getComponent("kernel")).isEqualTo(ComponentSpec.of("linear"));
        assertThat(p.spec().parameters()).containsEntry("omega", 0.5).containsKey("flag");
    }

    @Test
    void convertsJsonTypes() {
        ValidatedParameters p = bind("sigma", 2L, "iterations", 3.0, "lambda", List.of(1L, 0.5), "kernel",
                Map.of("name", "gaussian", "sigma", 2.0), "flag", "true");
        assertThat(p.getDouble("sigma")).isEqualTo(2.0);
        assertThat(p.getInt("iterations")).isEqualTo(3);
        assertThat(p.getDoubles("lambda")).containsExactly(1.0, 0.5);
        assertThat(p.getComponent("kernel")).isEqualTo(ComponentSpec.of("gaussian", "sigma", 2.0));
        assertThat(p.getBoolean("flag")).isTrue();
        assertThat(bind("lambda", 0.1).getDoubles("lambda")).containsExactly(0.1);
    }

    @Test
    void rejectsOutOfRangeWithTheRange() {
        assertThatThrownBy(() -> bind("sigma", -1.0)).isInstanceOf(InvalidParameterException.class)
                .hasMessage("thing: parameter 'sigma' must be in (0, inf), got -1");
        assertThatThrownBy(() -> bind("omega", 1.5))
                .hasMessage("thing: parameter 'omega' must be in [0, 1], got 1.5");
        assertThatThrownBy(() -> bind("sigma", 0.0)).hasMessageContaining("(0, inf)");
        assertThatThrownBy(() -> bind("lambda", List.of(1e-3, -2.0))).hasMessageContaining("got -2");
        assertThatThrownBy(() -> bind("iterations", 0)).hasMessageContaining("[1, inf)");
        assertThatThrownBy(() -> bind("sigma", Double.NaN)).hasMessageContaining("got NaN");
    }

    @Test
    void rejectsValuesThatAreNotFiniteAlsoWithoutARange() {
        assertThatThrownBy(() -> bind("sigma", Double.POSITIVE_INFINITY))
                .hasMessage("thing: parameter 'sigma' must be a finite number in (0, inf), got Infinity");
        assertThatThrownBy(() -> bind("shift", Double.NaN))
                .hasMessage("thing: parameter 'shift' must be a finite number, got NaN");
        assertThatThrownBy(() -> bind("shift", "-Infinity"))
                .hasMessage("thing: parameter 'shift' must be a finite number, got -Infinity");
        assertThat(bind("shift", -1e300).getDouble("shift")).isEqualTo(-1e300);
    }

    @Test
    void rejectsUnknownNamesAndWrongTypes() {
        assertThatThrownBy(() -> bind("sigam", 1.0))
                .hasMessage("thing: parameter 'sigam' is not a parameter of thing; known: sigma, omega, iterations, "
                        + "coding, lambda, kernel, flag, shift");
        assertThatThrownBy(() -> bind("sigma", "wide")).hasMessage("thing: parameter 'sigma' must be a number, "
                + "got 'wide'");
        assertThatThrownBy(() -> bind("iterations", 2.5)).hasMessageContaining("whole number");
        assertThatThrownBy(() -> bind("coding", "binary")).hasMessage("thing: parameter 'coding' must be one of "
                + "zero-one, plus-minus, got 'binary'");
        assertThatThrownBy(() -> bind("flag", 3)).hasMessageContaining("true or false");
    }

    @Test
    void requiredParameterMustBeGiven() {
        ComponentFactory<String> f = SimpleComponentFactory.of("r", String.class, "test",
                List.of(ParameterSpec.positive("sigma", null, "the width")), (p, c) -> "x");
        assertThatThrownBy(() -> ValidatedParameters.bind(f, ComponentSpec.of("r")))
                .hasMessage("r: parameter 'sigma' is required: the width");
    }
}
