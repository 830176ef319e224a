package org.okl.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.slf4j.LoggerFactory;

/** A header is never taken silently: one note names the line; a header with numeric fields is a warning. */
class CsvHeaderNoteTest {
    @TempDir
    Path dir;

    private final ListAppender<ILoggingEvent> notes = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(CsvReader.NOTES);

    @BeforeEach
    void capture() {
        notes.start();
        logger.addAppender(notes);
    }

    @AfterEach
    void release() {
        logger.detachAppender(notes);
    }

    private List<String> read(CsvReader reader, String content) throws IOException {
        Table t = reader.read(Files.writeString(dir.resolve("d.csv"), content));
        assertThat(t.values().rows()).isPositive();
        return notes.list.stream().map(e -> e.getLevel() + " " + e.getFormattedMessage()).toList();
    }

    @Test
    void aHeaderOfNamesIsNoted() throws IOException {
        assertThat(read(new CsvReader(), "x1,x2,y\n1,2,3\n")).containsExactly("INFO note: " + dir.resolve("d.csv")
                + ": line 1 read as the header (3 column names: 'x1', 'x2', 'y')");
    }

    /** A first line mixing names and numbers is a data row with a typo or a header with a number: refused. */
    @Test
    void aFirstLineMixingNamesAndNumbersIsRefusedNamingTheField() throws IOException {
        assertThatThrownBy(() -> read(new CsvReader(), "1.0,2.O,3\n4,5,6\n"))
                .isInstanceOf(DataFormatException.class)
                .hasMessageStartingWith(dir.resolve("d.csv") + ":1: field 2: line 1 mixes names and numbers: field 2 "
                        + "'2.O' is not a number but field(s) 1, 3 are");
        assertThatThrownBy(() -> read(new CsvReader(), "country,1990,2000\n1,2,3\n"))
                .hasMessageContaining("field 1 'country' is not a number but field(s) 2, 3 are")
                .hasMessageContaining("give every column a name that is not a number");
        assertThat(notes.list).isEmpty();
    }

    /** pandas writes integer column names as 0, 1, 2, ... (after an empty index name): that line is the header. */
    @Test
    void theColumnNumbersPandasWritesAreTheHeader() throws IOException {
        StringBuilder rows = new StringBuilder("0,1,2,3\n");
        for (int i = 0; i < 20; i++) {
            rows.append(i).append(",0.5,").append(i * 2).append(",1\n");
        }
        Table t = new CsvReader().read(Files.writeString(dir.resolve("pandas.csv"), rows.toString()));
        assertThat(t.values().rows()).isEqualTo(20);
        assertThat(t.columnNames()).containsExactly("0", "1", "2", "3");
        assertThat(notes.list).singleElement().satisfies(e -> assertThat(e.getFormattedMessage())
                .contains("line 1 read as the header: its fields are the column numbers 0 to 3, as pandas writes"));
        Table indexed = new CsvReader().read(Files.writeString(dir.resolve("index.csv"), ",0,1\n0,2.5,3\n1,4,5\n"));
        assertThat(indexed.values().rows()).isEqualTo(2);
        Table data = new CsvReader().read(Files.writeString(dir.resolve("data.csv"), "0.0,1,2\n3,4,5\n"));
        assertThat(data.values().rows()).as("a first row written 0.0, 1, 2 is data").isEqualTo(2);
    }

    /** Escape sequences in a header reach the note escaped, and a huge name is cut. */
    @Test
    void theNoteQuotesTheNamesWithControlCharactersEscaped() throws IOException {
        assertThat(read(new CsvReader(), "\u001b[2J,\u001b]0;owned\u0007,y\n1,2,3\n")).singleElement()
                .satisfies(n -> assertThat(n).contains("'\\x1b[2J', '\\x1b]0;owned\\x07', 'y'")
                        .doesNotContain("\u001b").doesNotContain("\u0007"));
    }

    /** A first line longer than any read-ahead mark (once 16 MB: "Mark invalid") is read like any other. */
    @Test
    void aFirstLineOfTwentyMegabytesIsRead() throws IOException {
        String name = "x".repeat(20 << 20);
        assertThat(read(new CsvReader(), name + ",y\n1,2\n3,4\n")).singleElement()
                .satisfies(n -> assertThat(n.length()).isLessThan(300).isNotNull());
    }

    @Test
    void numericFilesAndKnownFilesSayNothing() throws IOException {
        assertThat(read(new CsvReader(), "1,2\n3,4\n")).isEmpty();
        assertThat(read(CsvReader.forKnownFiles(), "a,b\n3,4\n")).isEmpty();
    }

    @Test
    void aFileReadInSeveralPassesIsNotedOnce() throws IOException {
        Path file = Files.writeString(dir.resolve("passes.csv"), "x1,y\n1,2\n3,4\n");
        CsvReader reader = new CsvReader();
        for (int pass = 0; pass < 3; pass++) {
            try (var stream = reader.open(file)) {
                while (stream.next(1).isPresent()) {
                    // every pass reads the whole file, as a streamed fit's landmark, sum and Falkon passes do
                }
            }
        }
        assertThat(notes.list).singleElement().satisfies(e -> assertThat(e.getFormattedMessage())
                .isEqualTo("note: " + file + ": line 1 read as the header (2 column names: 'x1', 'y')"));
    }
}
