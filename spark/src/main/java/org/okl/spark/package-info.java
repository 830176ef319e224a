/**
 * OKL on Apache Spark: {@link org.okl.spark.OklEstimator}, a Spark ML estimator that fits an OKL pipeline on a data
 * set's columns, and {@link org.okl.spark.OklSparkModel}, the fitted OKL model as a Spark ML model (predictions on
 * the executors, saved with Spark ML's persistence, candidate decoding over a candidate data set).
 */
package org.okl.spark;
