/**
 * Evaluation metrics: regression losses (MSE, RMSE, aRRMSE, explained variance, RBF loss, angular error),
 * multi-label measures (Hamming loss, F1 by example, micro and macro F1, subset accuracy, mean AUC), candidate
 * top-k accuracy and per-character accuracy of sequences. Every class documents its exact formula and the rule for
 * its edge cases.
 */
package org.okl.metrics;
