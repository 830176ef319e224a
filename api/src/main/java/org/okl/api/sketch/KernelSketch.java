package org.okl.api.sketch;

import java.util.Map;
import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;

/**
 * A low-rank sketch of a scalar input kernel, named by a pipeline's {@code approximation} member and registered by
 * plugins ({@link org.okl.api.plugin.OklPlugin#sketches()}): Nystrom landmarks, random Fourier features, or a third
 * party's. A drawn sketch ({@link SketchFeatures}) gives explicit features phi(x) in R^m and an m x m positive
 * semi-definite metric M with {@code k(x, x') ≈ phi(x)^T M^+ phi(x')}; low-rank solvers then work on m x m sums and
 * never on the n x n Gram (and never hold n x m).
 *
 * <p>Drawing is deterministic: the same rows (in the same order), kernel and seed give the same sketch, whether the
 * rows come from a file, from memory or from a cluster; and a drawn sketch can be handed to any solver route
 * (injected), so two routes over the same rows, sketch and folds agree to round-off.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface KernelSketch {

    /** The number of features m this sketch draws for the given number of training rows. */
    int features(long rows);

    /**
     * Draws the sketch for the training rows (landmarks, frequencies, ...), with every random choice seeded from
     * {@link ComponentContext#seed()}.
     *
     * @throws IllegalArgumentException when the sketch cannot be drawn for this kernel or these rows (the message
     *                                  says why, for example a sketch that needs a shift-invariant kernel)
     */
    SketchFeatures draw(VectorKernel kernel, SketchRows rows, ComponentContext context);

    /** Rebuilds a drawn sketch from the arrays it stored ({@link SketchFeatures#arrays()}), for model files. */
    SketchFeatures restore(VectorKernel kernel, Map<String, Matrix> arrays, ComponentContext context);
}
