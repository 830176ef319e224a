/**
 * {@code okl bench --accuracy}: OKL's automatic, independent and coupled pipelines against scikit-learn's baselines,
 * on the same repeated cross-validation folds (written once, read by both sides), scored by the same code, with the
 * corrected resampled t-test and a stated verdict rule.
 */
package org.okl.bench.accuracy;
