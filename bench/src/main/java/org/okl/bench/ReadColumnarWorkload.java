package org.okl.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
 * {@code read_parquet} and {@code read_arrow}: n rows of {@value #READ} double columns (and {@value #SKIPPED} more
 * that are not read) in a columnar file (Parquet, or an Arrow IPC file) and in a CSV file of the same rows; the timed
 * region reads the {@value #READ} columns of each through core's {@link FileRows} into its column cache, as a streamed
 * fit's first pass does: the columnar file by row group or record batch with the other columns left undecoded, CSV by
 * the parallel parser, side by side; then both again without the column cache (the decoding alone, as a pass of
 * {@code okl predict} reads). Details: each file's times and size and their ratios.
 *
 * <p>The files are written once, outside the clock, block by block (memory bounded by a block of 10,000 rows), into
 * a cache folder kept between runs ({@code -Dokl.bench.cache=DIR}, else {@code okl-bench-cache} in the temporary
 * folder), named by n and seed, and reused by both workloads and every repeat: at n = 1,000,000 the CSV is about
 * 2.4 GB and takes minutes to write. A file is moved into place only when complete.
 */
public final class ReadColumnarWorkload implements Workload {
    static final int READ = 100;
    static final int SKIPPED = 20;
    private static final int BLOCK = 10_000;
    private final String format;
    private final Path cache;

    /** @param format {@code parquet} or {@code arrow}: the columnar format read beside the CSV */
    public ReadColumnarWorkload(String format) {
        this(format, null);
    }

    /**
     * @param format {@code parquet} or {@code arrow}
     * @param cache  the cache folder, or {@code null} for {@link #cacheFolder()}
     */
    ReadColumnarWorkload(String format, Path cache) {
        this.cache = cache;
        if (!format.equals("parquet") && !format.equals("arrow")) {
            throw new IllegalArgumentException("parquet or arrow, not " + format);
        }
        this.format = format;
    }

    @Override
    public String name() {
        return "read_" + format;
    }

    @Override
    public String description() {
        return "reads 100 of 120 double columns of n rows from " + (format.equals("arrow") ? "an Arrow IPC file "
                + "(projected, by record batch)" : "Parquet (projected, by row group)") + " and from CSV (the "
                + "parallel parser) into the column cache; files cached between runs; details: " + format + "_s, "
                + "csv_s, csv_over_" + format;
    }

    @Override
    public boolean numpyPeer() {
        return false;
    }

    /** The folder the files are cached in. */
    static Path cacheFolder() {
        String dir = System.getProperty("okl.bench.cache");
        return dir != null ? Path.of(dir) : Path.of(System.getProperty("java.io.tmpdir"), "okl-bench-cache");
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        TableFiles tables = environment.okl().tables();
        Path columnar;
        Path csv;
        try {
            Path dir = (cache != null ? cache : cacheFolder()).resolve("read-" + n + "-" + environment.seed());
            Files.createDirectories(dir);
            columnar = dir.resolve("rows." + format);
            csv = dir.resolve("rows.csv");
            if (!Files.exists(csv)) {
                written(csv, target -> writeCsv(n, environment.seed(), target));
            }
            if (!Files.exists(columnar)) {
                written(columnar, target -> writeColumnar(tables, n, environment.seed(), columnar, target));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int[] columns = IntStream.range(0, READ).toArray();
        return new BenchTask() {
            private double columnarSeconds;
            private double csvSeconds;
            private double columnarStreamSeconds;
            private double csvStreamSeconds;

            @Override
            public Object run() {
                long start = System.nanoTime();
                double a = read(tables, columnar, columns, environment, true);
                long middle = System.nanoTime();
                double b = read(tables, csv, columns, environment, true);
                columnarSeconds = (middle - start) * 1e-9;
                csvSeconds = (System.nanoTime() - middle) * 1e-9;
                // the same reads without the column cache (a pass of okl predict or of a one-pass route): the
                // decoding alone, without writing the 8 bytes per value the cache keeps on disk
                start = System.nanoTime();
                double c = read(tables, columnar, columns, environment, false);
                middle = System.nanoTime();
                double e = read(tables, csv, columns, environment, false);
                columnarStreamSeconds = (middle - start) * 1e-9;
                csvStreamSeconds = (System.nanoTime() - middle) * 1e-9;
                if (a != b || c != a || e != a) {
                    throw new IllegalStateException("the " + format + " and CSV files read differently: " + a
                            + ", " + b + ", " + c + ", " + e);
                }
                return a;
            }

            @Override
            public Map<String, Double> details() {
                try {
                    Map<String, Double> d = new LinkedHashMap<>();
                    d.put(format + "_s", columnarSeconds);
                    d.put("csv_s", csvSeconds);
                    d.put("csv_over_" + format, csvSeconds / columnarSeconds);
                    d.put(format + "_uncached_s", columnarStreamSeconds);
                    d.put("csv_uncached_s", csvStreamSeconds);
                    d.put("csv_over_" + format + "_uncached", csvStreamSeconds / columnarStreamSeconds);
                    d.put(format + "_mib", Files.size(columnar) / (1024.0 * 1024.0));
                    d.put("csv_mib", Files.size(csv) / (1024.0 * 1024.0));
                    return d;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    /**
     * One pass over the chosen columns, through the column cache or without it; the sum of every value read (a
     * checksum).
     */
    private static double read(TableFiles tables, Path file, int[] columns, BenchEnvironment environment,
            boolean cached) {
        double[] sum = new double[1];
        try (FileRows rows = new FileRows(file, tables, columns, new int[0], cached, environment.okl().workers())) {
            rows.forEachRowBlock((first, in, out) -> {
                for (double v : in.data()) {
                    sum[0] += v;
                }
            });
        }
        return sum[0];
    }

    /** Writes a file beside its final name and moves it there once complete. */
    private static void written(Path file, Writer writer) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        writer.write(partial);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Writes a file. */
    private interface Writer {
        void write(Path target) throws IOException;
    }

    private static List<String> names() {
        List<String> names = new ArrayList<>();
        for (int j = 0; j < READ + SKIPPED; j++) {
            names.add("c" + j);
        }
        return names;
    }

    /** The rows (uniform in [-1, 1)) block by block, the same for every file of the same n and seed. */
    private static void rows(int n, long seed, java.util.function.Consumer<Matrix> block) {
        int width = READ + SKIPPED;
        SplittableRandom random = new SplittableRandom(seed);
        for (int first = 0; first < n; first += BLOCK) {
            int rows = Math.min(BLOCK, n - first);
            Matrix m = Matrix.zeros(rows, width);
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < width; j++) {
                    m.set(i, j, random.nextDouble(-1, 1));
                }
            }
            block.accept(m);
        }
    }

    /** The rows as CSV, printed with every digit. */
    private static void writeCsv(int n, long seed, Path target) throws IOException {
        try (BufferedWriter text = Files.newBufferedWriter(target)) {
            text.write(String.join(",", names()));
            text.newLine();
            rows(n, seed, m -> {
                try {
                    for (int i = 0; i < m.rows(); i++) {
                        StringBuilder line = new StringBuilder();
                        for (int j = 0; j < m.cols(); j++) {
                            line.append(j == 0 ? "" : ",").append(m.get(i, j));
                        }
                        text.write(line.toString());
                        text.newLine();
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /** The rows through OKL's writer of the format {@code name}'s suffix names. */
    private static void writeColumnar(TableFiles tables, int n, long seed, Path name, Path target)
            throws IOException {
        try (OutputStream out = Files.newOutputStream(target)) {
            TableSink sink = tables.sink(name, out, names()).orElseThrow(() -> new IllegalStateException(
                    "no writer of " + name.getFileName() + ": the okl-parquet or okl-arrow module is missing"));
            rows(n, seed, sink::write);
            sink.finish();
        }
    }
}
