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
 * reader through the plugin and decodes only the chosen columns: a file whose other column is text (which the reader
 * refuses when it is read) streams its number column, cached or not.
 */
class ParquetFileRowsTest {

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theStreamedRouteDecodesOnlyTheChosenColumns(boolean cached) throws IOException {
        Path file = ParquetReaderTest.resource("text.parquet");
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
        assertThat(inputs).containsExactly(1.0, 2.0, 3.0);
        assertThat(outputs).containsExactly(1.0, 2.0, 3.0);
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
}
