package org.okl.datasets.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;

/**
 * Reads the text format of the data sets of Hastie, Tibshirani and Friedman's <i>Elements of Statistical
 * Learning</i> (id {@code esl}), as the USPS digits {@code zip.train} and {@code zip.test}: one sample a line, the
 * class label then the values, separated by blanks ({@code 6.0000 -1 -1 ... 0.862}).
 *
 * <p>Those files have no suffix of their own, so this reader claims the names that end in {@code zip.train} or
 * {@code zip.test} (also {@code .gz}), plus the suffix {@code .esl} for other files in the same layout.
 * Columns: {@code label}, then {@code v1 ... vp} (ESL's names; for USPS pixel (r, c) is v{16r+c+1}); the label column
 * is the output. Every line must have the same number of values.
 */
public final class EslReader implements TableReader {

    @Override
    public List<String> suffixes() {
        return List.of("zip.train", "zip.test", ".esl");
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
        RowBuffer rows = null;
        List<String> names = List.of();
        double[] row = null;
        long line = 0;
        try {
            String text;
            while ((text = reader.readLine()) != null) {
                line++;
                if (text.isBlank()) {
                    continue;
                }
                String[] tokens = text.strip().split("\\s+");
                if (rows == null) {
                    if (tokens.length < 2) {
                        throw new DataFormatException(name, line, "2", "a label and at least one value expected");
                    }
                    rows = new RowBuffer(tokens.length, name);
                    row = new double[tokens.length];
                    names = columnNames(tokens.length);
                }
                if (tokens.length != row.length) {
                    throw new DataFormatException(name, line, Fields.name(Math.min(tokens.length, row.length), names),
                            "ragged row: " + tokens.length + " values, expected " + row.length);
                }
                for (int j = 0; j < row.length; j++) {
                    row[j] = Numbers.parse(tokens[j], name, line, Fields.name(j, names));
                }
                rows.add(row);
            }
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
        if (rows == null) {
            throw new DataFormatException(name, "empty file: no samples");
        }
        return new Table(rows.toMatrix(), names, new int[] {0}, false);
    }

    private static List<String> columnNames(int count) {
        List<String> names = new ArrayList<>(count);
        names.add("label");
        for (int j = 1; j < count; j++) {
            names.add("v" + j);
        }
        return names;
    }
}
