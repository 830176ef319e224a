package org.okl.spark.cli;

import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.okl.api.linalg.Matrix;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.decode.CandidateRanking;
import org.okl.spark.decode.SparkDecoding;
import org.okl.spark.exec.ModelBroadcast;
import org.okl.spark.exec.ShippedPlugins;
import org.okl.spark.fit.SparkRows;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code okl-spark decode}: the k best candidates of every test input among a candidate set read by Spark, scored on
 * the executors ({@link SparkDecoding}).
 */
@Command(name = "decode", mixinStandardHelpOptions = true, description = "Rank the candidates of a candidate set of "
        + "any size for every test input (pre-image of IOKR, OEL, KDE models); write row,rank,candidate,distance as "
        + "CSV on the driver.")
final class DecodeCommand extends SparkCommand {
    @Option(names = "--model", required = true, paramLabel = "M.okl", description = "The model file (any Hadoop "
            + "path).")
    String model;

    @Option(names = "--data", required = true, paramLabel = "PATH", description = "The test inputs (any Hadoop "
            + "path; brought to the driver).")
    String data;

    @Option(names = "--format", defaultValue = "csv", paramLabel = "F", description = "The test inputs' format.")
    String format;

    @Option(names = "--inputs", paramLabel = "COLS", description = "Input columns (default: every column).")
    String inputs;

    @Option(names = "--candidates", required = true, paramLabel = "PATH", description = "The candidate outputs (any "
            + "Hadoop path).")
    String candidates;

    @Option(names = "--candidate-format", defaultValue = "csv", paramLabel = "F", description = "The candidates' "
            + "format.")
    String candidateFormat;

    @Option(names = "--candidate-columns", paramLabel = "COLS", description = "The candidates' output columns "
            + "(default: every column).")
    String candidateColumns;

    @Option(names = "--k", defaultValue = "1", description = "Candidates kept per test input.")
    int k;

    @Option(names = "--out", required = true, paramLabel = "R.csv", description = "Where to write the ranking (any "
            + "Hadoop path).")
    String out;

    @Override
    void run(SparkSession spark) {
        long start = System.nanoTime();
        ModelBroadcast m = ModelBroadcast.ofBytes(HadoopFiles.read(spark.sparkContext().hadoopConfiguration(), model,
                "model file"), ShippedPlugins.ship(spark.sparkContext(), root.pluginFolders()));
        Dataset<Row> tests = SparkTables.read(spark, data, format);
        List<String> in = inputs != null ? SparkTables.select(tests, "--inputs", inputs) : List.of(tests.columns());
        tests = SparkTables.numeric(tests, in);
        Matrix x;
        try (SparkRows rows = SparkRows.of(tests, ColumnLayout.of(tests.schema(), in, "inputs"), Optional.empty())) {
            x = rows.collect("the test inputs are predicted on the driver", "decode them in slices").inputs();
        }
        Dataset<Row> c = SparkTables.read(spark, candidates, candidateFormat);
        List<String> cols = candidateColumns != null ? SparkTables.select(c, "--candidate-columns", candidateColumns)
                : List.of(c.columns());
        c = SparkTables.numeric(c, cols);
        CandidateRanking ranking = SparkDecoding.decode(m, x, c, ColumnLayout.of(c.schema(), cols, "candidates"), k,
                SparkDecoding.DEFAULT_BUDGET);
        write(spark, ranking);
        System.out.println(String.format(Locale.ROOT, "ranked %d candidates for %d inputs in %.1f s; written to %s",
                ranking.searched(), ranking.size(), (System.nanoTime() - start) * 1e-9, out));
    }

    /** Writes the ranking through Hadoop's file systems (a temporary file renamed at the end). */
    private void write(SparkSession spark, CandidateRanking ranking) {
        HadoopFiles.write(spark.sparkContext().hadoopConfiguration(), out, "ranking", o -> {
            Writer w = new BufferedWriter(new OutputStreamWriter(o, StandardCharsets.UTF_8));
            w.write("row,rank,candidate,distance\n");
            for (int i = 0; i < ranking.size(); i++) {
                for (int r = 0; r < ranking.indices()[i].length; r++) {
                    w.write(i + "," + (r + 1) + "," + ranking.indices()[i][r] + "," + ranking.distances()[i][r]
                            + "\n");
                }
            }
            w.flush();
        });
    }
}
