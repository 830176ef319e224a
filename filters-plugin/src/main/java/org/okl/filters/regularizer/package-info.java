/**
 * Regularizers that couple the outputs through the matrix A of a separable kernel.
 */
package org.okl.filters.regularizer;
