package org.okl.core.plugin;

import java.util.Arrays;
import java.util.Collection;
import java.util.function.Function;
import org.okl.api.component.ComponentFactory;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.TableReader;
import org.okl.api.decoder.Decoder;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.metric.Metric;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.regularizer.Regularizer;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.solve.RegressionSolver;
import org.okl.api.transform.InputTransform;

/** The kinds of components a plugin can offer: the api type, the name users see, and the plugin getter. */
public enum ComponentKind {
    /** Scalar kernels on vectors. */
    KERNEL("kernel", VectorKernel.class, OklPlugin::kernels),
    /** Operator-valued kernels. */
    OPERATOR("operator", OperatorKernel.class, OklPlugin::operatorKernels),
    /** Matrices A of separable kernels. */
    MATRIX("matrix", OutputMatrix.class, OklPlugin::outputMatrices),
    /** Output embeddings. */
    OUTPUT("output", OutputEmbedding.class, OklPlugin::outputEmbeddings),
    /** Spectral filters. */
    FILTER("filter", SpectralFilter.class, OklPlugin::filters),
    /** Regularizers. */
    REGULARIZER("regularizer", Regularizer.class, OklPlugin::regularizers),
    /** Decoders. */
    DECODER("decoder", Decoder.class, OklPlugin::decoders),
    /** Data sets. */
    DATASET("dataset", DatasetSource.class, OklPlugin::datasets),
    /** Metrics. */
    METRIC("metric", Metric.class, OklPlugin::metrics),
    /** Data file readers. */
    READER("reader", TableReader.class, OklPlugin::readers),
    /** Solvers of the regression step. */
    SOLVER("solver", RegressionSolver.class, OklPlugin::solvers),
    /** Kernel sketches (a pipeline's {@code approximation}). */
    SKETCH("sketch", KernelSketch.class, OklPlugin::sketches),
    /** Transforms of inputs and regression targets (a pipeline's {@code inputs} and {@code targets}). */
    TRANSFORM("transform", InputTransform.class, OklPlugin::transforms);

    private final String label;
    private final Class<?> type;
    private final Function<OklPlugin, Collection<? extends ComponentFactory<?>>> getter;

    ComponentKind(String label, Class<?> type, Function<OklPlugin, Collection<? extends ComponentFactory<?>>> getter) {
        this.label = label;
        this.type = type;
        this.getter = getter;
    }

    /** The name users see, for example {@code kernel}. */
    public String label() {
        return label;
    }

    /** The api interface components of this kind implement. */
    public Class<?> type() {
        return type;
    }

    /** The factories a plugin offers for this kind. */
    public Collection<? extends ComponentFactory<?>> factoriesOf(OklPlugin plugin) {
        return getter.apply(plugin);
    }

    /** The kind whose api type is the given class. */
    public static ComponentKind of(Class<?> type) {
        return Arrays.stream(values())
                .filter(k -> k.type.equals(type))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(type.getName() + " is not a component kind"));
    }
}
