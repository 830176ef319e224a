package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.TypedSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.core.Okl;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.RegisteredComponent;
import org.okl.decoders.Decoders;
import org.okl.decoders.Outputs;
import org.okl.filters.Filters;
import org.okl.filters.Regularizers;
import org.okl.kernels.Kernels;
import org.okl.kernels.Operators;
import org.okl.kernels.OutputMatrices;
import org.okl.metrics.Metrics;
import org.okl.transforms.Transforms;

/**
 * The typed specs of the built-in components (Kernels, Operators, OutputMatrices, Filters, Regularizers, Outputs,
 * Decoders, Metrics, Transforms) against the registry: every spec they return is accepted by the component it names (parameter
 * names, types and ranges), and every built-in component of those kinds has one, so the typed API and the plugins
 * cannot drift apart.
 */
class TypedSpecsIT {
    private static final Okl OKL = Okl.fromEnvironment();
    private static final TypedSpec<VectorKernel> K = Kernels.gaussian(1.0);

    @TempDir
    static Path dir;

    /** Every typed spec, by kind; the matrices read from files read real ones. */
    private static Map<ComponentKind, List<TypedSpec<?>>> specs() throws IOException {
        Path weights = Files.writeString(dir.resolve("w.csv"), "0,1\n1,0\n");
        Path matrix = Files.writeString(dir.resolve("a.csv"), "2,1\n1,2\n");
        return Map.of(
            ComponentKind.KERNEL, List.of(Kernels.gaussian(2.0), Kernels.gaussianMedianWidth(),
                    Kernels.gaussianKnnWidth(0.3), Kernels.gaussianMedianWidth(4.0), Kernels.gaussianTanimoto(1.5),
                    Kernels.gaussianTanimotoMedianWidth(), Kernels.laplacian(2.0), Kernels.laplacianMedianWidth(),
                    Kernels.linear(), Kernels.polynomial(2, 0.5), Kernels.tanimoto(), Kernels.sequenceOneHot(4),
                    Kernels.normalized(Kernels.linear()), Kernels.scaled(2.0, K), Kernels.sum(K, Kernels.linear()),
                    Kernels.product(K, Kernels.laplacian(1.0)), Kernels.ardGaussian(1.0, 2.0),
                    Kernels.ardLaplacian(0.5, 3.0)),
            ComponentKind.OPERATOR, List.of(Operators.separable(), Operators.separable(OutputMatrices.identity()),
                    Operators.covariance(), Operators.conditionalCovariance(0.1), Operators.divergenceFree(1.0, 2),
                    Operators.curlFree(1.0, 3), Operators.divCurl(1.0, 0.3, 2),
                    Operators.sum(Operators.divergenceFree(1.0, 2), Operators.separable()),
                    Operators.sum(2, Operators.separable(), Operators.separable(OutputMatrices.commonSimilarity(0.5)))),
            ComponentKind.MATRIX, List.of(OutputMatrices.identity(), OutputMatrices.commonSimilarity(0.4),
                    OutputMatrices.covariance(), OutputMatrices.covariance(0.1, true),
                    OutputMatrices.clustering(1.0, 2.0, 0, 0, 1),
                    OutputMatrices.graph(new double[][] {{0, 1}, {1, 0}}), OutputMatrices.graph(weights),
                    OutputMatrices.outputLaplacian(0.5, 2), OutputMatrices.file(matrix),
                    OutputMatrices.lowRank(new double[][] {{1.0}, {0.5}}, new double[] {0.1, 0.2})),
            ComponentKind.FILTER, List.of(Filters.tikhonov(1e-3), Filters.tikhonov(1e-1, 1e-2, 1e-3),
                    Filters.truncatedSvd(1e-2, 1e-3), Filters.iteratedTikhonov(3, 1e-2), Filters.landweber(50),
                    Filters.landweber(50, 0.5), Filters.nuMethod(20), Filters.nuMethod(20, 1.5)),
            ComponentKind.REGULARIZER, List.of(Regularizers.manifold(1e-3, 5),
                    Regularizers.manifold(1e-3, 4, Regularizers.EdgeWeights.GAUSSIAN, false, 2),
                    Regularizers.outputGraph(new double[][] {{0, 1}, {1, 0}}),
                    Regularizers.outputClusters(1.0, 2.0, 0, 1, 1)),
            ComponentKind.OUTPUT, List.of(Outputs.vector(), Outputs.labels(), Outputs.labelsPlusMinus(),
                    Outputs.oneHot(), Outputs.simplex(), Outputs.sequence(5), Outputs.kernel(K),
                    Outputs.kpca(K, 8), Outputs.oel(K, 16, 0.5), Outputs.oelExact(K, 16, 1.0)),
            ComponentKind.DECODER, List.of(Decoders.identity(), Decoders.argmax(), Decoders.topK(3),
                    Decoders.threshold(0.3), Decoders.perLabelThresholds(true), Decoders.thresholdsForMetric(false),
                    Decoders.candidates(),
                    Decoders.candidates(Decoders.CandidateSet.TRAIN_AND_UNLABELLED, 5),
                    Decoders.candidates(Path.of("candidates.csv"), 1), Decoders.perPosition(),
                    Decoders.perPosition(26, false)),
            ComponentKind.METRIC, List.of(Metrics.mse(), Metrics.rmse(), Metrics.arrmse(), Metrics.rbfLoss(3.0),
                    Metrics.explainedVariance(), Metrics.angularError(), Metrics.f1Example(), Metrics.f1Macro(),
                    Metrics.f1Micro(), Metrics.hammingLoss(), Metrics.meanAuc(), Metrics.subsetAccuracy(),
                    Metrics.perCharacterAccuracy(), Metrics.topKAccuracy(2), Metrics.targetMse()),
            ComponentKind.TRANSFORM, List.of(Transforms.standardize(), Transforms.standardize(true, false),
                    Transforms.minMax(), Transforms.minMax(-1, 1), Transforms.oneHot(), Transforms.oneHot("a,b"),
                    Transforms.log1p(), Transforms.log1p("0:2"), Transforms.pca(3), Transforms.pcaVariance(0.9),
                    Transforms.dropConstant()));
    }

    @Test
    void everyTypedSpecIsAcceptedByItsComponent() throws IOException {
        specs().forEach((kind, specs) -> {
            for (TypedSpec<?> spec : specs) {
                assertThat(spec.kind()).as(kind.label() + " " + spec + ": its kind").isEqualTo(kind.type());
                assertThat(OKL.create(kind.type(), spec.spec())).as(kind.label() + " " + spec).isNotNull();
            }
        });
    }

    @Test
    void everyBuiltInComponentOfTheseKindsHasATypedSpec() throws IOException {
        specs().forEach((kind, specs) -> {
            Set<String> builtIn = new TreeSet<>();
            for (Map.Entry<String, RegisteredComponent> e : OKL.registry().components(kind).entrySet()) {
                if (e.getValue().plugin().startsWith("okl-")) {
                    builtIn.add(e.getKey());
                }
            }
            Set<String> typed = new TreeSet<>();
            specs.forEach(s -> typed.add(s.name()));
            assertThat(typed).as(kind.label()).isEqualTo(builtIn);
        });
    }

    /**
     * Each stage of the pipeline builder takes its own kind: a filter given as the kernel, or a kernel as the
     * output matrix, does not compile (before typed specs, every stage took any {@code ComponentSpec}); the right
     * kinds do.
     */
    @Test
    void aStageRefusesAnotherKindAtCompileTime() throws IOException {
        assertThat(compiles("PipelineSpec.builder().kernel(Kernels.gaussian(1.0)).filter(Filters.tikhonov(1e-3))"
                + ".operator(Operators.separable(OutputMatrices.identity())).build()")).as("the right kinds").isEmpty();
        assertThat(compiles("PipelineSpec.builder().kernel(Filters.tikhonov(1e-3)).filter(Filters.tikhonov(1e-3))"
                + ".build()")).as("a filter as the kernel")
                .contains("TypedSpec<SpectralFilter> cannot be converted to TypedSpec<VectorKernel>");
        assertThat(compiles("PipelineSpec.builder().filter(Kernels.gaussian(1.0)).build()"))
                .as("a kernel as the filter")
                .contains("TypedSpec<VectorKernel> cannot be converted to TypedSpec<SpectralFilter>");
        assertThat(compiles("Operators.separable(Kernels.linear())")).as("a kernel as the output matrix")
                .contains("TypedSpec<VectorKernel> cannot be converted to TypedSpec<OutputMatrix>");
        assertThat(compiles("SelectionSpec.kfold(5).metric(Filters.tikhonov(1e-3)).build()"))
                .as("a filter as the metric")
                .contains("TypedSpec<SpectralFilter> cannot be converted to TypedSpec<Metric>");
    }

    /** The compiler's errors for a class whose one method returns the expression, or empty when it compiles. */
    private static String compiles(String expression) throws IOException {
        Path src = Files.createDirectories(dir.resolve("typed-" + Integer.toHexString(expression.hashCode())));
        Files.writeString(src.resolve("Probe.java"), String.join("\n",
                "import org.okl.core.PipelineSpec;",
                "import org.okl.core.SelectionSpec;",
                "import org.okl.filters.Filters;",
                "import org.okl.kernels.Kernels;",
                "import org.okl.kernels.Operators;",
                "import org.okl.kernels.OutputMatrices;",
                "class Probe {",
                "    Object probe() {",
                "        return " + expression + ";",
                "    }",
                "}", ""));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int exit = javac.run(null, null, errors, "-d", src.toString(), "-classpath",
                System.getProperty("java.class.path"), src.resolve("Probe.java").toString());
        return exit == 0 ? "" : errors.toString(StandardCharsets.UTF_8);
    }
}
