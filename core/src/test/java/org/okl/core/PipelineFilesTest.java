package org.okl.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.decoder.Decoder;
import org.okl.api.error.OklException;
import org.okl.api.metric.Metric;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.plugin.PipelineTemplate;
import org.okl.core.plugin.ComponentRegistry;
import org.okl.core.plugin.PluginLoader;

class PipelineFilesTest {
    private static final String EXAMPLE = """
            {"kernel": {"name": "gaussian", "sigma": 2.0},
             "operator": {"name": "separable", "matrix": {"name": "common-similarity", "omega": 0.3}},
             "output": {"name": "vector"},
             "filter": {"name": "tikhonov", "lambda": 1e-3},
             "regularizers": [],
             "decoder": {"name": "identity"}}
            """;

    /** A registry with the iokr template and the defaults OKL's plugins declare (operator, output, decoder, metric). */
    private static ComponentRegistry registry() {
        OklPlugin p = new OklPlugin() {
            @Override
            public String name() {
                return "templates";
            }

            @Override
            public Collection<PipelineTemplate> pipelines() {
                return List.of(new PipelineTemplate("iokr", "IOKR", """
                        {"kernel": {"name": "gaussian", "sigma": 1.0}, "output": {"name": "kernel"},
                         "filter": {"name": "tikhonov", "lambda": 0.1}, "decoder": {"name": "candidates"}}"""));
            }

            @Override
            public Collection<ComponentFactory<OperatorKernel>> operatorKernels() {
                return List.of(unused("separable", OperatorKernel.class));
            }

            @Override
            public Collection<ComponentFactory<OutputEmbedding>> outputEmbeddings() {
                return List.of(unused("vector", OutputEmbedding.class));
            }

            @Override
            public Collection<ComponentFactory<Decoder>> decoders() {
                return List.of(unused("identity", Decoder.class), SimpleComponentFactory.of("picky", Decoder.class,
                        "reads a file", List.of(ParameterSpec.file("file", "a file")), (p, c) -> null));
            }

            @Override
            public Collection<ComponentFactory<Metric>> metrics() {
                return List.of(unused("mse", Metric.class));
            }

            @Override
            public Map<Class<?>, ComponentSpec> defaults() {
                return Map.of(OperatorKernel.class, ComponentSpec.of("separable"), OutputEmbedding.class,
                        ComponentSpec.of("vector"), Decoder.class, ComponentSpec.of("identity"), Metric.class,
                        ComponentSpec.of("mse"));
            }
        };
        return ComponentRegistry.of(new PluginLoader.Discovery(List.of(new PluginLoader.LoadedPlugin(p, "t.jar", true)),
                List.of()));
    }

    /** A factory parsing never calls. */
    private static <T> ComponentFactory<T> unused(String id, Class<T> kind) {
        return SimpleComponentFactory.of(id, kind, "not created by these tests", List.of(), (p, c) -> {
            throw new UnsupportedOperationException();
        });
    }

    @Test
    void stagesTheFileLeavesOutTakeTheDefaultsThePluginsDeclare() {
        PipelineSpec s = PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"folds\": 3}}",
                "p.json", registry());
        assertThat(s.operator()).isEqualTo(ComponentSpec.of("separable"));
        assertThat(s.output()).isEqualTo(ComponentSpec.of("vector"));
        assertThat(s.decoder()).isEqualTo(ComponentSpec.of("identity"));
        assertThat(s.selection().orElseThrow().metric()).isEqualTo(ComponentSpec.of("mse"));
        assertThat(s.selection().orElseThrow().folds()).isEqualTo(3);
    }

    @Test
    void aSplitSettingTheMethodDoesNotReadIsRefusedUnlessItIsTheDefaultAnOlderFileCarries() {
        assertThatThrownBy(() -> PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"method\": "
                + "\"kfold\", \"repetitions\": 3}}", "p.json", registry())).isInstanceOf(OklException.class)
                .hasMessageContaining("p.json: selection.repetitions is not read by method 'kfold'");
        assertThatThrownBy(() -> PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"method\": "
                + "\"holdout\", \"folds\": 10}}", "p.json", registry())).isInstanceOf(OklException.class)
                .hasMessageContaining("selection.folds is not read by method 'holdout'");
        PipelineSpec old = PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"method\": \"kfold\", "
                + "\"folds\": 3, \"fraction\": 0.2, \"repetitions\": 5}}", "old.json", registry());
        assertThat(old.selection().orElseThrow().folds()).isEqualTo(3);
        String written = PipelineFiles.toJson(old);
        assertThat(written).contains("\"folds\"").doesNotContain("\"fraction\"").doesNotContain("\"repetitions\"");
        assertThat(PipelineFiles.parse(written, "again.json", registry())).isEqualTo(old);
        PipelineSpec sub = PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"method\": "
                + "\"subsampling\", \"repetitions\": 7, \"fraction\": 0.3}}", "p.json", registry());
        assertThat(PipelineFiles.toJson(sub)).contains("\"repetitions\"").contains("\"fraction\"")
                .doesNotContain("\"folds\"");
        assertThat(PipelineFiles.parse(PipelineFiles.toJson(sub), "again.json", registry())).isEqualTo(sub);
        PipelineSpec repeated = PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"method\": "
                + "\"repeated-kfold\", \"folds\": 4, \"repetitions\": 3}}", "p.json", registry());
        SelectionSpec rounds = repeated.selection().orElseThrow();
        assertThat(rounds.method()).isEqualTo(SelectionSpec.Method.REPEATED_KFOLD);
        assertThat(rounds.toString()).startsWith("3 x 4-fold cross-validation on");
        assertThat(PipelineFiles.toJson(repeated)).contains("\"repeated-kfold\"").contains("\"folds\"")
                .contains("\"repetitions\"").doesNotContain("\"fraction\"");
        assertThat(PipelineFiles.parse(PipelineFiles.toJson(repeated), "again.json", registry())).isEqualTo(repeated);
        assertThat(rounds).as("the parser fills in the default metric")
                .isEqualTo(SelectionSpec.repeatedKfold(4, 3).metric(rounds.metric()).build());
        assertThat(rounds).isNotEqualTo(SelectionSpec.repeatedKfold(4, 2).metric(rounds.metric()).build());
        assertThatThrownBy(() -> PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"method\": "
                + "\"repeated-kfold\", \"fraction\": 0.3}}", "p.json", registry())).isInstanceOf(OklException.class)
                .hasMessageContaining("selection.fraction is not read by method 'repeated-kfold' (kfold reads folds; "
                        + "repeated-kfold folds and repetitions;");
        SelectionSpec kfold = old.selection().orElseThrow();
        assertThat(kfold.toBuilder().repetitions(1).fraction(0.5).build()).as("unread settings play no part")
                .isEqualTo(kfold).hasSameHashCodeAs(kfold);
        assertThat(kfold.toBuilder().folds(4).build()).isNotEqualTo(kfold);
    }

    @Test
    void parsesTheDocumentedExample() {
        PipelineSpec s = PipelineFiles.parse(EXAMPLE, "p.json", registry());
        assertThat(s.kernel()).contains(ComponentSpec.of("gaussian", "sigma", 2.0));
        assertThat(s.operator()).isEqualTo(ComponentSpec.of("separable", "matrix",
                ComponentSpec.of("common-similarity", "omega", 0.3)));
        assertThat(s.filter()).isEqualTo(ComponentSpec.of("tikhonov", "lambda", 1e-3));
        assertThat(s.regularizers()).isEmpty();
        assertThat(s.decoder()).isEqualTo(ComponentSpec.of("identity"));
        assertThat(s.selection()).isEmpty();
    }

    @Test
    void transformsPreferencesAndTheAutomaticPresetRoundTrip() {
        String json = """
                {"inputs": [{"name": "one-hot", "columns": "colour"}, "standardize"],
                 "targets": [{"name": "standardize"}],
                 "kernel": {"name": "gaussian", "bandwidth": "median"},
                 "operator": {"name": "separable", "matrix": {"name": "common-similarity", "omega": 0.0}},
                 "filter": {"name": "tikhonov", "lambda": [1e-2, 1e-4]},
                 "selection": {"grid": {"kernel": [{"name": "gaussian", "bandwidth": "median"},
                                                   {"name": "laplacian", "bandwidth": "median"}],
                                        "operator.matrix.omega": [0, 0.5]},
                               "prefer": {"operator.matrix.omega": 0}}}""";
        PipelineSpec s = PipelineFiles.parse(json, "p.json", registry());
        assertThat(s.inputs()).containsExactly(ComponentSpec.of("one-hot", "columns", "colour"),
                ComponentSpec.of("standardize"));
        assertThat(s.targets()).containsExactly(ComponentSpec.of("standardize"));
        assertThat(s.selection().orElseThrow().prefer()).containsOnlyKeys("operator.matrix.omega");
        assertThat(PipelineFiles.parse(PipelineFiles.toJson(s), "again.json", registry())).isEqualTo(s);

        PipelineSpec auto = PipelineFiles.parse("{\"preset\": \"auto\", \"inputs\": [\"pca\"]}", "a.json",
                registry());
        assertThat(auto.isAuto()).isTrue();
        assertThat(auto.filter()).isNull();
        assertThat(auto.operator()).isNull();
        assertThat(auto.inputs()).containsExactly(ComponentSpec.of("pca"));
        assertThat(PipelineFiles.toJson(auto)).contains("\"preset\" : \"auto\"").doesNotContain("regularizers");
        assertThat(PipelineFiles.parse(PipelineFiles.toJson(auto), "again.json", registry())).isEqualTo(auto);
    }

    @Test
    void aPreferredValueMustBeInTheGridAndTransformsMustBeAList() {
        assertThatThrownBy(() -> PipelineFiles.parse("""
                {"filter": "tikhonov", "selection": {"grid": {"operator.matrix.omega": [0.5]},
                 "prefer": {"operator.matrix.omega": 0}}}""", "p.json", registry()))
                .hasMessageContaining("p.json: selection.prefer.operator.matrix.omega = 0 is not a value of "
                        + "selection.grid.operator.matrix.omega [0.5]");
        assertThatThrownBy(() -> PipelineFiles.parse("{\"filter\": \"tikhonov\", \"inputs\": \"standardize\"}",
                "p.json", registry())).hasMessageContaining("member 'inputs' must be a list");
    }

    @Test
    void theLearnedCandidateRoundTripsAndItsMembersAreChecked() {
        PipelineSpec s = PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"grid\": "
                + "{\"operator.matrix.omega\": [0, 0.5]}, \"learn\": {\"rank\": 3, \"rows\": 800}}}", "p.json",
                registry());
        assertThat(s.selection().orElseThrow().learn()).contains(new SelectionSpec.Learn(3, 800, 50));
        assertThat(PipelineFiles.parse(PipelineFiles.toJson(s), "again.json", registry())).isEqualTo(s);
        assertThatThrownBy(() -> PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"learn\": "
                + "{\"rank\": 2, \"steps\": 3}}}", "p.json", registry()))
                .hasMessageContaining("p.json: unknown member 'selection.learn.steps'");
        assertThatThrownBy(() -> PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"learn\": "
                + "{\"rows\": 2}}}", "p.json", registry())).hasMessageContaining("rows >= 10");
        // 0 iterations: no learned candidate, and the setting survives the round trip (it turns a preset's off)
        PipelineSpec off = PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"learn\": "
                + "{\"iterations\": 0}}}", "p.json", registry());
        assertThat(off.selection().orElseThrow().learn()).isEmpty();
        assertThat(off.selection().orElseThrow().learnSetting()).contains(new SelectionSpec.Learn(2, 1000, 0));
        assertThat(PipelineFiles.parse(PipelineFiles.toJson(off), "again.json", registry())).isEqualTo(off);
    }

    @Test
    void theScreenRoundTripsAndMayNotRepeatAGridKey() {
        PipelineSpec s = PipelineFiles.parse("{\"filter\": \"tikhonov\", \"approximation\": {\"name\": \"nystrom\", "
                + "\"rank\": 2000}, \"selection\": {\"grid\": {\"kernel.factor\": [0.5, 1, 2]}, \"screen\": "
                + "{\"approximation.rank\": 500}}}", "p.json", registry());
        assertThat(s.selection().orElseThrow().screen()).containsExactly(Map.entry("approximation.rank", 500L));
        assertThat(PipelineFiles.parse(PipelineFiles.toJson(s), "again.json", registry())).isEqualTo(s);
        assertThat(s.selection().orElseThrow()).isNotEqualTo(s.selection().orElseThrow().toBuilder().screen(
                "approximation.rank", 400).build());
        assertThatThrownBy(() -> PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"grid\": "
                + "{\"approximation.rank\": [100, 200]}, \"screen\": {\"approximation.rank\": 50}}}", "p.json",
                registry())).hasMessageContaining("p.json: selection.screen.approximation.rank is also a grid key");
        assertThatThrownBy(() -> PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"screen\": "
                + "[500]}}", "p.json", registry())).hasMessageContaining("p.json: selection.screen must map");
    }

    @Test
    void roundTripsThroughJson() {
        String json = EXAMPLE.replace("\"regularizers\": []", "\"regularizers\": [{\"name\": \"manifold\", "
                + "\"gammaI\": 0.1}], \"approximation\": {\"name\": \"nystrom\", \"rank\": 50}, \"selection\": "
                + "{\"method\": \"holdout\", \"fraction\": 0.3, \"metric\": {\"name\": \"rbf-loss\", \"sigma\": 10},"
                + " \"grid\": {\"kernel.sigma\": [1, 2.5]}}");
        PipelineSpec s = PipelineFiles.parse(json, "p.json", registry());
        PipelineSpec again = PipelineFiles.parse(PipelineFiles.toJson(s), "again", registry());
        assertThat(again).isEqualTo(s);
        assertThat(s.selection().orElseThrow().grid()).isEqualTo(Map.of("kernel.sigma", List.of(1L, 2.5)));
        assertThat(s.selection().orElseThrow().metric()).isEqualTo(ComponentSpec.of("rbf-loss", "sigma", 10L));
    }

    @Test
    void presetMembersAreOverriddenByTheFile() {
        PipelineSpec s = PipelineFiles.parse("{\"preset\": \"iokr\", \"filter\": {\"name\": \"tikhonov\", "
                + "\"lambda\": [0.1, 0.01]}}", "p.json", registry());
        assertThat(s.output()).isEqualTo(ComponentSpec.of("kernel"));
        assertThat(s.decoder()).isEqualTo(ComponentSpec.of("candidates"));
        assertThat(s.filter()).isEqualTo(ComponentSpec.of("tikhonov", "lambda", List.of(0.1, 0.01)));
    }

    @Test
    void errorsNameTheFileAndTheProblem() {
        ComponentRegistry r = registry();
        assertThatThrownBy(() -> PipelineFiles.parse("{\"kernal\": {}}", "p.json", r))
                .isInstanceOf(OklException.class).hasMessageContaining("p.json: unknown member(s) 'kernal'");
        assertThatThrownBy(() -> PipelineFiles.parse("{\"kernel\": \"linear\"}", "p.json", r))
                .hasMessageContaining("member 'filter' is required");
        assertThatThrownBy(() -> PipelineFiles.parse("{\"filter\": \n {\"name\": }", "p.json", r))
                .hasMessageContaining("[OKL-E005] p.json:2:").hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> PipelineFiles.parse("{\"preset\": \"nope\", \"filter\": \"tikhonov\"}", "p.json", r))
                .hasMessageContaining("unknown preset 'nope'; available: auto, iokr");
        assertThatThrownBy(() -> PipelineFiles.parse("{\"filter\": \"tikhonov\", \"selection\": {\"method\": \"x\"}}",
                "p.json", r)).hasMessageContaining("selection.method must be one of");
        assertThatThrownBy(() -> PipelineFiles.parse("{\"filter\": {\"lambda\": 1}}", "p.json", r))
                .hasMessageContaining("member 'filter' must be {\"name\": ..., parameters...} or a name");
    }

    @Test
    void aMemberGivenTwiceIsRejectedWithItsLineWhereverItIs() {
        ComponentRegistry r = registry();
        String twice = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},\n \"kernel\": {\"name\": \"linear\"},\n"
                + " \"filter\": \"tikhonov\"}";
        assertThatThrownBy(() -> PipelineFiles.parse(twice, "p.json", r)).isInstanceOf(OklException.class)
                .hasMessageStartingWith("[OKL-E005] p.json:2:")
                .hasMessageContaining("member 'kernel' is given twice in the same object; keep one");
        String nested = "{\"filter\": {\"name\": \"tikhonov\",\n \"lambda\": 0.1,\n \"lambda\": 0.2}}";
        assertThatThrownBy(() -> PipelineFiles.parse(nested, "p.json", r))
                .hasMessageStartingWith("[OKL-E005] p.json:3:").hasMessageContaining("member 'lambda' is given twice");
        assertThatThrownBy(() -> PipelineFiles.parseComponent("{\"name\": \"mse\", \"name\": \"rmse\"}", "--metrics"))
                .hasMessageContaining("--metrics:1:").hasMessageContaining("member 'name' is given twice");
    }

    @Test
    void aByteOrderMarkBeforeTheJsonIsSkipped(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = dir.resolve("p.json");
        java.nio.file.Files.writeString(file, "\uFEFF{\"filter\": \"tikhonov\"}");
        assertThat(PipelineFiles.read(file, registry()).filter().name()).isEqualTo("tikhonov");
    }

    /**
     * A pipeline file names files relative to its folder and inside it: a relative name is resolved there (grid values
     * too); an absolute path, a way out with '..', a hidden name and a symbolic link out of the folder are refused.
     */
    @Test
    void filesAPipelineNamesStayInItsFolder(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path folder = java.nio.file.Files.createDirectories(dir.resolve("pipelines"));
        java.nio.file.Files.writeString(folder.resolve("a.csv"), "1\n");
        java.nio.file.Path outside = java.nio.file.Files.writeString(dir.resolve("secret.csv"), "2\n");
        java.nio.file.Files.createSymbolicLink(folder.resolve("link.csv"), outside);
        java.nio.file.Path file = folder.resolve("p.json");
        java.nio.file.Files.writeString(file, "{\"filter\": \"tikhonov\", \"decoder\": {\"name\": \"picky\", "
                + "\"file\": \"a.csv\"}, \"selection\": {\"grid\": {\"decoder.file\": [\"a.csv\", \"sub/b.csv\"]}}}");
        PipelineSpec spec = PipelineFiles.read(file, registry());
        assertThat(spec.decoder().parameters().get("file")).isEqualTo(folder.resolve("a.csv").toString());
        assertThat(spec.selection().orElseThrow().grid().get("decoder.file"))
                .containsExactly(folder.resolve("a.csv").toString(), folder.resolve("sub/b.csv").toString());
        for (String bad : List.of("/etc/passwd", "../secret.csv", ".hidden/x.csv", "link.csv", "~/x.csv")) {
            java.nio.file.Files.writeString(file, "{\"filter\": \"tikhonov\", \"decoder\": {\"name\": \"picky\", "
                    + "\"file\": \"" + bad + "\"}}");
            assertThatThrownBy(() -> PipelineFiles.read(file, registry())).as(bad).isInstanceOf(OklException.class)
                    .hasMessageStartingWith("[OKL-E005] " + file + ": decoder.file names '" + bad + "'");
        }
        java.nio.file.Files.writeString(file, "{\"filter\": \"tikhonov\", \"decoder\": {\"name\": \"picky\", "
                + "\"file\": \"a.csv\"}, \"selection\": {\"grid\": {\"decoder.file\": [\"../secret.csv\"]}}}");
        assertThatThrownBy(() -> PipelineFiles.read(file, registry()))
                .hasMessageContaining("selection.grid.decoder.file names '../secret.csv', which leaves");
    }

    @Test
    void textAfterTheObjectAndBytesThatAreNotUtf8AreRefused(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path trailing = dir.resolve("t.json");
        java.nio.file.Files.writeString(trailing, "{\"filter\": \"tikhonov\"}\n[1]");
        assertThatThrownBy(() -> PipelineFiles.read(trailing, registry()))
                .hasMessageContaining("text after the pipeline's JSON object");
        java.nio.file.Path latin1 = dir.resolve("l.json");
        java.nio.file.Files.write(latin1, "{\"filter\":\n \"tikhonov\", \"x\u00e9\": 1}"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> PipelineFiles.read(latin1, registry()))
                .hasMessageContaining(latin1 + ":2:16: not UTF-8 text (byte 0xe9)");
    }
}
