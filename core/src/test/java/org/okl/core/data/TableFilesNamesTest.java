package org.okl.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.data.TableSplits;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;
import org.okl.api.plugin.OklPlugin;
import org.okl.core.Okl;

/**
 * A reader from another plugin that does not check its column names is held to OKL's rule by {@link TableFiles}:
 * a whole read, a stream and a split of a file with two columns of one name are refused with the same line the
 * readers give, and the stream and the split it opened are closed.
 */
class TableFilesNamesTest {
    private static final AtomicInteger OPEN = new AtomicInteger();

    @TempDir
    Path dir;

    /** Names every file's columns from its first line, as written, unchecked. */
    private static final class Unchecked implements TableReader {
        @Override
        public List<String> suffixes() {
            return List.of(".names");
        }

        private static List<String> names(Path file) {
            try {
                return List.of(Files.readAllLines(file).get(0).split(","));
            } catch (IOException e) {
                throw new DataFormatException(file.toString(), "unreadable", e);
            }
        }

        @Override
        public Table read(Path file) {
            List<String> names = names(file);
            return new Table(Matrix.zeros(1, names.size()), names, new int[0]);
        }

        @Override
        public TableStream open(Path file) {
            Table table = read(file);
            TableStream inner = TableStream.of(table);
            OPEN.incrementAndGet();
            return new TableStream() {
                @Override
                public List<String> columnNames() {
                    return inner.columnNames();
                }

                @Override
                public int[] outputColumns() {
                    return new int[0];
                }

                @Override
                public Optional<Matrix> next(int maxRows) {
                    return inner.next(maxRows);
                }

                @Override
                public void close() {
                    OPEN.decrementAndGet();
                }
            };
        }

        @Override
        public Optional<TableSplits> split(Path file, long pieceBytes) {
            List<String> names = names(file);
            OPEN.incrementAndGet();
            return Optional.of(new TableSplits() {
                @Override
                public List<String> columnNames() {
                    return names;
                }

                @Override
                public boolean namedColumns() {
                    return true;
                }

                @Override
                public int pieces() {
                    return 1;
                }

                @Override
                public Optional<Matrix> parse(int piece, int[] columns) {
                    return Optional.of(Matrix.zeros(1, columns.length));
                }

                @Override
                public void close() {
                    OPEN.decrementAndGet();
                }
            });
        }
    }

    /** The plugin of that reader. */
    private static final class UncheckedPlugin implements OklPlugin {
        @Override
        public String name() {
            return "unchecked-names";
        }

        @Override
        public Collection<ComponentFactory<TableReader>> readers() {
            return List.of(SimpleComponentFactory.of("unchecked-names", TableReader.class, "names unchecked",
                    List.of(), (p, c) -> new Unchecked()));
        }
    }

    @Test
    void everyRouteRefusesTwoColumnsOfOneNameAndClosesWhatItOpened() throws IOException {
        TableFiles tables = Okl.builder().plugin(new UncheckedPlugin()).build().tables();
        Path file = Files.writeString(dir.resolve("d.names"), "a,b,a\n");
        String message = file + ": columns 1 and 3 are both named 'a'; OKL chooses columns by name, so every column "
                + "needs a name of its own: rename one of them";
        assertThatThrownBy(() -> tables.read(file)).isInstanceOf(DataFormatException.class).hasMessage(message);
        assertThatThrownBy(() -> tables.read(file, new int[] {1})).hasMessage(message);
        assertThatThrownBy(() -> tables.open(file)).hasMessage(message);
        assertThatThrownBy(() -> tables.split(file, 1 << 16)).hasMessage(message);
        assertThat(OPEN.get()).as("streams and splits left open").isZero();

        Path distinct = Files.writeString(dir.resolve("e.names"), "a,b,c\n");
        assertThat(tables.read(distinct).columnNames()).containsExactly("a", "b", "c");
        try (TableStream s = tables.open(distinct); TableSplits p = tables.split(distinct, 1 << 16).orElseThrow()) {
            assertThat(s.columnNames()).containsExactly("a", "b", "c");
            assertThat(p.columnNames()).containsExactly("a", "b", "c");
        }
        assertThat(OPEN.get()).isZero();
    }
}
