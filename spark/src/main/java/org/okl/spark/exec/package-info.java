/**
 * What the driver sends to executors and how they rebuild it once per JVM: the OKL runtime
 * ({@link org.okl.spark.exec.ExecutorOkl}), a drawn sketch ({@link org.okl.spark.exec.SketchRecipe}), a model
 * ({@link org.okl.spark.exec.ModelBroadcast}), and the prediction of a row as a Spark SQL function
 * ({@link org.okl.spark.exec.RowPredictor}).
 */
package org.okl.spark.exec;
