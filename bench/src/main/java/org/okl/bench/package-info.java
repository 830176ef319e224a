/**
 * The {@code okl bench} harness: workloads timed per back-end as the median of repeats after warm-up, on the same
 * data generator as the numpy peer script, with ratios against numpy and scikit-learn run side by side.
 */
package org.okl.bench;
