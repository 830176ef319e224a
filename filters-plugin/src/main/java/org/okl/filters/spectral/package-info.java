/**
 * Spectral filters of Baldassarre et al. 2012 with the definitions and recurrences of docs/conventions.md#filters.
 */
package org.okl.filters.spectral;
