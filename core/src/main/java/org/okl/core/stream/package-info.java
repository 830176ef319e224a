/**
 * The streaming core of sketched (low-rank) fits, with no dependency beyond the api and the linear-algebra layer,
 * so a distributed runner (Spark) reuses it as is: {@link org.okl.core.stream.FoldScheme} puts every row in a fold
 * by its global index; {@link org.okl.core.stream.BlockAccumulator} turns blocks of rows into
 * {@link org.okl.core.stream.FoldAggregates} (m x m and m x d sums per fold, plain mergeable data);
 * {@link org.okl.core.stream.SketchSelection} and {@link org.okl.core.stream.SketchSolve} turn the sums into every
 * path point's weights and validation errors; {@link org.okl.core.stream.RowSource} is what a pass reads.
 */
package org.okl.core.stream;
