/**
 * Multi-output regression on the Mulan multi-target benchmark sets and tecator: independent outputs against
 * output-coupling separable kernels, scored by aRRMSE, hyper-parameters chosen by inner cross-validation.
 */
package org.okl.experiments.mtr;
