package org.okl.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.okl.api.data.TableSink;
import org.okl.api.linalg.Matrix;
import org.okl.core.data.FileRows;
import org.okl.core.data.TableFiles;

/**
 * {@code read_parquet}: n rows of {@value #READ} double columns (and {@value #SKIPPED} more that are not read) in a
 * Parquet file and in a CSV file, both written outside the clock; the timed region reads the {@value #READ} columns
 * of each through core's {@link FileRows} into its column cache, as a streamed fit's first pass does: Parquet by row
 * group with the other columns left undecoded, CSV by the parallel parser. Details: each file's time and size and
 * their ratio. The files are deleted after the run.
 */
public final class ReadParquetWorkload implements Workload {
    static final int READ = 100;
    static final int SKIPPED = 20;
    private static final int BLOCK = 10_000;

    @Override
    public String name() {
        return "read_parquet";
    }

    @Override
    public String description() {
        return "reads 100 of 120 double columns of n rows from Parquet (projected, by row group) and from CSV (the "
                + "parallel parser) into the column cache; details: parquet_s, csv_s, csv_over_parquet";
    }

    @Override
    public boolean numpyPeer() {
        return false;
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        TableFiles tables = environment.okl().tables();
        Path dir;
        Path parquet;
        Path csv;
        try {
            dir = Files.createTempDirectory("okl-read-parquet");
            parquet = dir.resolve("rows.parquet");
            csv = dir.resolve("rows.csv");
            write(tables, n, environment.seed(), parquet, csv);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int[] columns = IntStream.range(0, READ).toArray();
        return new BenchTask() {
            private double parquetSeconds;
            private double csvSeconds;

            @Override
            public Object run() {
                long start = System.nanoTime();
                double a = read(tables, parquet, columns, environment);
                long middle = System.nanoTime();
                double b = read(tables, csv, columns, environment);
                parquetSeconds = (middle - start) * 1e-9;
                csvSeconds = (System.nanoTime() - middle) * 1e-9;
                if (a != b) {
                    throw new IllegalStateException("the Parquet and CSV files read differently: " + a + " vs " + b);
                }
                return a;
            }

            @Override
            public Map<String, Double> details() {
                try {
                    Map<String, Double> d = new LinkedHashMap<>();
                    d.put("parquet_s", parquetSeconds);
                    d.put("csv_s", csvSeconds);
                    d.put("csv_over_parquet", csvSeconds / parquetSeconds);
                    d.put("parquet_mib", Files.size(parquet) / (1024.0 * 1024.0));
                    d.put("csv_mib", Files.size(csv) / (1024.0 * 1024.0));
                    return d;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } finally {
                    StreamCsvWorkload.delete(dir);
                }
            }
        };
    }

    /** One pass over the chosen columns through the column cache; the sum of every value read (a checksum). */
    private static double read(TableFiles tables, Path file, int[] columns, BenchEnvironment environment) {
        double[] sum = new double[1];
        try (FileRows rows = new FileRows(file, tables, columns, new int[0], true, environment.okl().workers())) {
            rows.forEachRowBlock((first, in, out) -> {
                for (double v : in.data()) {
                    sum[0] += v;
                }
            });
        }
        return sum[0];
    }

    /** The same rows (uniform in [-1, 1), printed with every digit) as Parquet through OKL's writer and as CSV. */
    private static void write(TableFiles tables, int n, long seed, Path parquet, Path csv) throws IOException {
        int width = READ + SKIPPED;
        List<String> names = new ArrayList<>();
        for (int j = 0; j < width; j++) {
            names.add("c" + j);
        }
        SplittableRandom random = new SplittableRandom(seed);
        try (OutputStream out = Files.newOutputStream(parquet); BufferedWriter text = Files.newBufferedWriter(csv)) {
            TableSink sink = tables.sink(parquet, out, names).orElseThrow(
                    () -> new IllegalStateException("no Parquet writer: the okl-parquet module is missing"));
            text.write(String.join(",", names));
            text.newLine();
            for (int first = 0; first < n; first += BLOCK) {
                int rows = Math.min(BLOCK, n - first);
                Matrix block = Matrix.zeros(rows, width);
                for (int i = 0; i < rows; i++) {
                    StringBuilder line = new StringBuilder();
                    for (int j = 0; j < width; j++) {
                        double v = random.nextDouble(-1, 1);
                        block.set(i, j, v);
                        line.append(j == 0 ? "" : ",").append(v);
                    }
                    text.write(line.toString());
                    text.newLine();
                }
                sink.write(block);
            }
            sink.finish();
        }
    }
}
