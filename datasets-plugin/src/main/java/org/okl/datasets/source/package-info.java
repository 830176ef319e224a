/**
 * The plugin's data sets: bundled ones (digits, Linnerud, yeast, USPS), ones read from the data directory (scene,
 * emotions, enron, tecator, jura, the UCI multi-target sets, the school exam scores, MNIST) and generated ones
 * (Baldassarre et al.'s related tasks and 2-D vector fields).
 */
package org.okl.datasets.source;
