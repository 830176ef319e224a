/**
 * Learned kernel parameters (issue 36): the synthetic check on a known coregionalisation and the learned kernel
 * against independent outputs on the accuracy benchmark's folds.
 */
package org.okl.experiments.learned;
