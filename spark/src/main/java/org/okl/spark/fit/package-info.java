/**
 * Fitting on Spark: {@link org.okl.spark.fit.SparkRows}, a data set's rows in blocks with global indices, a
 * {@link org.okl.core.ClusterPasses} whose passes (sums, checksum, samples, the sketch's draw, Falkon's passes)
 * run on the executors and are recorded by {@link org.okl.spark.fit.PassLog};
 * {@link org.okl.spark.fit.DistributedSums}, the per-fold sums of one distributed pass merged by
 * {@code treeAggregate}; and {@link org.okl.spark.fit.SparkFit}, which fits a pipeline with its pass on the executors
 * (or on the driver when it does not stream).
 */
package org.okl.spark.fit;
