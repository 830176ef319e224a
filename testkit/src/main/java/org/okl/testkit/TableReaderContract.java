package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;

/**
 * The contract every {@link TableReader} must meet: its suffixes are lower case and name its sample file; reading the
 * sample gives the values the subclass expects, one name per column and output columns within the table; streaming
 * it in blocks of any size gives the same table; reading the stored copy of a file ({@link TableReader#read(
 * InputStream, String)}, what a model keeps of a candidate file) gives the same table (skipped for a reader that reads
 * files only); and a missing file, an empty file and every malformed file the subclass gives are a
 * {@link DataFormatException} naming the file, whose message holds no control character (a file's bytes never reach
 * the terminal raw).
 */
public abstract class TableReaderContract {

    /** A sample file in the reader's format with the values it must give. */
    public record Sample(Path file, Matrix values) {
    }

    @TempDir
    Path folder;

    /** The reader under test. */
    protected abstract TableReader reader();

    /** Writes a sample file into {@code folder} and says what it holds. */
    protected abstract Sample sample(Path folder) throws IOException;

    /**
     * Malformed files in the reader's format (default none), for example a row with a field that is not a number; at
     * least one should hold a control character (an escape sequence) in the offending text.
     */
    protected List<Path> malformed(Path folder) throws IOException {
        return List.of();
    }

    /** The name an empty file of the format gets (default: {@code empty} plus the first suffix). */
    protected String emptyFileName() {
        return "empty" + reader().suffixes().get(0);
    }

    @Test
    void suffixesAreLowerCaseAndNameTheSample() throws IOException {
        List<String> suffixes = reader().suffixes();
        assertThat(suffixes).as("suffixes").isNotEmpty();
        suffixes.forEach(s -> assertThat(s).as("suffix").isEqualTo(s.toLowerCase(Locale.ROOT)).isNotBlank());
        String name = sample(folder).file().getFileName().toString().toLowerCase(Locale.ROOT);
        assertThat(suffixes.stream().anyMatch(name::endsWith)).as(name + " ends with one of " + suffixes).isTrue();
    }

    @Test
    void readsTheSampleWithOneNamePerColumn() throws IOException {
        Sample sample = sample(folder);
        Table t = reader().read(sample.file());
        assertThat(t.values().rows()).as("rows").isEqualTo(sample.values().rows());
        assertThat(t.values().cols()).as("columns").isEqualTo(sample.values().cols());
        assertThat(t.values().data()).as("values").containsExactly(sample.values().data());
        assertThat(t.columnNames()).as("one name per column").hasSize(t.values().cols());
        for (int j : t.outputColumns()) {
            assertThat(j).as("an output column").isBetween(0, t.values().cols() - 1);
        }
        assertThat(t.outputColumns()).as("output columns are distinct").doesNotHaveDuplicates();
    }

    @Test
    void streamingInBlocksGivesTheSameTable() throws IOException {
        Sample sample = sample(folder);
        Table whole = reader().read(sample.file());
        for (int block : new int[] {1, 2, 1000}) {
            List<double[]> rows = new ArrayList<>();
            try (TableStream stream = reader().open(sample.file())) {
                assertThat(stream.columnNames()).isEqualTo(whole.columnNames());
                assertThat(stream.outputColumns()).isEqualTo(whole.outputColumns());
                assertThat(stream.namedColumns()).isEqualTo(whole.namedColumns());
                for (Optional<Matrix> b = stream.next(block); b.isPresent(); b = stream.next(block)) {
                    assertThat(b.get().rows()).as("block rows").isBetween(1, block);
                    for (int i = 0; i < b.get().rows(); i++) {
                        rows.add(b.get().row(i));
                    }
                }
            }
            assertThat(Matrix.fromRows(rows.toArray(new double[0][])).data()).as("rows streamed %d at a time", block)
                    .containsExactly(whole.values().data());
        }
    }

    @Test
    void readsAStoredCopyAsTheFile() throws IOException {
        Sample sample = sample(folder);
        Table copy;
        try (InputStream in = Files.newInputStream(sample.file())) {
            copy = reader().read(in, sample.file().getFileName().toString());
        } catch (DataFormatException e) {
            assumeFalse(String.valueOf(e.getMessage()).contains("reads files only"), "the reader reads files only");
            throw e;
        }
        Table file = reader().read(sample.file());
        assertThat(copy.values().data()).containsExactly(file.values().data());
        assertThat(copy.columnNames()).isEqualTo(file.columnNames());
    }

    @Test
    void aMissingOrEmptyFileIsADataErrorNamingIt() throws IOException {
        Path missing = folder.resolve("missing" + reader().suffixes().get(0));
        assertThatThrownBy(() -> reader().read(missing)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining(missing.getFileName().toString());
        Path empty = Files.write(folder.resolve(emptyFileName()), new byte[0]);
        assertThatThrownBy(() -> reader().read(empty)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining(empty.getFileName().toString());
    }

    @Test
    void malformedFilesAreDataErrorsNamingTheFileWithoutControlCharacters() throws IOException {
        for (Path bad : malformed(folder)) {
            assertThatThrownBy(() -> reader().read(bad)).as(bad.toString()).isInstanceOf(DataFormatException.class)
                    .hasMessageContaining(bad.getFileName().toString())
                    .satisfies(e -> assertThat(e.getMessage().chars().noneMatch(Character::isISOControl))
                            .as("no control character in: " + e.getMessage()).isTrue());
        }
    }
}
