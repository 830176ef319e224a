/**
 * Low-rank approximations of the input kernel (Nystrom, random Fourier features) and the eigen route on their
 * features.
 */
package org.okl.solvers.lowrank;
