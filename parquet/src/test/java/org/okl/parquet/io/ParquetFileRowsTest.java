package org.okl.parquet.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.data.FileRows;

/**
 * The streamed route (core's {@link FileRows}, as a streamed fit and a prediction read a file) finds the Parquet
 * reader through the plugin and decodes only the chosen columns: a file whose other column is a decimal (which the
 * reader refuses when it is read) streams its number column, cached or not.
 */
class ParquetFileRowsTest {

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theStreamedRouteDecodesOnlyTheChosenColumns(boolean cached) throws IOException {
        Path file = ParquetReaderTest.resource("decimal.parquet");
        Okl okl = Okl.builder().build();
        List<Double> inputs = new ArrayList<>();
        List<Double> outputs = new ArrayList<>();
        try (FileRows rows = new FileRows(file, okl.tables(), new int[] {0}, new int[] {0}, cached, okl.workers())) {
            rows.forEachRowBlock((first, in, out) -> {
                for (int i = 0; i < in.rows(); i++) {
                    inputs.add(in.get(i, 0));
                    outputs.add(out.get(i, 0));
                }
            });
        }
        assertThat(inputs).containsExactly(1.0, 2.0);
        assertThat(outputs).containsExactly(1.0, 2.0);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theStreamedRouteGivesTheRowsOfTheCsvCopy(boolean cached) throws IOException {
        Path file = ParquetReaderTest.resource("data-zstd.parquet");
        Matrix csv = ParquetReaderTest.csvRows();
        Okl okl = Okl.builder().build();
        List<double[]> seen = new ArrayList<>();
        try (FileRows rows = new FileRows(file, okl.tables(), new int[] {0, 2, 4}, new int[] {6, 7}, cached,
                okl.workers())) {
            rows.forEachRowBlock((first, in, out) -> {
                for (int i = 0; i < in.rows(); i++) {
                    seen.add(new double[] {in.get(i, 0), in.get(i, 1), in.get(i, 2), out.get(i, 0), out.get(i, 1)});
                }
            });
        }
        assertThat(seen).hasSize(40);
        int[] columns = {0, 2, 4, 6, 7};
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < columns.length; j++) {
                assertThat(seen.get(i)[j]).as("row %d column %d", i, columns[j]).isEqualTo(csv.get(i, columns[j]));
            }
        }
    }

    @org.junit.jupiter.api.Test
    void aFolderOfPartFilesIsOneTableInNameOrder() throws IOException {
        Path folder = java.nio.file.Files.createTempDirectory("okl-parquet-folder");
        for (String name : List.of("part-00000.parquet", "part-00001.parquet", "_SUCCESS")) {
            java.nio.file.Files.copy(ParquetReaderTest.resource("folder/" + name), folder.resolve(name));
        }
        Matrix csv = ParquetReaderTest.csvRows();
        Okl okl = Okl.builder().build();
        Matrix whole = okl.tables().read(folder).values();
        assertThat(whole.data()).containsExactly(csv.data());
        List<Double> streamed = new ArrayList<>();
        try (FileRows rows = new FileRows(folder, okl.tables(), new int[] {1}, new int[] {7}, true, okl.workers())) {
            rows.forEachRowBlock((first, in, out) -> {
                for (int i = 0; i < in.rows(); i++) {
                    streamed.add(in.get(i, 0));
                }
            });
        }
        assertThat(streamed).hasSize(40);
        for (int i = 0; i < 40; i++) {
            assertThat(streamed.get(i)).isEqualTo(csv.get(i, 1));
        }
        java.nio.file.Files.copy(ParquetReaderTest.resource("decimal.parquet"), folder.resolve("part-00002.parquet"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> okl.tables().read(folder))
                .isInstanceOf(org.okl.api.data.DataFormatException.class)
                .hasMessageContaining("part-00002.parquet").hasMessageContaining("first file has");
    }
}
