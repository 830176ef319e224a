/** The {@code okl-arrow} plugin: data files in Apache Arrow IPC (Feather), found through
 * {@link org.okl.api.plugin.OklPlugin}. */
package org.okl.arrow;
