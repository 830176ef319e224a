package org.okl.app.command;

import java.io.PrintWriter;
import java.util.Locale;
import org.okl.api.text.UserText;
import org.okl.core.AutoPipeline;
import org.okl.core.Pipeline;
import org.okl.core.Provenance;

/** Prints what the automatic pipeline chose, and what a model selection cost, for {@code fit} and {@code evaluate}. */
final class AutoChoices {
    private AutoChoices() {
    }

    /** The choice, one short block of lines starting {@code auto:}. */
    static void print(PrintWriter out, AutoPipeline.Choice choice) {
        choice.record().reasons().forEach(line -> out.println("auto: " + UserText.escape(line)));
        out.flush();
    }

    /**
     * For a pipeline whose values are all its own (nothing is searched), one line saying so and how to search: a
     * kernel width or lambda set for other data (a paper preset's) can give a poor model without any sign of it.
     */
    static void printFixed(PrintWriter out, Pipeline pipeline) {
        if (!pipeline.searches()) {
            out.println("note: nothing is searched, every value is the pipeline's own (a preset's are set for its "
                    + "paper's data); without --pipeline OKL chooses the input transforms, kernel, width and lambda "
                    + "by cross-validation, or give the filter several lambdas");
            out.flush();
        }
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
