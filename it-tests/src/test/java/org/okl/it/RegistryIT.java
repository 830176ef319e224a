package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.ParameterSpec;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.RegisteredComponent;
import org.okl.core.plugin.ValidatedParameters;

/** Every built-in plugin loads from the class path and every component is well declared. */
class RegistryIT {
    private static final Okl OKL = Okl.builder().build();

    @Test
    void everyPluginModuleLoadsWithoutFailures() {
        assertThat(OKL.registry().failures()).isEmpty();
        assertThat(OKL.registry().plugins()).extracting(p -> p.name())
                .contains("okl-kernels", "okl-filters", "okl-manifold", "okl-decoders", "okl-datasets");
        for (ComponentKind kind : EnumSet.allOf(ComponentKind.class)) {
            assertThat(OKL.registry().components(kind)).as(kind.label()).isNotEmpty();
        }
    }

    @Test
    void everyComponentIsDescribedAndItsDefaultsAreValid() {
        for (ComponentKind kind : ComponentKind.values()) {
            for (RegisteredComponent c : OKL.registry().components(kind).values()) {
                String id = kind.label() + " " + c.factory().id();
                assertThat(c.factory().description()).as(id).isNotBlank();
                for (ParameterSpec p : c.factory().parameters()) {
                    assertThat(p.description()).as(id + " " + p.name()).isNotBlank();
                }
                boolean defaultsSuffice = c.factory().parameters().stream().noneMatch(ParameterSpec::required);
                if (defaultsSuffice) {
                    // the declared defaults pass the declared ranges, and the canonical spec round-trips
                    ComponentSpec canonical = ValidatedParameters.bind(c.factory(), ComponentSpec.of(c.factory().id()))
                            .spec();
                    ComponentSpec again = PipelineFiles.parseComponent(PipelineFiles.node(canonical).toString(), id);
                    assertThat(ValidatedParameters.bind(c.factory(), again).spec()).as(id).isEqualTo(canonical);
                }
            }
        }
    }

    /**
     * A parameter that names a file is declared {@code FILE}: only those are confined to a pipeline file's folder and
     * stored in the model (the output-graph regularizer's {@code file} was a string, so a pipeline could make OKL
     * read {@code /etc/passwd} through it, and its models did not hold the file).
     */
    @Test
    void everyParameterThatNamesAFileIsAFileParameter() {
        for (ComponentKind kind : ComponentKind.values()) {
            for (RegisteredComponent c : OKL.registry().components(kind).values()) {
                for (ParameterSpec p : c.factory().parameters()) {
                    boolean namesAFile = p.name().matches("(?i).*(file|path|folder|dir|url).*")
                            || p.description().matches("(?i).*\\b(a|the) file\\b.*");
                    if (namesAFile) {
                        assertThat(p.type()).as(kind.label() + " " + c.factory().id() + " " + p.name())
                                .isEqualTo(org.okl.api.component.ParameterType.FILE);
                    }
                }
            }
        }
    }

    @Test
    void oklsPluginsDeclareTheDefaultsOfPipelines() {
        assertThat(OKL.registry().defaults()).containsExactly(
                entry(ComponentKind.OPERATOR, ComponentSpec.of("separable")),
                entry(ComponentKind.OUTPUT, ComponentSpec.of("vector")),
                entry(ComponentKind.DECODER, ComponentSpec.of("identity")),
                entry(ComponentKind.METRIC, ComponentSpec.of("mse")));
        PipelineSpec minimal = PipelineFiles.parse("{\"kernel\": \"linear\", \"filter\": \"tikhonov\"}", "minimal",
                OKL.registry());
        assertThat(List.of(minimal.operator(), minimal.output(), minimal.decoder()))
                .containsExactly(ComponentSpec.of("separable"), ComponentSpec.of("vector"), ComponentSpec.of("identity"));
    }

    @Test
    void everyNamedPipelineParses() {
        assertThat(OKL.registry().templates()).containsKeys("kde-cortes", "kde-weston", "kde-covariance",
                "kde-conditional-covariance", "iokr", "oel0", "oel", "vv-rls", "vvmr");
        for (String id : OKL.registry().templates().keySet()) {
            PipelineSpec spec = PipelineFiles.parse("{\"preset\": \"" + id + "\"}", id, OKL.registry());
            for (ComponentSpec c : List.of(spec.operator(), spec.output(), spec.filter(), spec.decoder())) {
                assertThat(c.name()).as(id).isNotBlank();
            }
        }
    }
}
