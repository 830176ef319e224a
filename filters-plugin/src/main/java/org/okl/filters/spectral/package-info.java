/**
 * Spectral filters of Baldassarre et al. 2012 with the definitions and recurrences of CONVENTIONS.md.
 */
package org.okl.filters.spectral;
