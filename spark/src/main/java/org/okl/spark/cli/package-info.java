/**
 * The {@code spark-submit} entry {@link org.okl.spark.cli.OklSparkMain}: {@code fit}, {@code predict} and
 * {@code decode} on data read by Spark.
 */
package org.okl.spark.cli;
