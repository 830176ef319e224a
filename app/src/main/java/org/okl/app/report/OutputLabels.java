package org.okl.app.report;

import java.util.ArrayList;
import java.util.List;

/** The outputs' names in a report: the data's column names, or {@code output 1..q} when they are not known. */
final class OutputLabels {
    private OutputLabels() {
    }

    /** q names: the given ones when there are exactly q of them, else {@code output 1..q}. */
    static List<String> of(List<String> names, int q) {
        if (names.size() == q) {
            return names;
        }
        List<String> out = new ArrayList<>(q);
        for (int c = 0; c < q; c++) {
            out.add("output " + (c + 1));
        }
        return out;
    }
}
