/**
 * Candidate pre-images over a candidate data set: {@link org.okl.spark.decode.SparkDecoding} scores every partition's
 * candidates on the executors and merges the k best into a {@link org.okl.spark.decode.CandidateRanking}.
 */
package org.okl.spark.decode;
