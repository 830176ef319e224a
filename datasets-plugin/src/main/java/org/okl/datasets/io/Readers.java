package org.okl.datasets.io;

import java.nio.file.Path;
import java.util.List;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;

/**
 * The plugin's readers, and dispatch by file name: a trailing {@code .gz} is stripped, then the first reader with a
 * suffix the name ends with reads the file (decompressing it).
 */
public final class Readers {
    private static final List<TableReader> ALL = List.of(new CsvReader(), new ArffReader(), new LibsvmReader(),
            new EslReader(), new IdxReader());

    private Readers() {
    }

    /** The reader for a file, chosen by its name. */
    public static TableReader forFile(Path file) {
        String name = DataFiles.formatName(file);
        for (TableReader reader : ALL) {
            for (String suffix : reader.suffixes()) {
                if (name.endsWith(suffix)) {
                    return reader;
                }
            }
        }
        throw new DataFormatException(file.toString(), "unknown file format: no reader for this name; known: "
                + ALL.stream().flatMap(r -> r.suffixes().stream()).toList() + " (each also .gz)");
    }

    /** Reads a file with the reader its name selects. */
    public static Table read(Path file) {
        return forFile(file).read(file);
    }
}
