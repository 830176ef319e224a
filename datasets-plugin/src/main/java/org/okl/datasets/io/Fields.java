package org.okl.datasets.io;

import java.util.List;
import org.okl.api.text.UserText;

/** How errors name a field: its 1-based position in the line and, when known, its column name. */
final class Fields {

    private Fields() {
    }

    /** For example {@code 3 ('Jumps')}; {@code index} is 0-based. */
    static String name(int index, List<String> columnNames) {
        if (index >= 0 && index < columnNames.size()) {
            return (index + 1) + " (" + UserText.quote(columnNames.get(index)) + ")";
        }
        return Integer.toString(index + 1);
    }

    /** Generated column names {@code prefix0, prefix1, ...}. */
    static List<String> generated(String prefix, int count) {
        String[] names = new String[count];
        for (int j = 0; j < count; j++) {
            names[j] = prefix + j;
        }
        return List.of(names);
    }
}
