/** The {@code okl-parquet} plugin: data files in Apache Parquet, found through {@link org.okl.api.plugin.OklPlugin}. */
package org.okl.parquet;
