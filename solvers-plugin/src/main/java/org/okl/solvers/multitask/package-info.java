/**
 * The task-indexed kernel of multi-task learning: a Hadamard Gram k ∘ A[t, t] over pooled samples.
 */
package org.okl.solvers.multitask;
