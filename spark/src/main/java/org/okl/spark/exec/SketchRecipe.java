package org.okl.spark.exec;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.output.RowwiseOutputEmbedding;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.transform.FittedTransforms;
import org.okl.core.transform.TransformedFeatures;

/**
 * What executors need to turn rows into sketch features and regression targets, drawn once on the driver and
 * broadcast: the pipeline (its input and target transforms, kernel, sketch and output embedding, with data-dependent
 * values resolved), the fitted transforms' arrays and the drawn sketch's arrays (landmarks, frequencies, ...).
 * Executors rebuild the features with the pipeline's {@link KernelSketch#restore}, seen through the transforms
 * ({@link TransformedFeatures}), and keep them per JVM ({@link #prepare}), so a pass costs one rebuild per executor.
 */
public final class SketchRecipe implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final ExecutorCache<Prepared> CACHE = new ExecutorCache<>(8);

    private final String id;
    private final String pipeline;
    private final Map<String, ArrayData> arrays;
    private final Map<String, ArrayData> transforms;

    /**
     * @param spec       the pipeline, with a sketch ({@code approximation}) and a row-wise output embedding
     * @param transforms the pipeline's transforms, fitted on the driver
     * @param features   the drawn sketch
     */
    public SketchRecipe(PipelineSpec spec, FittedTransforms transforms, SketchFeatures features) {
        this.id = UUID.randomUUID().toString();
        this.pipeline = PipelineFiles.toJson(spec);
        this.arrays = new LinkedHashMap<>(ArrayData.of(features.arrays()));
        this.transforms = new LinkedHashMap<>(ArrayData.of(transforms.arrays()));
    }

    /** The bytes of the sketch's and the transforms' arrays (what the broadcast carries, with the pipeline's text). */
    public long bytes() {
        long bytes = 2L * pipeline.length();
        for (ArrayData a : arrays.values()) {
            bytes += a.bytes();
        }
        for (ArrayData a : transforms.values()) {
            bytes += a.bytes();
        }
        return bytes;
    }

    /**
     * The features and the target encoding, rebuilt on first use in this JVM.
     *
     * @throws IllegalArgumentException when the pipeline's output embedding is not row-wise
     */
    public Prepared prepare() {
        return CACHE.get(id, () -> build(ExecutorOkl.get()));
    }

    private Prepared build(Okl okl) {
        PipelineSpec spec = PipelineFiles.parse(pipeline, "pipeline sent to executors", okl.registry());
        VectorKernel kernel = okl.create(VectorKernel.class, spec.kernel().orElseThrow(
                () -> new IllegalArgumentException("the pipeline sent to executors has no input kernel")));
        KernelSketch sketch = okl.create(KernelSketch.class, spec.approximation().orElseThrow(
                () -> new IllegalArgumentException("the pipeline sent to executors has no approximation")));
        SketchFeatures features = sketch.restore(kernel, ArrayData.matrices(arrays), okl.context());
        if (!(okl.create(OutputEmbedding.class, spec.output()) instanceof RowwiseOutputEmbedding embedding)) {
            throw new IllegalArgumentException("the output embedding '" + spec.output().name() + "' is not row-wise");
        }
        FittedTransforms fitted = FittedTransforms.restore(spec.inputs(), spec.targets(),
                ArrayData.matrices(transforms), okl.context());
        return new Prepared(TransformedFeatures.of(features, fitted),
                outputs -> embedding.encode(fitted.transformOutputs(outputs)), okl);
    }

    /**
     * A recipe rebuilt on an executor.
     *
     * @param features the sketch features of rows as stored (through the input transforms)
     * @param encode   outputs through the target transforms to regression targets
     * @param okl      the executor's OKL (its back-end)
     */
    public record Prepared(SketchFeatures features, UnaryOperator<Matrix> encode, Okl okl) {
    }
}
