/**
 * Readers of data file formats (CSV, ARFF, LIBSVM, the ESL USPS text format, MNIST IDX) into
 * {@link org.okl.api.data.Table}s. Every reader streams its input, reads {@code .gz} files transparently and reports
 * malformed content with an {@link org.okl.api.data.DataFormatException} naming file, line and field.
 */
package org.okl.datasets.io;
