package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.core.Okl;
import org.okl.core.data.FileRows;
import org.okl.core.data.TableFiles;
import org.okl.linalg.parallel.Workers;

/**
 * {@code FileRows} over the CSV reader: parsed in parallel pieces into its cache, in one pass without a cache, or by
 * one reader thread (a compressed file), it serves the same blocks (the same rows at the same global indices,
 * bitwise), draws the landmarks a pass over the rows would draw without a pass, leaves no file behind, and reports
 * bad content by line.
 */
class FileRowsTest {
    private static final int ROWS = 30_000;
    private static final int[] INPUTS = {0, 2, 3};
    private static final int[] OUTPUTS = {4, 1};

    @TempDir
    Path dir;
    Path cacheFolder;
    private final TableFiles tables = Okl.builder().build().tables();
    private String savedFolder;

    @BeforeEach
    void folder() throws IOException {
        cacheFolder = Files.createDirectory(dir.resolve("cache"));
        savedFolder = System.getProperty(FileRows.FOLDER_PROPERTY);
        System.setProperty(FileRows.FOLDER_PROPERTY, cacheFolder.toString());
    }

    @AfterEach
    void restore() {
        if (savedFolder == null) {
            System.clearProperty(FileRows.FOLDER_PROPERTY);
        } else {
            System.setProperty(FileRows.FOLDER_PROPERTY, savedFolder);
        }
    }

    private static Matrix table(int rows, long seed) {
        Random random = new Random(seed);
        Matrix m = Matrix.zeros(rows, 5);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < 5; j++) {
                m.set(i, j, Double.parseDouble(String.format(Locale.ROOT, "%.6f", random.nextGaussian())));
            }
        }
        return m;
    }

    private Path csv(String name, Matrix m) throws IOException {
        Path p = dir.resolve(name);
        try (OutputStream raw = Files.newOutputStream(p);
                OutputStream out = name.endsWith(".gz") ? new GZIPOutputStream(raw) : raw) {
            StringBuilder text = new StringBuilder("a,b,c,d,e\n");
            for (int i = 0; i < m.rows(); i++) {
                for (int j = 0; j < m.cols(); j++) {
                    text.append(j == 0 ? "" : ",").append(m.get(i, j));
                }
                text.append('\n');
            }
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        return p;
    }

    /** Every block of a pass: its first row and its values, inputs then outputs. */
    private static List<double[]> blocks(org.okl.api.rows.RowSource rows) {
        List<double[]> out = new ArrayList<>();
        rows.forEachRowBlock((first, inputs, outputs) -> {
            double[] block = new double[1 + inputs.data().length + outputs.data().length];
            block[0] = first;
            System.arraycopy(inputs.data(), 0, block, 1, inputs.data().length);
            System.arraycopy(outputs.data(), 0, block, 1 + inputs.data().length, outputs.data().length);
            out.add(block);
        });
        return out;
    }

    private static void assertSameBlocks(List<double[]> actual, List<double[]> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int b = 0; b < expected.size(); b++) {
            assertThat(java.util.Arrays.equals(actual.get(b), expected.get(b))).as("block %d, bit for bit", b).isTrue();
        }
    }

    @Test
    void everyWayOfReadingServesTheSameAlignedBlocksAsTheRowsInMemory() throws IOException {
        Matrix m = table(ROWS, 1);
        Path file = csv("train.csv", m);
        List<double[]> memory = blocks(new MatrixRows(m.selectColumns(INPUTS), m.selectColumns(OUTPUTS)));
        assertThat(memory).hasSize((ROWS + FileRows.BLOCK_ROWS - 1) / FileRows.BLOCK_ROWS);
        try (FileRows cached = new FileRows(file, tables, INPUTS, OUTPUTS, true, Workers.of(3))) {
            assertThat(cached.size()).isEqualTo(ROWS);
            assertThat(cached.cachedOnDisk()).isTrue();
            assertSameBlocks(blocks(cached), memory);
            assertSameBlocks(blocks(cached), memory);
        }
        try (FileRows once = new FileRows(file, tables, INPUTS, OUTPUTS, false, Workers.of(3))) {
            assertSameBlocks(blocks(once), memory);
            assertThat(once.cachedOnDisk()).isFalse();
        }
        try (FileRows oneThread = new FileRows(file, tables, INPUTS, OUTPUTS, true, Workers.callerOnly())) {
            assertSameBlocks(blocks(oneThread), memory);
        }
        Path gz = csv("train.csv.gz", m);
        try (FileRows compressed = new FileRows(gz, tables, INPUTS, OUTPUTS, true, Workers.of(3));
                FileRows compressedOnce = new FileRows(gz, tables, INPUTS, OUTPUTS, false, Workers.of(3))) {
            assertSameBlocks(blocks(compressed), memory);
            assertSameBlocks(blocks(compressedOnce), memory);
        }
    }

    /**
     * A piece that declines late in the file (a tab after a number, which only the full parser reads) after earlier
     * pieces were served: the one-thread pass that takes over starts at the first row not yet served, which need not
     * be a block boundary of its own, so its straddling block is cut, not dropped.
     */
    @Test
    void aPieceThatDeclinesLateLeavesNoRowOutOfTheUncachedPass() throws IOException {
        Matrix m = table(ROWS, 7);
        Path file = csv("late-quote.csv", m);
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        int row = ROWS - 3_000;
        String[] fields = lines.get(row + 1).split(",");
        fields[1] = fields[1] + "\t";
        lines.set(row + 1, String.join(",", fields));
        Files.write(file, lines);
        double[] expected = rowMajor(blocks(new MatrixRows(m.selectColumns(INPUTS), m.selectColumns(OUTPUTS))));
        for (boolean cached : new boolean[] {false, true}) {
            try (FileRows rows = new FileRows(file, tables, INPUTS, OUTPUTS, cached, Workers.of(3))) {
                assertThat(rowMajor(blocks(rows))).as("cached %s", cached).containsExactly(expected);
            }
        }
    }

    /** The rows of a pass's blocks in order (each row's inputs then outputs), checking the blocks are contiguous. */
    private static double[] rowMajor(List<double[]> blocks) {
        int width = INPUTS.length + OUTPUTS.length;
        List<Double> out = new ArrayList<>();
        long next = 0;
        for (double[] block : blocks) {
            assertThat((long) block[0]).as("the block's first row").isEqualTo(next);
            int t = (block.length - 1) / width;
            for (int i = 0; i < t; i++) {
                for (int c = 0; c < INPUTS.length; c++) {
                    out.add(block[1 + c * t + i]);
                }
                for (int c = 0; c < OUTPUTS.length; c++) {
                    out.add(block[1 + INPUTS.length * t + c * t + i]);
                }
            }
            next += t;
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    @Test
    void theLandmarksAreTheRowsAPassWouldSampleReadWithoutAPass() throws IOException {
        Matrix m = table(ROWS, 2);
        Path file = csv("train.csv", m);
        MatrixRows memory = new MatrixRows(m.selectColumns(INPUTS), m.selectColumns(OUTPUTS));
        try (FileRows cached = new FileRows(file, tables, INPUTS, OUTPUTS, true, Workers.of(2));
                FileRows once = new FileRows(file, tables, INPUTS, OUTPUTS, false, Workers.of(2))) {
            for (int count : new int[] {1, 100, 2000, ROWS, ROWS + 5}) {
                for (long seed : new long[] {0, 42}) {
                    Matrix expected = memory.uniformSample(count, seed);
                    assertThat(java.util.Arrays.equals(cached.uniformSample(count, seed).data(), expected.data()))
                            .as("%d rows, seed %d", count, seed).isTrue();
                    assertThat(java.util.Arrays.equals(once.uniformSample(count, seed).data(), expected.data()))
                            .isTrue();
                }
            }
        }
    }

    @Test
    void theCacheIsNeverAFileInItsFolder() throws IOException {
        Path file = csv("train.csv", table(ROWS, 3));
        try (FileRows rows = new FileRows(file, tables, INPUTS, OUTPUTS)) {
            rows.prepare();
            assertThat(rows.cachedOnDisk()).isTrue();
            assertThat(listing(cacheFolder)).as("deleted as soon as it was opened").isEmpty();
            blocks(rows);
        }
        assertThat(listing(cacheFolder)).isEmpty();
    }

    @Test
    void aFolderThatCannotHoldTheCacheMeansParsingEveryPass() throws IOException {
        Matrix m = table(ROWS, 4);
        Path file = csv("train.csv", m);
        System.setProperty(FileRows.FOLDER_PROPERTY, dir.resolve("absent").resolve("folder").toString());
        try (FileRows rows = new FileRows(file, tables, INPUTS, OUTPUTS, true, Workers.of(2))) {
            assertThat(rows.size()).isEqualTo(ROWS);
            assertThat(rows.cachedOnDisk()).isFalse();
            assertSameBlocks(blocks(rows), blocks(new MatrixRows(m.selectColumns(INPUTS),
                    m.selectColumns(OUTPUTS))));
        }
    }

    @Test
    void badContentIsReportedByLineWhicheverWayTheFileIsRead() throws IOException {
        Matrix m = table(ROWS, 5);
        Path file = csv("bad.csv", m);
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        lines.set(20_001, lines.get(20_001).replaceFirst(",", ",x"));
        Files.write(file, lines);
        for (boolean cached : new boolean[] {true, false}) {
            try (FileRows rows = new FileRows(file, tables, INPUTS, OUTPUTS, cached, Workers.of(3))) {
                assertThatThrownBy(() -> blocks(rows)).isInstanceOf(DataFormatException.class)
                        .hasMessageContaining("bad.csv:20002:").hasMessageContaining("field 2 ('b')");
            }
        }
        Path quoted = dir.resolve("quoted.csv");
        Files.writeString(quoted, "a,b,c,d,e\n1,2,3,4,5\n1,2,3,4,\"5\n\"\n");
        try (FileRows rows = new FileRows(quoted, tables, INPUTS, OUTPUTS, true, Workers.of(3))) {
            assertThatThrownBy(rows::size).isInstanceOf(DataFormatException.class)
                    .hasMessageContaining("quoted.csv:3:");
        }
        Path narrow = csv("narrow.csv", table(10, 6));
        try (FileRows rows = new FileRows(narrow, tables, new int[] {0, 7}, OUTPUTS, true, Workers.of(3))) {
            assertThatThrownBy(rows::size).hasMessageContaining("column 7 does not exist; the file has 5 columns");
        }
        Path header = dir.resolve("header.csv");
        Files.writeString(header, "a,b,c,d,e\n");
        try (FileRows rows = new FileRows(header, tables, INPUTS, OUTPUTS, true, Workers.of(3))) {
            assertThatThrownBy(rows::size).hasMessageContaining("no data rows");
        }
        assertThat(listing(cacheFolder)).isEmpty();
    }

    private static List<Path> listing(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.toList();
        }
    }
}
