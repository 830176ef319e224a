/**
 * The solver extension point: a {@link org.okl.api.solve.RegressionSolver} fits a
 * {@link org.okl.api.solve.RegressionProblem} along the filter's whole regularization path into a
 * {@link org.okl.api.solve.RegressionPath}, whose points are {@link org.okl.api.solve.Predictor}s that model files
 * store as a type and named arrays.
 */
package org.okl.api.solve;
