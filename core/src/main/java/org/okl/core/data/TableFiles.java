package org.okl.core.data;

import com.google.inject.Inject;
import com.google.inject.Singleton;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.ColumnNames;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.data.TableSink;
import org.okl.api.data.TableSplits;
import org.okl.api.data.TableStream;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.text.UserText;
import org.okl.core.io.IoErrors;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.ComponentRegistry;
import org.okl.core.plugin.RegisteredComponent;

/**
 * Reads data files with the reader whose suffixes match the file name ({@code .csv}, {@code .arff}, ...; a
 * {@code .gz} suffix is looked through), among the readers the plugins register. Two readers that claim the same
 * suffix are refused when OKL starts, naming both plugins and their JARs (as two components with one id are);
 * a reader that needs a parameter without a default is not used for files.
 */
@Singleton
public final class TableFiles {
    private final List<TableReader> readers;

    /**
     * Creates every registered reader that needs no parameter, once.
     *
     * @throws OklException {@link ErrorCode#DUPLICATE_COMPONENT} when two readers claim the same file suffix
     */
    @Inject
    public TableFiles(ComponentRegistry registry, ComponentContext context) {
        Map<String, RegisteredComponent> bySuffix = new LinkedHashMap<>();
        List<TableReader> created = new ArrayList<>();
        for (String id : registry.idsWithoutRequiredParameters(ComponentKind.READER)) {
            RegisteredComponent rc = registry.components(ComponentKind.READER).get(id);
            TableReader reader = context.create(TableReader.class, ComponentSpec.of(id));
            for (String suffix : reader.suffixes()) {
                String key = suffix.toLowerCase(Locale.ROOT);
                RegisteredComponent previous = bySuffix.putIfAbsent(key, rc);
                if (previous != null) {
                    throw new OklException(ErrorCode.DUPLICATE_COMPONENT, "duplicate reader for file suffix "
                            + UserText.quote(key) + ": reader '" + previous.factory().id() + "' of "
                            + previous.plugin() + " (" + previous.location() + ") and reader '" + id + "' of "
                            + rc.plugin() + " (" + rc.location() + "); remove one of the JARs");
                }
            }
            created.add(reader);
        }
        this.readers = List.copyOf(created);
    }

    /**
     * Reads a file.
     *
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a missing file, a folder or a named pipe, or an
     *                      unknown format
     */
    public Table read(Path file) {
        return distinct(file.toString(), readerOf(file).read(file));
    }

    /**
     * Reads a file of which only the given columns (0-based) are used ({@link TableReader#read(Path, int[])}).
     *
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a missing file, a folder or a named pipe, or an
     *                      unknown format
     */
    public Table read(Path file, int[] columns) {
        return distinct(file.toString(), readerOf(file).read(file, columns));
    }

    /**
     * Reads the stored copy of a data file (a model holds the candidate sets its decoder names): the reader is chosen
     * by the name's suffix, and a {@code .gz} copy is decompressed.
     *
     * @param name    the file's name as the pipeline gives it
     * @param content the file's bytes
     * @throws OklException {@link ErrorCode#INVALID_DATA} for an unknown format
     */
    public Table read(String name, byte[] content) {
        String fileName = Path.of(name).getFileName() == null ? name : Path.of(name).getFileName().toString();
        TableReader reader = readerFor(fileName, name);
        try (InputStream raw = new ByteArrayInputStream(content);
                InputStream in = fileName.toLowerCase(Locale.ROOT).endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
            return distinct(name, reader.read(in, name));
        } catch (IOException e) {
            throw new DataFormatException(UserText.escape(name), "cannot read the stored copy: "
                    + IoErrors.describe(e), e);
        }
    }

    /**
     * Opens a file to read it block by block in one pass (readers that cannot stream read it whole).
     *
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a missing file, a folder or a named pipe, or an
     *                      unknown format
     */
    public TableStream open(Path file) {
        TableStream stream = readerOf(file).open(file);
        try {
            ColumnNames.requireDistinct(file.toString(), stream.columnNames());
        } catch (DataFormatException e) {
            stream.close();
            throw e;
        }
        return stream;
    }

    /**
     * Cuts a file into pieces of about {@code pieceBytes} bytes that parse in parallel, when its reader can
     * ({@link TableReader#split}); otherwise empty, and the file is read with {@link #open}.
     *
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a missing file, a folder or a named pipe, or an
     *                      unknown format
     */
    public Optional<TableSplits> split(Path file, long pieceBytes) {
        Optional<TableSplits> split = readerOf(file).split(file, pieceBytes);
        if (split.isPresent()) {
            try {
                ColumnNames.requireDistinct(file.toString(), split.get().columnNames());
            } catch (DataFormatException e) {
                split.get().close();
                throw e;
            }
        }
        return split;
    }

    /**
     * The table, after checking the rule every reader applies ({@link ColumnNames}): a reader from another plugin
     * that does not check its names is held to it here.
     */
    private static Table distinct(String file, Table table) {
        ColumnNames.requireDistinct(file, table.columnNames());
        return table;
    }

    /**
     * A writer of rows in the format a target file's suffix names, when a reader of that format also writes it
     * ({@link TableReader#sink}); empty for any other suffix (the caller writes CSV).
     *
     * @param target      the file being written (its name chooses the format)
     * @param out         where its bytes go (not closed here)
     * @param columnNames one name per column
     */
    public Optional<TableSink> sink(Path target, OutputStream out, List<String> columnNames) {
        String name = target.getFileName().toString().toLowerCase(Locale.ROOT);
        for (TableReader r : readers) {
            if (r.suffixes().stream().anyMatch(name::endsWith)) {
                return r.sink(out, columnNames);
            }
        }
        return Optional.empty();
    }

    /**
     * Fails unless the path is a regular file: a folder, a named pipe or a device is said to be one (a data file is
     * read more than once: its header, then its rows, and once per pass of a streamed fit).
     */
    public static void requireRegularFile(Path file) {
        String name = UserText.escape(file.toString());
        if (Files.isRegularFile(file)) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw new OklException(ErrorCode.INVALID_DATA, name + ": is a folder, not a data file");
        }
        if (Files.exists(file)) {
            throw new OklException(ErrorCode.INVALID_DATA, name + ": is not a regular file (a named pipe, a socket "
                    + "or a device); OKL reads a data file more than once: save the data to a file");
        }
        throw new OklException(ErrorCode.INVALID_DATA, name + ": no such file");
    }

    /**
     * The reader of a regular file by its suffix, or of a folder whose data files (names not starting with {@code _}
     * or {@code .}) all have the suffix of one reader that reads folders ({@link TableReader#readsFolders}).
     */
    private TableReader readerOf(Path file) {
        if (!Files.isDirectory(file)) {
            requireRegularFile(file);
            return readerFor(file.getFileName().toString(), file.toString());
        }
        String name = UserText.escape(file.toString());
        List<String> files = new ArrayList<>();
        try (var entries = Files.list(file)) {
            entries.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith("_") && !n.startsWith(".")).forEach(files::add);
        } catch (IOException e) {
            throw new OklException(ErrorCode.INVALID_DATA, name + ": cannot list the folder: " + IoErrors.describe(e));
        }
        for (TableReader r : readers) {
            if (r.readsFolders() && !files.isEmpty() && files.stream().allMatch(f -> r.suffixes().stream()
                    .anyMatch(f.toLowerCase(Locale.ROOT)::endsWith))) {
                return r;
            }
        }
        throw new OklException(ErrorCode.INVALID_DATA, name + ": is a folder, not a data file (OKL reads a folder "
                + "only when its files are all of one format that it reads as one table: Parquet)");
    }

    private TableReader readerFor(String fileName, String shown) {
        String name = fileName.toLowerCase(Locale.ROOT);
        String plain = name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
        for (TableReader r : readers) {
            if (r.suffixes().stream().anyMatch(plain::endsWith)) {
                return r;
            }
        }
        TreeSet<String> known = new TreeSet<>();
        readers.forEach(r -> known.addAll(r.suffixes()));
        throw new OklException(ErrorCode.INVALID_DATA, UserText.escape(shown)
                + ": no reader for this file name; known suffixes: " + String.join(" ", known));
    }
}
