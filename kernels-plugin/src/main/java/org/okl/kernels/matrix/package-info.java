/**
 * The d x d matrices A of separable operator-valued kernels {@code k(x, x') A}: identity, common similarity, output
 * graph Laplacian, graph and cluster regularisers, output covariance, and a matrix read from a file; each checked
 * symmetric positive semi-definite.
 */
package org.okl.kernels.matrix;
