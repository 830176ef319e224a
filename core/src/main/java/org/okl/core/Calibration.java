package org.okl.core;

import org.okl.api.linalg.Matrix;

/**
 * What a model keeps for its prediction intervals: the closed-form leave-one-out residuals of its fit (n x q, on the
 * transformed targets' scale), and the transformed training inputs from which, with the stored training outputs, it
 * recomputes its n leave-one-out fits at new points (for jackknife+).
 *
 * @param residuals the leave-one-out residuals (n x q)
 * @param inputs    the transformed training inputs (n x p')
 */
record Calibration(Matrix residuals, Matrix inputs) {
}
