package org.okl.solvers.lowrank;

import java.util.Arrays;
import java.util.Map;
import org.okl.api.component.ComponentContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.sketch.SketchRows;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.solvers.kde.IncompleteCholesky;
import org.okl.solvers.kde.IncompleteCholeskySettings;

/**
 * The {@code incomplete-cholesky} sketch: the pivots of a pivoted incomplete Cholesky factorisation of the input
 * Gram (Bach and Jordan 2002) as Nystrom landmarks, which gives exactly the factorisation's
 * approximation {@code K_nP K_PP^-1 K_Pn}. The covariance KDE solver reads the same settings for its input and
 * output factors ({@link IncompleteCholeskySettings}). The pivot search keeps n x rank factors and reads every row at
 * every step, so it needs the rows in memory; streamed data use {@code nystrom} with leverage sampling instead.
 */
public final class IncompleteCholeskySketch implements KernelSketch {
    private final IncompleteCholeskySettings settings;

    /** @param settings rank, output rank and tolerance */
    public IncompleteCholeskySketch(IncompleteCholeskySettings settings) {
        this.settings = settings;
    }

    @Override
    public int features(long rows) {
        return (int) Math.min(settings.rank(), rows);
    }

    @Override
    public SketchFeatures draw(VectorKernel kernel, SketchRows rows, ComponentContext context) {
        Matrix inputs = rows.inMemory().orElseThrow(() -> new IllegalArgumentException(IncompleteCholeskySettings.NAME
                + " keeps n x rank factors and needs the rows in memory; for streamed data use "
                + "{\"name\": \"nystrom\", \"sampling\": \"leverage\"}"));
        int[] pivots = IncompleteCholesky.factor(IncompleteCholesky.of(kernel, inputs), settings.rank(),
                settings.tolerance()).pivots().clone();
        Arrays.sort(pivots);
        return new NystromFeatures(kernel, inputs.selectRows(pivots));
    }

    @Override
    public SketchFeatures restore(VectorKernel kernel, Map<String, Matrix> arrays, ComponentContext context) {
        return NystromFeatures.restore(kernel, arrays, IncompleteCholeskySettings.NAME);
    }
}
