package org.okl.spark.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.Model;
import org.okl.spark.OklEstimator;
import org.okl.spark.OklSparkModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code okl-spark fit}: fits a pipeline on a data set read by Spark and writes the OKL model file. */
@Command(name = "fit", mixinStandardHelpOptions = true, description = "Fit a pipeline on rows read by Spark and "
        + "write the model file (the one 'okl fit' writes, for 'okl predict'). A pipeline with a kernel sketch keeps "
        + "the rows on the executors (every pass runs there: the summary printed says where each ran); others are "
        + "fitted on the driver only with --allow-driver.")
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
            + "(any Hadoop path: local, hdfs://, s3a://).")
    String model;

    @Option(names = "--weights", paramLabel = "COL", description = "A numeric column of row weights (finite, >= 0).")
    String weights;

    @Option(names = "--handle-invalid", defaultValue = "error", paramLabel = "H", description = "Rows with a "
            + "missing or non-finite value: error (default; names the row and column), skip (left out), keep "
            + "(left out of a fit).")
    String handleInvalid;

    @Option(names = "--allow-driver", description = "Let a pipeline that does not stream be fitted on the driver "
            + "with every row brought there (off: such a fit is refused).")
    boolean allowDriver;

    @Option(names = "--seed", defaultValue = "0", description = "The seed of OKL's random choices.")
    long seed;

    @Option(names = "--aggregation-depth", defaultValue = "2", description = "Depth of the tree that merges the "
            + "partitions' sums.")
    int depth;

    @Option(names = "--num-partitions", defaultValue = "0", paramLabel = "N", description = "Spread the rows over N "
            + "partitions in the reading pass, evenly and in their order (default 0: over every core when the data "
            + "has fewer partitions, as one gzipped file has one).")
    int numPartitions;

    @Override
    void run(SparkSession spark) {
        long start = System.nanoTime();
        Dataset<Row> rows = SparkTables.read(spark, data, format);
        List<String> out = SparkTables.select(rows, "--outputs", outputs);
        List<String> in = new ArrayList<>(inputs != null ? SparkTables.select(rows, "--inputs", inputs)
                : rest(rows, out));
        List<String> all = new ArrayList<>(in);
        all.addAll(out);
        if (weights != null) {
            String w = SparkTables.select(rows, "--weights", weights).get(0);
            in.remove(w);
            all.remove(w);
            all.add(w);
        }
        rows = SparkTables.numeric(rows, all);
        if (!List.of(org.okl.spark.data.Invalid.IDS).contains(handleInvalid)) {
            throw new OklException(ErrorCode.INVALID_PARAMETER, "--handle-invalid: '" + handleInvalid
                    + "' is not one of error, skip, keep");
        }
        OklEstimator estimator = new OklEstimator().setPipelinePath(pipeline).setInputCols(in.toArray(new String[0]))
                .setOutputCols(out.toArray(new String[0])).setSeed(seed).setAggregationDepth(depth)
                .setHandleInvalid(handleInvalid).setRequireDistributed(!allowDriver).setNumPartitions(numPartitions)
                .setPluginFolders(root.plugins.stream().map(Path::toString).toArray(String[]::new));
        if (weights != null) {
            estimator.setWeightCol(all.get(all.size() - 1));
        }
        OklSparkModel fitted = estimator.fit(rows);
        Model m = fitted.oklModel();
        HadoopFiles.write(spark.sparkContext().hadoopConfiguration(), model, "model file",
                o -> o.write(fitted.modelFileBytes()));
        PrintStream stdout = System.out;
        stdout.println(String.format(Locale.ROOT, "fitted on the rows of %s in %.1f s; chosen %s by %s", data,
                (System.nanoTime() - start) * 1e-9, m.provenance().chosen(), m.provenance().selection()));
        stdout.print(fitted.summary());
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
