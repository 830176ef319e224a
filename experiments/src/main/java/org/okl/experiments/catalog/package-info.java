/**
 * The catalogue of experiments: {@link org.okl.experiments.catalog.Experiments}, every experiment
 * {@code okl experiment} knows, by name. It sits above the experiments' packages, which build on
 * {@code org.okl.experiments} and never on it.
 */
package org.okl.experiments.catalog;
