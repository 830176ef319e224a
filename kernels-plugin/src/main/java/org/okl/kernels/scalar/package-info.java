/**
 * Scalar kernels on real vectors (linear, polynomial, Gaussian, Laplacian, Tanimoto, Gaussian-Tanimoto, sequence
 * one-hot) and their combinations, with batch Gram matrices through the linear-algebra layer.
 */
package org.okl.kernels.scalar;
