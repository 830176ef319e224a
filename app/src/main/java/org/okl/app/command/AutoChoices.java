package org.okl.app.command;

import java.io.PrintWriter;
import java.util.Locale;
import org.okl.core.Provenance;

/**
 * Prints what a model selection cost, for {@code fit} and {@code evaluate} (what they plan to do is
 * {@link org.okl.core.FitPlan#lines()}).
 */
final class AutoChoices {
    private AutoChoices() {
    }

    /** One line with the selection's cost, when a selection ran. */
    static void printSearch(PrintWriter out, Provenance provenance) {
        Provenance.Search s = provenance.search();
        if (s != null) {
            out.printf(Locale.ROOT, "search: %d candidates, %d splits, %d eigendecompositions or solver runs, "
                    + "%.1f s%n", s.candidates(), s.splits(), s.decompositions(), s.seconds());
        }
    }
}
