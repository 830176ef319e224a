/**
 * Input and target transforms of a pipeline, fitted on training rows only: a chain of fitted
 * {@link org.okl.api.transform.FittedTransform}s ({@link org.okl.core.transform.TransformChain}), the pair a
 * pipeline fits ({@link org.okl.core.transform.FittedTransforms}), and rows seen through them
 * ({@link org.okl.core.transform.TransformedRows}).
 */
package org.okl.core.transform;
