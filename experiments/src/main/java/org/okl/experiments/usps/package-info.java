/**
 * Reproductions of the USPS image-completion experiments (top half of a digit to its bottom half): Kadri et al. 2013
 * Table 2 left ({@code kadri-usps}), their low-rank covariance KDE on USPS ({@code kadri-lowrank}) and Brogat-Motte et
 * al. 2022 Table 3 ({@code oel-usps}). They use OKL's public pieces only: the {@code usps-halves} data set, named
 * pipelines, pipeline fitting with model selection, and metrics by name.
 */
package org.okl.experiments.usps;
