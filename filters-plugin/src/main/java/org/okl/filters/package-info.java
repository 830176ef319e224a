/**
 * The built-in spectral filters and output-coupling regularizers plugin.
 */
package org.okl.filters;
