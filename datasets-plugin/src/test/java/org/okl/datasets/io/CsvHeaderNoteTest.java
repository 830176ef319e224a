package org.okl.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;

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
                + ": line 1 read as the header (3 column names: x1, x2, y)");
    }

    @Test
    void aHeaderWithNumbersIsAWarningNamingTheField() throws IOException {
        assertThat(read(new CsvReader(), "1.0,2.O,3\n4,5,6\n")).singleElement().satisfies(n -> assertThat(n)
                .startsWith("WARN warning: " + dir.resolve("d.csv") + ": line 1 read as the header because field 2"
                        + " ('2.O') is not a number, although field(s) 1, 3 are numbers; if line 1 is data, correct"
                        + " field 2"));
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
                .isEqualTo("note: " + file + ": line 1 read as the header (2 column names: x1, y)"));
    }
}
