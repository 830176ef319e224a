package org.okl.datasets.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.linalg.Matrix;
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
 */
public final class LibsvmReader implements TableReader {

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
        List<int[]> indices = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        List<long[]> labels = new ArrayList<>();
        TreeMap<Long, Integer> labelColumns = new TreeMap<>();
        int maxIndex = -1;
        long maxIndexLine = 0;
        boolean zeroBased = false;
        long line = 0;
        try {
            String text;
            while ((text = reader.readLine()) != null) {
                line++;
                int hash = text.indexOf('#');
                String t = hash >= 0 ? text.substring(0, hash) : text;
                if (t.isBlank()) {
                    continue;
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
                                "feature index " + UserText.quote(token.substring(0, colon))
                                        + " is not a whole number");
                    }
                    if (idx[k] < 0) {
                        throw new DataFormatException(name, line, field, "negative feature index " + idx[k]);
                    }
                    if (k > 0 && idx[k] <= idx[k - 1]) {
                        throw new DataFormatException(name, line, field,
                                "feature index " + idx[k] + " does not increase (previous " + idx[k - 1] + ")");
                    }
                    val[k] = Numbers.parse(token.substring(colon + 1), name, line, field);
                    zeroBased |= idx[k] == 0;
                    if (idx[k] > maxIndex) {
                        maxIndex = idx[k];
                        maxIndexLine = line;
                    }
                }
                for (long l : rowLabels) {
                    labelColumns.putIfAbsent(l, 0);
                }
                indices.add(idx);
                values.add(val);
                labels.add(rowLabels);
            }
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
        if (indices.isEmpty()) {
            throw new DataFormatException(name, "empty file: no samples");
        }
        long columns = Math.max(0L, (long) maxIndex + 1 - (zeroBased ? 0 : 1)) + labelColumns.size();
        if ((long) indices.size() * columns > Matrix.MAX_VALUES) {
            throw new DataFormatException(name, maxIndexLine, "with index " + maxIndex, "the largest feature index, "
                    + maxIndex + ", makes " + indices.size() + " rows of " + columns + " columns: more values than one "
                    + "matrix holds (" + Matrix.MAX_VALUES + "); OKL holds LIBSVM data as a dense matrix, so feature "
                    + "indices must stay below about " + Matrix.MAX_VALUES / Math.max(1, indices.size()) + " for "
                    + indices.size() + " rows");
        }
        return build(indices, values, labels, labelColumns, maxIndex, zeroBased);
    }

    private static long[] parseLabels(String token, String name, long line) {
        String[] parts = token.split(",", -1);
        long[] out = new long[parts.length];
        for (int k = 0; k < parts.length; k++) {
            try {
                out[k] = Long.parseLong(parts[k].strip());
            } catch (NumberFormatException e) {
                throw new DataFormatException(name, line, "1",
                        "label " + UserText.quote(parts[k]) + " is not a whole number (multi-label LIBSVM: l1,l2,...)");
            }
        }
        return out;
    }

    private static Table build(List<int[]> indices, List<double[]> values, List<long[]> labels,
            TreeMap<Long, Integer> labelColumns, int maxIndex, boolean zeroBased) {
        int base = zeroBased ? 0 : 1;
        int features = (int) Math.max(0L, (long) maxIndex + 1 - base);
        int column = features;
        for (var e : labelColumns.entrySet()) {
            e.setValue(column++);
        }
        int n = indices.size();
        Matrix m = Matrix.zeros(n, column);
        for (int i = 0; i < n; i++) {
            int[] idx = indices.get(i);
            double[] val = values.get(i);
            for (int k = 0; k < idx.length; k++) {
                m.set(i, idx[k] - base, val[k]);
            }
            for (long l : labels.get(i)) {
                m.set(i, labelColumns.get(l), 1.0);
            }
        }
        List<String> names = new ArrayList<>(column);
        for (int j = 0; j < features; j++) {
            names.add("f" + (j + base));
        }
        labelColumns.keySet().forEach(l -> names.add("label" + l));
        int[] outputs = new int[labelColumns.size()];
        Arrays.setAll(outputs, k -> features + k);
        return new Table(m, names, outputs, false);
    }
}
