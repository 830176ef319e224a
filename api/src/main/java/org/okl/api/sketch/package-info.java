/**
 * The kernel-sketch extension point: a {@link org.okl.api.sketch.KernelSketch} (Nystrom, random Fourier features,
 * ...) is drawn from {@link org.okl.api.sketch.SketchRows} into {@link org.okl.api.sketch.SketchFeatures}, explicit
 * features and a metric that low-rank solvers accumulate in m x m sums.
 */
package org.okl.api.sketch;
