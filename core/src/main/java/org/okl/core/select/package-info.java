/**
 * Model selection pieces: seeded splitters (k-fold, hold-out, repeated sub-sampling, labelled subsets) and the
 * closed-form leave-one-out errors of a Tikhonov path. An iterative filter needs no early stopping here: one run of
 * the iteration gives the validation error of every iterate, and the pipeline refits only up to the chosen one.
 */
package org.okl.core.select;
