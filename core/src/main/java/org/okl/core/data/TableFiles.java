package org.okl.core.data;

import com.google.inject.Inject;
import com.google.inject.Singleton;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.data.TableSplits;
import org.okl.api.data.TableStream;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.ComponentRegistry;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;

/**
 * Reads data files with the reader whose suffixes match the file name ({@code .csv}, {@code .arff}, ...; a
 * {@code .gz} suffix is looked through), among the readers the plugins register.
 */
@Singleton
public final class TableFiles {
    private final List<TableReader> readers;

    /** Creates every registered reader once. */
    @Inject
    public TableFiles(ComponentRegistry registry, ComponentContext context) {
        this.readers = registry.components(ComponentKind.READER).keySet().stream()
                .map(id -> context.create(TableReader.class, ComponentSpec.of(id)))
                .toList();
    }

    /**
     * Reads a file.
     *
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a missing file or an unknown format
     */
    public Table read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new OklException(ErrorCode.INVALID_DATA, file + ": no such file");
        }
        return readerFor(file).read(file);
    }

    /**
     * Opens a file to read it block by block in one pass (readers that cannot stream read it whole).
     *
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a missing file or an unknown format
     */
    public TableStream open(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new OklException(ErrorCode.INVALID_DATA, file + ": no such file");
        }
        return readerFor(file).open(file);
    }

    /**
     * Cuts a file into pieces of about {@code pieceBytes} bytes that parse in parallel, when its reader can
     * ({@link TableReader#split}); otherwise empty, and the file is read with {@link #open}.
     *
     * @throws OklException {@link ErrorCode#INVALID_DATA} for a missing file or an unknown format
     */
    public Optional<TableSplits> split(Path file, long pieceBytes) {
        if (!Files.isRegularFile(file)) {
            throw new OklException(ErrorCode.INVALID_DATA, file + ": no such file");
        }
        return readerFor(file).split(file, pieceBytes);
    }

    private TableReader readerFor(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        String plain = name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
        for (TableReader r : readers) {
            if (r.suffixes().stream().anyMatch(plain::endsWith)) {
                return r;
            }
        }
        TreeSet<String> known = new TreeSet<>();
        readers.forEach(r -> known.addAll(r.suffixes()));
        throw new OklException(ErrorCode.INVALID_DATA,
                file + ": no reader for this file name; known suffixes: " + String.join(" ", known));
    }
}
