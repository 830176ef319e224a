package org.okl.api.plugin;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.okl.api.API;
import org.okl.api.command.PluginCommand;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.TableReader;
import org.okl.api.decoder.Decoder;
import org.okl.api.execution.ExecutionBackEnd;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.metric.Metric;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.regularizer.Regularizer;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.solve.RegressionSolver;
import org.okl.api.transform.InputTransform;

/**
 * The entry point of a plugin, registered in {@code META-INF/services/org.okl.api.plugin.OklPlugin}.
 *
 * <p>Every getter has an empty default, so a plugin overrides only what it offers and new extension kinds never
 * break old plugins (as Trino's {@code Plugin} does). OKL finds plugins with {@link java.util.ServiceLoader} on the
 * class path and in the plugins folder ({@code --plugins DIR} or {@code OKL_PLUGINS}), binds every factory by kind
 * and id, and reports a duplicate id with the JARs of both plugins. A plugin from a plugins folder runs in its own
 * class loader that shows it this api, OKL's math module ({@code okl-linalg}), the SLF4J API and the JDK only: it
 * may bundle any library it needs.
 *
 * <p>Names and ids starting with {@code okl-} are reserved for OKL's own plugins; a plugin that uses them is left
 * out with an error.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface OklPlugin {

    /** A unique, stable name of the plugin, for diagnostics (for example {@code okl-kernels}). */
    String name();

    /** The plugin version, for diagnostics and model provenance. */
    default String version() {
        return "unspecified";
    }

    /** Scalar kernels on vectors, for inputs and outputs ({@code gaussian}, {@code linear}, ...). */
    default Collection<ComponentFactory<VectorKernel>> kernels() {
        return List.of();
    }

    /** Operator-valued kernels ({@code separable}, {@code covariance}, {@code divergence-free}, ...). */
    default Collection<ComponentFactory<OperatorKernel>> operatorKernels() {
        return List.of();
    }

    /** Matrices A of separable kernels ({@code identity}, {@code common-similarity}, ...). */
    default Collection<ComponentFactory<OutputMatrix>> outputMatrices() {
        return List.of();
    }

    /** Output embeddings ({@code vector}, {@code kernel}, {@code oel}, ...). */
    default Collection<ComponentFactory<OutputEmbedding>> outputEmbeddings() {
        return List.of();
    }

    /** Spectral filters ({@code tikhonov}, {@code nu-method}, ...). */
    default Collection<ComponentFactory<SpectralFilter>> filters() {
        return List.of();
    }

    /** Regularizers ({@code manifold}, ...). */
    default Collection<ComponentFactory<Regularizer>> regularizers() {
        return List.of();
    }

    /** Decoders ({@code identity}, {@code threshold}, {@code candidates}, ...). */
    default Collection<ComponentFactory<Decoder>> decoders() {
        return List.of();
    }

    /** Data sets, bundled, read from the data directory, or generated. */
    default Collection<ComponentFactory<DatasetSource>> datasets() {
        return List.of();
    }

    /** Evaluation metrics ({@code mse}, {@code rbf-loss}, ...). */
    default Collection<ComponentFactory<Metric>> metrics() {
        return List.of();
    }

    /** Readers of data file formats ({@code csv}, {@code arff}, ...). */
    default Collection<ComponentFactory<TableReader>> readers() {
        return List.of();
    }

    /**
     * Solvers ({@code separable-eigen}, {@code low-rank-eigen}, {@code falkon}, ...): a pipeline names one with
     * {@code "solver"}, else the supporting solver with the highest {@link RegressionSolver#preference} fits.
     */
    default Collection<ComponentFactory<RegressionSolver>> solvers() {
        return List.of();
    }

    /** Kernel sketches, named by a pipeline's {@code approximation} ({@code nystrom}, {@code fourier}, ...). */
    default Collection<ComponentFactory<KernelSketch>> sketches() {
        return List.of();
    }

    /**
     * Transforms of inputs and regression targets, named by a pipeline's {@code inputs} and {@code targets} lists
     * ({@code standardize}, {@code pca}, {@code one-hot}, ...).
     */
    default Collection<ComponentFactory<InputTransform>> transforms() {
        return List.of();
    }

    /** Named pipelines of the papers ({@code iokr}, {@code kde-covariance}, ...). */
    default Collection<PipelineTemplate> pipelines() {
        return List.of();
    }

    /**
     * Sub-commands of the {@code okl} command line ({@code bench}, {@code experiment}, ...), run as {@code okl NAME
     * ARGS...} when no built-in command has that name; none by default.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.3")
    default Collection<PluginCommand> commands() {
        return List.of();
    }

    /**
     * Places where work runs besides this JVM's threads: a compute device, a cluster that holds the rows (see
     * {@link ExecutionBackEnd}); none by default. Each runtime opens them when it first needs them.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4")
    default Collection<ExecutionBackEnd> executionBackEnds() {
        return List.of();
    }

    /**
     * The component a pipeline uses for a stage it does not name, by component kind, among this plugin's own
     * components: for example {@code OperatorKernel.class -> separable}, {@code Metric.class -> mse} (the metric of
     * model selection). Only OKL's own plugins declare defaults, so that a pipeline file means the same whichever
     * other plugins are installed; another plugin that declares one is left out with an error.
     */
    @API(status = API.Status.INTERNAL, since = "0.1")
    default Map<Class<?>, ComponentSpec> defaults() {
        return Map.of();
    }
}
