/**
 * Multi-label experiments: Minh and Sindhwani 2011 (vector-valued manifold regularization on scene) and
 * Brogat-Motte et al. 2022 (IOKR, OEL0 and OEL with few labelled points and unlabelled outputs).
 */
package org.okl.experiments.multilabel;
