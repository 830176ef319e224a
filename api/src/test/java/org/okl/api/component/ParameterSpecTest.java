package org.okl.api.component;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.kernel.VectorKernel;

/** The parameter declarations OKL validates pipeline values against, and the range text {@code okl plugins} prints. */
class ParameterSpecTest {

    @Test
    void factoriesDeclareTheRangesTheirNamesPromise() {
        ParameterSpec positive = ParameterSpec.positive("sigma", 2.0, "width");
        assertThat(positive.type()).isEqualTo(ParameterType.DOUBLE);
        assertThat(positive.min()).isZero();
        assertThat(positive.minInclusive()).isFalse();
        assertThat(positive.rangeText()).isEqualTo("(0, inf)");
        assertThat(positive.required()).isFalse();

        assertThat(ParameterSpec.nonNegative("lambda", null, "ridge").rangeText()).isEqualTo("[0, inf)");
        assertThat(ParameterSpec.nonNegative("lambda", null, "ridge").required()).as("no default: required").isTrue();
        assertThat(ParameterSpec.range("omega", 0.5, 0, true, 1, true, "weight").rangeText()).isEqualTo("[0, 1]");
        assertThat(ParameterSpec.range("gammaO", 0.0, 0, true, 1, false, "w").rangeText()).isEqualTo("[0, 1)");
        assertThat(ParameterSpec.range("x", 0.0, -0.5, false, 2.25, true, "w").rangeText()).isEqualTo("(-0.5, 2.25]");
        assertThat(ParameterSpec.real("shift", 0, "any").rangeText()).isEmpty();
        assertThat(ParameterSpec.integer("iterations", 5, 1, "t").rangeText()).isEqualTo("[1, inf)");
        assertThat(ParameterSpec.integer("iterations", 5, 1, "t").type()).isEqualTo(ParameterType.INTEGER);
    }

    @Test
    void optionalParametersHaveNeitherDefaultNorRequirement() {
        for (ParameterSpec p : List.of(ParameterSpec.optionalPositive("gamma", "d"),
                ParameterSpec.optionalText("file", "d"),
                ParameterSpec.optionalComponent("kernel", VectorKernel.class, "d"))) {
            assertThat(p.required()).as(p.name()).isFalse();
            assertThat(p.defaultValue()).as(p.name()).isNull();
        }
        assertThat(ParameterSpec.text("from", null, "d").required()).isTrue();
        assertThat(ParameterSpec.text("from", "train", "d").required()).isFalse();
    }

    @Test
    void choicesAndComponentsKeepWhatTheyAllow() {
        ParameterSpec coding = ParameterSpec.choice("coding", "zero-one", List.of("zero-one", "plus-minus"), "d");
        assertThat(coding.choices()).containsExactly("zero-one", "plus-minus");
        assertThat(coding.defaultValue()).isEqualTo("zero-one");
        ParameterSpec kernel = ParameterSpec.component("kernel", VectorKernel.class, ComponentSpec.of("linear"), "d");
        assertThat(kernel.type()).isEqualTo(ParameterType.COMPONENT);
        assertThat(kernel.componentKind()).isEqualTo(VectorKernel.class);
        assertThat(kernel.defaultValue()).isEqualTo(ComponentSpec.of("linear"));
        assertThat(ParameterSpec.positiveList("lambda", List.of(1e-3), "path").type())
                .isEqualTo(ParameterType.DOUBLE_LIST);
        assertThat(ParameterSpec.bool("centred", true, "d").defaultValue()).isEqualTo(true);
    }

    @Test
    void inconsistentDeclarationsAreRejected() {
        assertThatThrownBy(() -> new ParameterSpec("x", ParameterType.DOUBLE, 1.0, true, "d", 0, true, 1, true,
                List.of(), null)).hasMessage("required parameter 'x' cannot have a default");
        assertThatThrownBy(() -> new ParameterSpec("k", ParameterType.COMPONENT, null, true, "d", 0, true, 1, true,
                List.of(), null)).hasMessage("component parameter 'k' needs a component kind");
        assertThatThrownBy(() -> ParameterSpec.real(null, 0, "d")).isInstanceOf(NullPointerException.class);
    }

    @Test
    void componentSpecsKeepOrderAndCopyOnWrite() {
        ComponentSpec gaussian = ComponentSpec.of("gaussian", "sigma", 2.0, "bandwidth", "median");
        assertThat(gaussian.parameters().keySet()).containsExactly("sigma", "bandwidth");
        assertThat(gaussian).hasToString("gaussian(sigma=2.0, bandwidth=median)");
        ComponentSpec changed = gaussian.with("sigma", 3.0);
        assertThat(gaussian.parameters().get("sigma")).isEqualTo(2.0);
        assertThat(changed.parameters().get("sigma")).isEqualTo(3.0);
        assertThat(changed.parameters().keySet()).containsExactly("sigma", "bandwidth");
        assertThat(ComponentSpec.of("identity")).hasToString("identity");
        assertThatThrownBy(() -> ComponentSpec.of("x", "odd")).hasMessage("parameters must come as name, value pairs");
        assertThatThrownBy(() -> gaussian.parameters().put("sigma", 1.0))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
