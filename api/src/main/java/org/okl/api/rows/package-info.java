/**
 * Rows read in passes: {@link org.okl.api.rows.RowSource} is what a streamed fit reads (a data file of any size, rows
 * in memory, rows on a cluster), {@link org.okl.api.rows.FoldScheme} puts every row in a fold by its global index,
 * {@link org.okl.api.rows.RowDigest} is the checksum of the rows recorded in a model, and
 * {@link org.okl.api.rows.StreamTimings} says where a streamed fit's time went.
 */
package org.okl.api.rows;
