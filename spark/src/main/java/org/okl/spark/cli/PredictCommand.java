package org.okl.spark.cli;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.functions;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.Model;
import org.okl.spark.OklSparkModel;
import org.okl.spark.exec.ModelBroadcast;
import org.okl.spark.exec.ShippedPlugins;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code okl-spark predict}: predicts every row of a data set on the executors and writes the predictions. */
@Command(name = "predict", mixinStandardHelpOptions = true, description = "Predict every row of a data set with a "
        + "model file, on the executors; write the predictions (columns y0, y1, ... in the rows' order) with Spark.")
final class PredictCommand extends SparkCommand {
    @Option(names = "--model", required = true, paramLabel = "M.okl", description = "The model file (any Hadoop "
            + "path).")
    String model;

    @Option(names = "--handle-invalid", defaultValue = "error", paramLabel = "H", description = "Rows with a "
            + "missing or non-finite input: error (default), skip (no prediction written), keep (NaN predictions).")
    String handleInvalid;

    @Option(names = "--data", required = true, paramLabel = "PATH", description = "The rows (any Hadoop path).")
    String data;

    @Option(names = "--format", defaultValue = "csv", paramLabel = "F", description = "The rows' format (csv "
            + "default).")
    String format;

    @Option(names = "--inputs", paramLabel = "COLS", description = "Input columns (default: every column).")
    String inputs;

    @Option(names = "--keep", paramLabel = "COLS", description = "Columns of the data written as they are before the "
            + "predictions (a key to join them back: with --handle-invalid skip, skipped rows have no line).")
    String keep;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where Spark writes the predictions "
            + "(a directory of part files).")
    String out;

    @Option(names = "--out-format", defaultValue = "csv", paramLabel = "F", description = "csv (default, with a "
            + "header), parquet, orc, json.")
    String outFormat;

    @Override
    void run(SparkSession spark) {
        ModelBroadcast file = ModelBroadcast.ofBytes(HadoopFiles.read(spark.sparkContext().hadoopConfiguration(),
                model, "model file"), ShippedPlugins.ship(spark.sparkContext(), root.pluginFolders()));
        Model m = file.model();
        Dataset<Row> rows = SparkTables.read(spark, data, format);
        List<String> in = inputs != null ? SparkTables.select(rows, "--inputs", inputs) : List.of(rows.columns());
        List<String> kept = keep != null ? SparkTables.select(rows, "--keep", keep) : List.of();
        rows = SparkTables.numeric(rows, in);
        OklSparkModel sparkModel = new OklSparkModel("okl-predict", file, false).setInputCols(in.toArray(new String[0]))
                .setHandleInvalid(handleInvalid);
        Column vector = functions.vector_to_array(org.apache.spark.sql.functions.col("prediction"), "float64");
        List<Column> selected = new ArrayList<>();
        for (String k : kept) {
            selected.add(org.apache.spark.sql.functions.col("`" + k.replace("`", "``") + "`"));
        }
        selected.add(vector.as("p"));
        Dataset<Row> predicted = sparkModel.transform(rows).select(selected.toArray(new Column[0]));
        List<Column> columns = new ArrayList<>();
        for (String k : kept) {
            columns.add(org.apache.spark.sql.functions.col("`" + k.replace("`", "``") + "`"));
        }
        for (int j = 0; j < m.outputCount(); j++) {
            if (kept.contains("y" + j)) {
                throw new OklException(ErrorCode.USAGE, "--keep: the column 'y" + j + "' would clash with the "
                        + "prediction column y" + j + "; rename it in the data, or keep another key");
            }
            columns.add(org.apache.spark.sql.functions.col("p").getItem(j).as("y" + j));
        }
        predicted.select(columns.toArray(new Column[0])).write().format(outFormat).option("header", "true")
                .save(out);
        System.out.println("predictions of " + data + " written to " + out);
    }
}
