/**
 * Data sets as OKL rows: {@link org.okl.spark.data.ColumnLayout} reads a row's chosen columns,
 * {@link org.okl.spark.data.SparkRows} is a data set's rows in blocks with global indices, a
 * {@link org.okl.core.DistributedRows} whose passes (sums, checksum, samples) run on the executors.
 */
package org.okl.spark.data;
