/**
 * Matrix-free building blocks: Gram actions (separable, block, masked), Lanczos for s_max, conjugate gradients, and
 * runs of iterative filters.
 */
package org.okl.solvers.iterative;
