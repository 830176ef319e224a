package org.okl.app.data;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.okl.api.data.Table;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.text.UserText;
import org.okl.core.InputColumns;

/** Finds the columns a model was fitted on in the data it is applied to, and checks their names. */
final class ModelColumns {
    private ModelColumns() {
    }

    /**
     * The positions in {@code table} of the model's input columns: by name when both have names, else the model's
     * positions in a table as wide as its training table, else every column of a table holding just the inputs.
     */
    static int[] positions(String ref, Table table, InputColumns fitted) {
        List<String> names = table.columnNames();
        if (fitted.named() && table.namedColumns()) {
            int[] positions = new int[fitted.count()];
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < positions.length; i++) {
                positions[i] = names.indexOf(fitted.names().get(i));
                if (positions[i] < 0) {
                    missing.add(UserText.quote(fitted.names().get(i)));
                }
            }
            if (!missing.isEmpty()) {
                throw new OklException(ErrorCode.INVALID_DATA, UserText.escape(ref) + ": no column "
                        + String.join(", ", missing.stream().limit(10).toList())
                        + (missing.size() > 10 ? ", ..." : "") + ", which the model was fitted on; its columns are "
                        + quoted(names) + " (choose the input columns with --inputs)");
            }
            return positions;
        }
        if (names.size() == fitted.width()) {
            return fitted.positions();
        }
        if (names.size() == fitted.count()) {
            return IntStream.range(0, names.size()).toArray();
        }
        throw new OklException(ErrorCode.INVALID_DATA, ref + ": " + names.size() + " columns, but the model was "
                + "fitted on columns " + selection(fitted.positions()) + " of a table of " + fitted.width()
                + " columns; give a file like the training file, or choose the input columns with --inputs");
    }

    /** Fails when the data's input column names and the model's differ (when both have names). */
    static void checkNames(LoadedData data, InputColumns fitted) {
        checkNames(data.source(), data.inputColumns(), fitted);
    }

    /** Fails when the given input column names and the model's differ (when both have names). */
    static void checkNames(String source, InputColumns given, InputColumns fitted) {
        if (!fitted.named() || !given.named() || given.count() != fitted.count()) {
            return;
        }
        for (int i = 0; i < fitted.count(); i++) {
            String expected = fitted.names().get(i);
            String actual = given.names().get(i);
            if (!expected.equals(actual)) {
                throw new OklException(ErrorCode.INVALID_DATA, UserText.escape(source) + ": input column " + (i + 1)
                        + " is " + UserText.quote(actual) + " but the model was fitted on " + UserText.quote(expected)
                        + " there; the model's input columns are " + quoted(fitted.names()));
            }
        }
    }

    /** Column names quoted, the first 12 of them. */
    private static String quoted(List<String> names) {
        return "[" + String.join(", ", names.stream().limit(12).map(UserText::quote).toList())
                + (names.size() > 12 ? ", ... (" + names.size() + " columns)" : "") + "]";
    }

    /** Positions in the syntax of --inputs, ranges compacted: {@code 0:32,40}. */
    static String selection(int[] positions) {
        StringBuilder s = new StringBuilder();
        int i = 0;
        while (i < positions.length) {
            int j = i;
            while (j + 1 < positions.length && positions[j + 1] == positions[j] + 1) {
                j++;
            }
            if (s.length() > 0) {
                s.append(',');
            }
            s.append(j > i ? positions[i] + ":" + (positions[j] + 1) : Integer.toString(positions[i]));
            i = j + 1;
        }
        return s.toString();
    }
}
