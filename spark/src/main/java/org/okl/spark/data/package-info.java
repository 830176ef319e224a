/**
 * A data set's columns read as OKL rows: {@link org.okl.spark.data.ColumnLayout} reads a row's chosen columns,
 * {@link org.okl.spark.data.RowBlocks} reads a partition's rows into {@link org.okl.spark.data.RowBlock}s (dense or
 * sparse, invalid rows reported or left out), with the errors and job descriptions of the passes over them.
 */
package org.okl.spark.data;
