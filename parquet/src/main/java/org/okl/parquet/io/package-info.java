/**
 * The Apache Parquet reader: {@link org.okl.parquet.io.ParquetReader} reads a file whole or streams it by row group,
 * decoding only the projected columns; malformed content is a {@link org.okl.api.data.DataFormatException} naming the
 * file, the column and the row group.
 */
package org.okl.parquet.io;
