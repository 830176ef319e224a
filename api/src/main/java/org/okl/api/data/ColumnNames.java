package org.okl.api.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.okl.api.API;
import org.okl.api.text.UserText;

/**
 * OKL's rule for the column names a file gives (a CSV header, ARFF attributes, a Parquet or Arrow schema): every
 * column has a name of its own. Columns are chosen by name ({@code --inputs}, {@code --outputs}, {@code --keep}) and
 * a model finds its input columns in another file by name, so two columns of one name would make OKL pick one of
 * them silently, or take both where it chooses by position and then read one of them twice when the model is
 * applied. Such a file is refused whichever columns are chosen; the empty name (pandas' unnamed index column) counts
 * as a name. Every reader checks the names it reads from a file here, before any row.
 */
@API(status = API.Status.MAINTAINED, since = "0.3")
public final class ColumnNames {
    /** The most positions of one name a message lists. */
    private static final int POSITIONS_SHOWN = 6;

    private ColumnNames() {
    }

    /**
     * Fails when two columns have the same name (compared exactly, case and all), naming the file, the first name
     * given twice and its 1-based column numbers: {@code data.csv: columns 3 and 7 are both named 'x'; ...}.
     *
     * @param file  the file, as the reader's other messages show it
     * @param names the names, one per column
     * @throws DataFormatException when a name is given to more than one column
     */
    public static void requireDistinct(String file, List<String> names) {
        repeated(names).ifPresent(problem -> {
            throw new DataFormatException(file, problem + "; OKL chooses columns by name, so every column needs a "
                    + "name of its own: rename one of them");
        });
    }

    /**
     * When two columns have the same name, what is wrong, for a message: the first name given twice (quoted) and
     * its 1-based column numbers, {@code columns 3 and 7 are both named 'x'}, and how many other names repeat;
     * empty when every name is distinct. For writers, which check the names of what they are about to write.
     *
     * @param names the names, one per column
     */
    public static Optional<String> repeated(List<String> names) {
        Map<String, Integer> first = new HashMap<>(Math.max(16, names.size() * 2));
        for (int j = 0; j < names.size(); j++) {
            if (first.putIfAbsent(names.get(j), j) != null) {
                return Optional.of(describe(names, names.get(j)));
            }
        }
        return Optional.empty();
    }

    /** A name given twice: its columns, and how many other names repeat. */
    private static String describe(List<String> names, String repeated) {
        Map<String, List<Integer>> positions = new LinkedHashMap<>();
        for (int j = 0; j < names.size(); j++) {
            positions.computeIfAbsent(names.get(j), k -> new ArrayList<>()).add(j + 1);
        }
        List<Integer> at = positions.get(repeated);
        long others = positions.values().stream().filter(p -> p.size() > 1).count() - 1;
        StringBuilder s = new StringBuilder("columns ");
        int shown = Math.min(at.size(), POSITIONS_SHOWN);
        for (int k = 0; k < shown; k++) {
            if (k > 0) {
                s.append(k + 1 == shown && shown == at.size() ? " and " : ", ");
            }
            s.append(at.get(k));
        }
        if (shown < at.size()) {
            s.append(", ... (").append(at.size()).append(" columns)");
        }
        s.append(at.size() == 2 ? " are both named " : " are all named ").append(UserText.quote(repeated));
        if (others > 0) {
            s.append(" (and ").append(others).append(others == 1 ? " other name is" : " other names are")
                    .append(" repeated)");
        }
        return s.toString();
    }
}
