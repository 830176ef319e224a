package org.okl.spark.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.okl.core.pipeline.Model;
import org.okl.spark.OklEstimator;
import org.okl.spark.OklSparkModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code okl-spark fit}: fits a pipeline on a data set read by Spark and writes the OKL model file. */
@Command(name = "fit", mixinStandardHelpOptions = true, description = "Fit a pipeline on rows read by Spark and "
        + "write the model file (the one 'okl fit' writes, for 'okl predict'). A pipeline with a kernel sketch keeps "
        + "the rows on the executors; others are fitted on the driver.")
final class FitCommand extends SparkCommand {
    @Option(names = "--pipeline", required = true, paramLabel = "P.json", description = "The pipeline file (any "
            + "Hadoop path).")
    String pipeline;

    @Option(names = "--data", required = true, paramLabel = "PATH", description = "The training rows (any Hadoop "
            + "path: file, directory, hdfs://, s3a://).")
    String data;

    @Option(names = "--format", defaultValue = "csv", paramLabel = "F", description = "csv (default), parquet, orc, "
            + "json: any format Spark reads.")
    String format;

    @Option(names = "--inputs", paramLabel = "COLS", description = "Input columns, e.g. 0:20 or a,b (default: every "
            + "column but the outputs).")
    String inputs;

    @Option(names = "--outputs", required = true, paramLabel = "COLS", description = "Output columns, e.g. 20:25.")
    String outputs;

    @Option(names = "--model", required = true, paramLabel = "M.okl", description = "Where to write the model file "
            + "(on the driver).")
    Path model;

    @Option(names = "--seed", defaultValue = "0", description = "The seed of OKL's random choices.")
    long seed;

    @Option(names = "--aggregation-depth", defaultValue = "2", description = "Depth of the tree that merges the "
            + "partitions' sums.")
    int depth;

    @Override
    void run(SparkSession spark) {
        long start = System.nanoTime();
        Dataset<Row> rows = SparkTables.read(spark, data, format);
        List<String> out = SparkTables.select(rows, "--outputs", outputs);
        List<String> in = inputs != null ? SparkTables.select(rows, "--inputs", inputs) : rest(rows, out);
        List<String> all = new ArrayList<>(in);
        all.addAll(out);
        rows = SparkTables.numeric(rows, all);
        OklSparkModel fitted = new OklEstimator().setPipelinePath(pipeline).setInputCols(in.toArray(new String[0]))
                .setOutputCols(out.toArray(new String[0])).setSeed(seed).setAggregationDepth(depth).fit(rows);
        Model m = fitted.oklModel();
        m.save(model);
        PrintStream stdout = System.out;
        stdout.println(String.format(Locale.ROOT, "fitted on the rows of %s in %.1f s; chosen %s by %s", data,
                (System.nanoTime() - start) * 1e-9, m.provenance().chosen(), m.provenance().selection()));
        stdout.println("model written to " + model);
    }

    private static List<String> rest(Dataset<Row> rows, List<String> outputs) {
        List<String> in = new ArrayList<>();
        for (String c : rows.columns()) {
            if (!outputs.contains(c)) {
                in.add(c);
            }
        }
        return in;
    }
}
