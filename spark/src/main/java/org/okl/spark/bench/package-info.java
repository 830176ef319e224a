/** The process {@code okl bench}'s {@code spark_fit} workload times ({@link org.okl.spark.bench.SparkFitMain}). */
package org.okl.spark.bench;
