package org.okl.arrow.io;

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
 * The streamed route (core's {@link FileRows}, as a streamed fit and a prediction read a file) finds the Arrow
 * reader through the plugin by suffix ({@code .arrow}, {@code .feather}, {@code .arrows}) and gives the rows of the
 * CSV copy, cached or not.
 */
class ArrowFileRowsTest {

    @ParameterizedTest
    @ValueSource(strings = {"data-zstd.arrow:true", "data.feather:false", "data.arrows:true", "data.arrows:false"})
    void theStreamedRouteGivesTheRowsOfTheCsvCopy(String fileAndCached) throws IOException {
        String[] parts = fileAndCached.split(":");
        Path file = ArrowTableReaderTest.resource(parts[0]);
        Matrix csv = ArrowTableReaderTest.csvRows();
        Okl okl = Okl.builder().build();
        List<double[]> seen = new ArrayList<>();
        try (FileRows rows = new FileRows(file, okl.tables(), new int[] {0, 2, 4}, new int[] {6, 7},
                Boolean.parseBoolean(parts[1]), okl.workers())) {
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
