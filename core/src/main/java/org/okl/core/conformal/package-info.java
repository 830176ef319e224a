/**
 * Conformal prediction intervals (Barber, Candes, Ramdas and Tibshirani 2021): the finite-sample order statistics,
 * jackknife, jackknife+ and CV+ intervals per output, and a simultaneous region for the whole output vector.
 */
package org.okl.core.conformal;
