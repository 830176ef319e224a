/**
 * Separable kernels k(x, x') A: the eigen route (k and A decomposed once, the whole filter path from the rotated
 * targets), the matrix-free route of iterative filters, masked missing targets, and the path and predictor types
 * they share.
 */
package org.okl.solvers.separable;
