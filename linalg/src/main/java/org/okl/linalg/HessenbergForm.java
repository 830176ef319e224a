package org.okl.linalg;

import org.okl.api.linalg.Matrix;

/**
 * An orthogonal reduction to upper Hessenberg form, {@code M = Q H Q^T}, the first step of the Hessenberg-Schur
 * Sylvester solver.
 *
 * @param q orthogonal factor (n x n)
 * @param h upper Hessenberg factor (n x n); entries below the first subdiagonal are zero
 */
public record HessenbergForm(Matrix q, Matrix h) {
}
