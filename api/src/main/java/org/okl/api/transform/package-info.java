/**
 * Transforms of a pipeline's inputs ({@code "inputs": [...]}) and regression targets ({@code "targets": [...]}):
 * standardization, min-max scaling, one-hot coding, log1p, PCA, dropping constant columns, or a plugin's own. A
 * transform is fitted on training rows only, from statistics gathered block by block in one pass (so a streamed fit
 * holds them in constant memory), and its fitted state is a set of named arrays that a model file stores.
 */
package org.okl.api.transform;
