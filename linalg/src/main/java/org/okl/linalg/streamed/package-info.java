/**
 * The streaming core of sketched (low-rank) fits, with no dependency beyond the api and the linear-algebra layer,
 * so a distributed runner (Spark) reuses it as is: {@link org.okl.api.rows.FoldScheme} puts every row in a fold
 * by its global index; {@link org.okl.linalg.streamed.BlockAccumulator} turns blocks of rows into
 * {@link org.okl.linalg.streamed.FoldAggregates} (m x m and m x d sums per fold, plain mergeable data);
 * {@link org.okl.linalg.streamed.SketchSelection} and {@link org.okl.linalg.streamed.SketchSolve} turn the sums into every
 * path point's weights and validation errors; {@link org.okl.api.rows.RowSource} is what a pass reads.
 */
package org.okl.linalg.streamed;
