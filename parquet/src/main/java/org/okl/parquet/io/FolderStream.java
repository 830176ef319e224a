package org.okl.parquet.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;

/**
 * A folder of Parquet files read as one table: its {@code .parquet} files in name order (names that start with
 * {@code _} or {@code .}, such as Spark's {@code _SUCCESS}, skipped), one file open at a time; every file must have
 * the first file's columns.
 */
final class FolderStream implements TableStream {
    private final List<Path> files;
    private final List<String> names;
    private int[] projected;
    private int next;
    private ParquetStream current;
    private List<List<String>> levels;

    FolderStream(Path folder) {
        try (Stream<Path> entries = Files.list(folder)) {
            files = entries.filter(p -> {
                String n = p.getFileName().toString();
                return !n.startsWith("_") && !n.startsWith(".")
                        && n.toLowerCase(Locale.ROOT).endsWith(".parquet") && Files.isRegularFile(p);
            }).sorted().toList();
        } catch (IOException e) {
            throw new DataFormatException(UserText.escape(folder.toString()), "cannot list the folder", e);
        }
        if (files.isEmpty()) {
            throw new DataFormatException(UserText.escape(folder.toString()), "no .parquet file in the folder");
        }
        current = new ParquetStream(files.get(0));
        names = current.columnNames();
        next = 1;
    }

    @Override
    public List<String> columnNames() {
        return names;
    }

    @Override
    public int[] outputColumns() {
        return new int[0];
    }

    @Override
    public void project(int[] columns) {
        projected = columns.clone();
        current.project(columns);
    }

    /** The levels of a read text column over all the folder's files, or empty; known after the first block. */
    @Override
    public List<String> levels(int column) {
        return levels == null ? List.of() : levels.get(column);
    }

    /** The text columns' levels: the union of every file's distinct texts, sorted (one coding for the folder). */
    private void findLevels() {
        int[] read = projected != null ? projected : java.util.stream.IntStream.range(0, names.size()).toArray();
        List<Integer> texts = current.textColumns(read);
        levels = new java.util.ArrayList<>(java.util.Collections.nCopies(names.size(), List.<String>of()));
        if (texts.isEmpty()) {
            return;
        }
        List<java.util.TreeSet<String>> all = current.texts(texts);
        for (Path file : files.subList(1, files.size())) {
            try (ParquetStream other = new ParquetStream(file)) {
                List<java.util.TreeSet<String>> found = other.texts(texts);
                for (int k = 0; k < texts.size(); k++) {
                    all.get(k).addAll(found.get(k));
                }
            }
        }
        for (int k = 0; k < texts.size(); k++) {
            levels.set(texts.get(k), List.copyOf(all.get(k)));
        }
        current.useLevels(levels);
    }

    @Override
    public Optional<Matrix> next(int maxRows) {
        if (levels == null) {
            findLevels();
        }
        while (true) {
            Optional<Matrix> block = current.next(maxRows);
            if (block.isPresent() || next >= files.size()) {
                return block;
            }
            current.close();
            Path file = files.get(next++);
            current = new ParquetStream(file);
            if (!current.columnNames().equals(names)) {
                List<String> found = current.columnNames();
                current.close();
                throw new DataFormatException(UserText.escape(file.toString()), "columns "
                        + UserText.quote(String.join(", ", found)) + " where the folder's first file has "
                        + UserText.quote(String.join(", ", names)));
            }
            if (projected != null) {
                current.project(projected);
            }
            current.useLevels(levels);
        }
    }

    @Override
    public void close() {
        current.close();
    }
}
