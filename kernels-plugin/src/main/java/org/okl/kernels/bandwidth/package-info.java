/**
 * Data-dependent kernel widths: the median and k-nearest-neighbour heuristics of the papers, and the kernels that
 * resolve to a fixed spec once they see the training inputs.
 */
package org.okl.kernels.bandwidth;
