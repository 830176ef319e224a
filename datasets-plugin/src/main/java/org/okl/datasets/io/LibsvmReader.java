package org.okl.datasets.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;
import org.okl.api.text.UserText;

/**
 * Reads the LIBSVM multi-label format (id {@code libsvm}; suffixes {@code .libsvm}, {@code .svm}): one sample a
 * line, {@code l1,l2,... index:value index:value ...}, where the labels are whole numbers (possibly none: the line
 * then starts with a blank or directly with a feature) and feature indices increase within a line. Indices are
 * 1-based as LIBSVM writes them, unless some line uses index 0, in which case the file is read as 0-based. The number
 * of features is the largest index seen; absent features are 0. Text after {@code #} is a comment.
 *
 * <p>The table holds the features {@code f<index>} and then one 0/1 indicator column {@code label<l>} per distinct
 * label, in increasing label order; these indicator columns are the {@link Table#outputColumns()}.
 *
 * <p>{@link #open} streams the rows sparse ({@link TableStream#sparse()}): a first pass learns the number of
 * features and the labels (remembered for the file as long as it is unchanged, so later passes do not repeat it),
 * then every block of lines becomes compressed rows, never a dense row of the file's width.
 */
public final class LibsvmReader implements TableReader {
    private static final int REMEMBERED = 16;
    private final Map<String, Header> headers = new ConcurrentHashMap<>();

    @Override
    public List<String> suffixes() {
        return List.of(".libsvm", ".svm");
    }

    @Override
    public Table read(Path file) {
        try (InputStream in = DataFiles.open(file)) {
            return read(in, file.toString());
        } catch (IOException e) {
            throw DataFiles.readError(file.toString(), e);
        }
    }

    /** Reads already opened (and decompressed) content; {@code in} is not closed, {@code name} is for errors. */
    public Table read(InputStream in, String name) {
        BufferedReader reader = DataFiles.textReader(in, name);
        List<Line> lines = new ArrayList<>();
        Header.Builder header = new Header.Builder();
        long line = 0;
        try {
            String text;
            while ((text = reader.readLine()) != null) {
                line++;
                Line parsed = Line.parse(text, name, line);
                if (parsed != null) {
                    header.add(parsed);
                    lines.add(parsed);
                }
            }
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
        if (lines.isEmpty()) {
            throw new DataFormatException(name, "empty file: no samples");
        }
        Header h = header.build(name);
        int n = lines.size();
        if ((long) n * h.columns() > Matrix.MAX_VALUES) {
            throw new DataFormatException(name, n + " rows of " + h.columns() + " columns (the largest feature index "
                    + "sets the width) are more values than one dense matrix holds (" + Matrix.MAX_VALUES + "); a "
                    + "pipeline with a kernel sketch (\"approximation\") reads LIBSVM files sparse, in blocks");
        }
        Matrix m = Matrix.zeros(n, h.columns());
        for (int i = 0; i < n; i++) {
            Line l = lines.get(i);
            for (int k = 0; k < l.indices().length; k++) {
                m.set(i, l.indices()[k] - h.base(), l.values()[k]);
            }
            for (long label : l.labels()) {
                m.set(i, h.labelColumn(label), 1.0);
            }
        }
        return new Table(m, h.names(), h.outputs(), false);
    }

    /** Streams the file's rows sparse, after a first pass (remembered while the file is unchanged) for its header. */
    @Override
    public TableStream open(Path file) {
        return new Stream(file, header(file));
    }

    private Header header(Path file) {
        String key;
        try {
            key = file.toAbsolutePath() + "|" + Files.size(file) + "|" + Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            throw DataFiles.readError(file.toString(), e);
        }
        Header known = headers.get(key);
        if (known != null) {
            return known;
        }
        Header.Builder builder = new Header.Builder();
        try (InputStream in = DataFiles.open(file)) {
            BufferedReader reader = DataFiles.textReader(in, file.toString());
            String text;
            long line = 0;
            while ((text = reader.readLine()) != null) {
                line++;
                Line parsed = Line.parse(text, file.toString(), line);
                if (parsed != null) {
                    builder.add(parsed);
                }
            }
        } catch (IOException e) {
            throw DataFiles.readError(file.toString(), e);
        }
        if (builder.rows == 0) {
            throw new DataFormatException(file.toString(), "empty file: no samples");
        }
        Header header = builder.build(file.toString());
        if (headers.size() >= REMEMBERED) {
            headers.clear();
        }
        headers.put(key, header);
        return header;
    }

    /** One parsed line: feature indices (as written) and values, and labels. */
    private record Line(int[] indices, double[] values, long[] labels) {

        /** Parses a line; {@code null} for a blank or comment line. */
        static Line parse(String text, String name, long line) {
            int hash = text.indexOf('#');
            String t = hash >= 0 ? text.substring(0, hash) : text;
            if (t.isBlank()) {
                return null;
            }
            String[] tokens = t.strip().split("\\s+");
            int first = 0;
            long[] rowLabels = new long[0];
            if (t.charAt(0) != ' ' && t.charAt(0) != '\t' && tokens[0].indexOf(':') < 0) {
                rowLabels = parseLabels(tokens[0], name, line);
                first = 1;
            }
            int[] idx = new int[tokens.length - first];
            double[] val = new double[idx.length];
            for (int k = 0; k < idx.length; k++) {
                String token = tokens[first + k];
                String field = Integer.toString(first + k + 1);
                int colon = token.indexOf(':');
                if (colon < 0) {
                    throw new DataFormatException(name, line, field, UserText.quote(token) + " is not index:value");
                }
                try {
                    idx[k] = Integer.parseInt(token.substring(0, colon));
                } catch (NumberFormatException e) {
                    throw new DataFormatException(name, line, field,
                            "feature index " + UserText.quote(token.substring(0, colon)) + " is not a whole number");
                }
                if (idx[k] < 0) {
                    throw new DataFormatException(name, line, field, "negative feature index " + idx[k]);
                }
                if (k > 0 && idx[k] <= idx[k - 1]) {
                    throw new DataFormatException(name, line, field,
                            "feature index " + idx[k] + " does not increase (previous " + idx[k - 1] + ")");
                }
                val[k] = Numbers.parse(token.substring(colon + 1), name, line, field);
            }
            return new Line(idx, val, rowLabels);
        }

        private static long[] parseLabels(String token, String name, long line) {
            String[] parts = token.split(",", -1);
            long[] out = new long[parts.length];
            for (int k = 0; k < parts.length; k++) {
                try {
                    out[k] = Long.parseLong(parts[k].strip());
                } catch (NumberFormatException e) {
                    throw new DataFormatException(name, line, "1",
                            "label " + UserText.quote(parts[k]) + " is not a whole number (multi-label LIBSVM: "
                                    + "l1,l2,...)");
                }
            }
            return out;
        }
    }

    /**
     * What the whole file says about its columns: 0- or 1-based indices, the number of features, the labels in
     * increasing order.
     *
     * @param base     0 or 1
     * @param features the number of feature columns
     * @param labels   the distinct labels, increasing
     */
    private record Header(int base, int features, long[] labels) {

        int columns() {
            return features + labels.length;
        }

        int labelColumn(long label) {
            return features + Arrays.binarySearch(labels, label);
        }

        List<String> names() {
            List<String> names = new ArrayList<>(columns());
            for (int j = 0; j < features; j++) {
                names.add("f" + (j + base));
            }
            for (long l : labels) {
                names.add("label" + l);
            }
            return names;
        }

        int[] outputs() {
            int[] outputs = new int[labels.length];
            Arrays.setAll(outputs, k -> features + k);
            return outputs;
        }

        /** Collects a header from parsed lines. */
        static final class Builder {
            private final TreeMap<Long, Boolean> labels = new TreeMap<>();
            private int maxIndex = -1;
            private long maxIndexRow;
            private boolean zeroBased;
            private long rows;

            void add(Line line) {
                rows++;
                for (int idx : line.indices()) {
                    zeroBased |= idx == 0;
                    if (idx > maxIndex) {
                        maxIndex = idx;
                        maxIndexRow = rows;
                    }
                }
                for (long l : line.labels()) {
                    labels.putIfAbsent(l, true);
                }
            }

            /**
             * The header, its width computed in long arithmetic.
             *
             * @throws DataFormatException when the largest feature index and the labels make more columns than one
             *                             matrix row holds
             */
            Header build(String name) {
                int base = zeroBased ? 0 : 1;
                long features = Math.max(0L, (long) maxIndex + 1 - base);
                if (features + labels.size() > Matrix.MAX_VALUES) {
                    throw new DataFormatException(name, "feature index " + maxIndex + " (sample " + maxIndexRow
                            + ") makes " + (features + labels.size()) + " columns, more than OKL holds ("
                            + Matrix.MAX_VALUES + "); LIBSVM feature indices number the columns from " + base);
                }
                return new Header(base, (int) features, labels.keySet().stream().mapToLong(Long::longValue)
                        .toArray());
            }
        }
    }

    /** The rows of a file as compressed rows, block by block. */
    private static final class Stream implements TableStream {
        private final String name;
        private final Header header;
        private final BufferedReader reader;
        private final InputStream in;
        private long line;

        Stream(Path file, Header header) {
            this.name = file.toString();
            this.header = header;
            this.in = DataFiles.open(file);
            this.reader = DataFiles.textReader(in, name);
        }

        @Override
        public List<String> columnNames() {
            return header.names();
        }

        @Override
        public boolean namedColumns() {
            return false;
        }

        @Override
        public int[] outputColumns() {
            return header.outputs();
        }

        @Override
        public boolean sparse() {
            return true;
        }

        @Override
        public Optional<InputRows> nextRows(int maxRows) {
            SparseMatrix.Builder rows = new SparseMatrix.Builder(header.columns());
            int[] columns = new int[16];
            double[] values = new double[16];
            try {
                String text;
                while (rows.rows() < Math.max(1, maxRows) && (text = reader.readLine()) != null) {
                    line++;
                    Line parsed = Line.parse(text, name, line);
                    if (parsed == null) {
                        continue;
                    }
                    int size = parsed.indices().length + parsed.labels().length;
                    if (columns.length < size) {
                        columns = new int[size];
                        values = new double[size];
                    }
                    int k = 0;
                    for (int e = 0; e < parsed.indices().length; e++) {
                        int column = parsed.indices()[e] - header.base();
                        if (column < 0 || column >= header.features()) {
                            throw new DataFormatException(name, line, Integer.toString(e + 1), "feature index "
                                    + parsed.indices()[e] + " was not in the file when it was opened (it changed)");
                        }
                        columns[k] = column;
                        values[k++] = parsed.values()[e];
                    }
                    long[] sorted = parsed.labels().clone();
                    Arrays.sort(sorted);
                    long previous = Long.MIN_VALUE;
                    for (long label : sorted) {
                        if (label != previous) {
                            columns[k] = header.labelColumn(label);
                            values[k++] = 1.0;
                        }
                        previous = label;
                    }
                    rows.addRow(columns, values, k);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(name + ": cannot read", e);
            }
            return rows.rows() == 0 ? Optional.empty() : Optional.of(rows.build());
        }

        @Override
        public Optional<Matrix> next(int maxRows) {
            return nextRows(maxRows).map(InputRows::toDense);
        }

        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException e) {
                throw new UncheckedIOException(name + ": cannot close", e);
            }
        }
    }
}
