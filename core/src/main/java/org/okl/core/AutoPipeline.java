package org.okl.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.okl.api.data.Dataset;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.plugin.PipelineTemplate;
import org.okl.api.rows.RowSource;
import org.okl.api.text.UserText;

/**
 * The automatic pipeline ({@code {"preset": "auto"}}, and {@code okl fit|evaluate} without {@code --pipeline}): the
 * task is read off the data ({@link #task}), the pipeline starts from the template OKL's plugins register for it
 * ({@code auto-regression}, {@code auto-multi-label}, {@code auto-binary} for one 0/1 column,
 * {@code auto-multi-class}, {@code auto-multi-task}, {@code auto-structured}), above {@value #LARGE_ROWS} rows it
 * takes the {@code approximation} of {@code auto-large} (a kernel sketch, so that a file streams), above
 * {@value #MEDIUM_ROWS} rows the selection uses 3 folds (the search costs about one eigendecomposition per width and
 * fold), rows stored sparse get no input transform (centering would make them dense), labels of which every training
 * row has one on are predicted with at least one on (the threshold decoder's {@code at-least-one}, kept where the
 * fit's leave-one-out decisions miss no more labels with it: {@code decide-at-least-one}), and the members
 * the user gave replace all of these (a selection whose grid is empty keeps the template's grid). The choice and its
 * reasons are recorded in the model ({@link Provenance.Auto}).
 */
public final class AutoPipeline {
    /**
     * Above this many training rows, the automatic pipeline takes the low-rank route ({@code auto-large}). On 4,860
     * USPS rows (3-fold cross-validation of the training digits) the exact route's MSE was 3.3 % below the 2,000-landmark
     * route's (0.1991 against 0.2059) at 1.35 times its time; its memory, about 4 n² doubles, is 800 MB at 5,000 rows.
     */
    public static final int LARGE_ROWS = 5000;
    /** Above this many training rows, its k-fold selection uses 3 folds instead of the template's. */
    public static final int MEDIUM_ROWS = 1000;
    private static final int MEDIUM_FOLDS = 3;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_CLASSES = 100;
    /**
     * The template for one 0/1 column: labels coded -1/+1, decided by their sign and chosen on the squared error of
     * the scores (target-mse) over widths in sqrt(2) steps and the Tikhonov path in eighth decades. On 30 draws of 250
     * to 300 training rows outside the accuracy benchmark (USPS digit at least 5, MNIST digit even, Jura rock type 1)
     * it scored 1.1 points higher test accuracy than the former route, {@code auto-multi-label} as it was then
     * (threshold tuned for the Hamming loss, coupling searched where one column has none), higher in 24 draws and
     * lower in 3 (NOTES.md).
     */
    static final String BINARY = "auto-binary";

    private AutoPipeline() {
    }

    /**
     * The task the data describe, why, and the template the automatic pipeline starts from.
     *
     * @param task   the task
     * @param why    one clause saying what in the data decided it
     * @param preset the template: {@code auto-} and the task's {@link #id()}, except {@code auto-binary} for one 0/1
     *               column
     * @param everyRowLabelled for labels: whether every training row has at least one label on (then a prediction
     *                         with none gets its highest-scoring label, {@link #choose})
     */
    public record Task(Dataset.Task task, String why, String preset, boolean everyRowLabelled) {

        /** A task whose rows are not known to have a label each. */
        public Task(Dataset.Task task, String why, String preset) {
            this(task, why, preset, false);
        }

        /** The task with its own template, {@code auto-} and its {@link #id()}. */
        public Task(Dataset.Task task, String why) {
            this(task, why, "auto-" + id(task));
        }

        /** The task's name as the templates spell it: {@code regression}, {@code multi-label}, ... */
        public String id() {
            return id(task);
        }

        private static String id(Dataset.Task task) {
            return task.name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * A chosen pipeline.
     *
     * @param spec   the pipeline to fit
     * @param record what was chosen and why, for the model's provenance and the command line
     */
    public record Choice(PipelineSpec spec, Provenance.Auto record) {
    }

    /**
     * The task of labelled data: multi-task when rows have tasks, structured when candidate outputs are given,
     * multi-class for one column of 3 to {@value #MAX_CLASSES} whole-number classes (at least 5 rows per class on
     * average), multi-label when every output is 0 or 1 (one column: a binary label), regression otherwise.
     */
    public static Task task(TrainingData data) {
        if (data.groups().isPresent()) {
            return new Task(Dataset.Task.MULTI_TASK, "every row has a task (" + distinct(data.groups().get())
                    + " tasks)");
        }
        if (data.unlabelledOutputs().isPresent()) {
            return new Task(Dataset.Task.STRUCTURED, "a candidate set of " + data.unlabelledOutputs().get().rows()
                    + " outputs is given");
        }
        OutputValues values = new OutputValues();
        values.add(data.outputs());
        return values.task(data.outputs().cols());
    }

    /**
     * The task of rows read in passes (one pass over their outputs): as {@link #task(TrainingData)} for data without
     * tasks or candidates.
     */
    public static Task task(RowSource rows) {
        OutputValues values = new OutputValues();
        rows.forEachInputRowBlock((first, inputs, outputs) -> values.add(outputs));
        return values.task(rows.outputDimension());
    }

    /**
     * What decides the task among the output values: whether they are all 0/1, all whole, how many distinct, and
     * whether every row has a 1.
     */
    private static final class OutputValues {
        private boolean binary = true;
        private boolean whole = true;
        private final TreeSet<Double> distinct = new TreeSet<>();
        private long rows;
        private long rowsWithoutOne;

        void add(Matrix y) {
            rows += y.rows();
            for (int i = 0; i < y.rows(); i++) {
                boolean one = false;
                for (int j = 0; j < y.cols() && !one; j++) {
                    one = y.get(i, j) == 1.0;
                }
                rowsWithoutOne += one ? 0 : 1;
            }
            for (double v : y.data()) {
                if (Double.isNaN(v)) {
                    continue;
                }
                binary &= v == 0.0 || v == 1.0;
                whole &= v == Math.rint(v);
                if (distinct.size() <= MAX_CLASSES) {
                    distinct.add(v);
                }
            }
        }

        Task task(int q) {
            if (q == 1 && whole && distinct.size() >= 3 && distinct.size() <= MAX_CLASSES
                    && 5L * distinct.size() <= rows) {
                return new Task(Dataset.Task.MULTI_CLASS, "one output column of " + distinct.size()
                        + " whole-number classes");
            }
            if (binary && q == 1) {
                return new Task(Dataset.Task.MULTI_LABEL, "one output column of 0/1 (a binary label)", BINARY);
            }
            if (binary) {
                return new Task(Dataset.Task.MULTI_LABEL, q + " output columns, all 0/1", "auto-multi-label",
                        rowsWithoutOne == 0);
            }
            return new Task(Dataset.Task.REGRESSION, q + " real-valued output column" + (q == 1 ? "" : "s"));
        }
    }

    private static int distinct(int[] groups) {
        return (int) java.util.Arrays.stream(groups).distinct().count();
    }

    /**
     * The pipeline for {@code rows} training rows of the given task, with the members {@code auto} gives.
     *
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} when no plugin provides the task's template
     */
    public static Choice choose(PipelineSpec auto, long rows, Task task, Okl okl) {
        return choose(auto, rows, false, task, okl);
    }

    /**
     * The same for rows that may be stored sparse: sparse rows get no input transform.
     *
     * @param sparse whether the training inputs are stored sparse (a LIBSVM file, Spark's sparse vectors)
     */
    public static Choice choose(PipelineSpec auto, long rows, boolean sparse, Task task, Okl okl) {
        String id = task.preset();
        ObjectNode merged = template(id, okl);
        List<String> reasons = new ArrayList<>();
        reasons.add("task " + task.id() + ": " + task.why() + "; preset " + id);
        boolean large = rows > LARGE_ROWS;
        JsonNode screen = null;
        if (large) {
            ObjectNode largeTemplate = template("auto-large", okl);
            merged.set("approximation", largeTemplate.get("approximation"));
            screen = largeTemplate.path("selection").get("screen");
        }
        if (task.everyRowLabelled() && merged.path("decoder").path("name").asText().equals("threshold")) {
            // on 30 draws outside the benchmark: Hamming loss 0.0462 -> 0.0440, example-based F1 0.782 -> 0.875;
            // decided on the leave-one-out predictions: the same on 40 draws, kept in 36 (NOTES.md)
            ((ObjectNode) merged.get("decoder")).put("at-least-one", true).put("decide-at-least-one", true);
            reasons.add("every training row has a label: a prediction with none gets its highest-scoring label, "
                    + "kept where the fit's leave-one-out predictions miss no more labels with it");
        }
        if (sparse && merged.has("inputs")) {
            merged.set("inputs", JSON.createArrayNode());
            reasons.add("sparse inputs: no input transform (centering would make them dense)");
        }
        ObjectNode given = PipelineFiles.toJsonNode(auto);
        given.remove("preset");
        JsonNode selection = given.get("selection");
        if (selection != null && selection.path("grid").isEmpty() && merged.path("selection").has("grid")) {
            ObjectNode s = (ObjectNode) selection;
            s.set("grid", merged.path("selection").path("grid"));
            if (merged.path("selection").has("prefer")) {
                s.set("prefer", merged.path("selection").get("prefer"));
            }
        }
        if (selection != null && !selection.has("learn") && merged.path("selection").has("learn")) {
            // a selection given for its folds or metric keeps the preset's learned candidate, as it keeps the grid
            ((ObjectNode) selection).set("learn", merged.path("selection").get("learn"));
        }
        if (screen != null && !given.has("approximation")) {
            // the screen sets the sketch's size: it goes with auto-large's sketch, kept under a selection given
            ObjectNode s = selection != null ? (ObjectNode) selection : (ObjectNode) merged.path("selection");
            if (!s.isMissingNode() && !s.has("screen")) {
                s.set("screen", screen);
            }
        }
        List<String> overridden = new ArrayList<>();
        given.fieldNames().forEachRemaining(overridden::add);
        replaceMembers(merged, given);
        PipelineSpec spec = PipelineFiles.parse(merged.toString(), "the automatic pipeline (" + id + ")",
                okl.registry());
        String folds = "";
        if (rows > MEDIUM_ROWS && !given.has("selection") && spec.selection().isPresent()
                && spec.selection().get().method() == SelectionSpec.Method.KFOLD
                && spec.selection().get().folds() > MEDIUM_FOLDS) {
            spec = spec.withSelection(spec.selection().get().toBuilder().folds(MEDIUM_FOLDS).build());
            folds = String.format(Locale.ROOT, "; %d-fold selection above %,d rows", MEDIUM_FOLDS, MEDIUM_ROWS);
        }
        reasons.add(describeStages(spec));
        reasons.add(describeSearch(spec, okl));
        String sketch = spec.approximation().map(a -> UserText.escape(a.name() + " " + a.parameters()))
                .orElse("none");
        String route = given.has("approximation") ? String.format(Locale.ROOT, "%,d rows: the approximation given "
                + "(%s)", rows, sketch) : large ? String.format(Locale.ROOT, "%,d rows > %,d: low-rank route (%s)", rows,
                LARGE_ROWS, sketch) : String.format(Locale.ROOT, "%,d rows <= %,d: exact fit", rows, LARGE_ROWS);
        reasons.add(route + folds);
        if (!overridden.isEmpty()) {
            reasons.add("given in the pipeline, replacing the automatic choice: " + String.join(", ", overridden));
        }
        return new Choice(spec, new Provenance.Auto(task.id(), List.copyOf(reasons)));
    }

    private static ObjectNode template(String id, Okl okl) {
        PipelineTemplate template = okl.registry().template(id).orElseThrow(() -> new OklException(
                ErrorCode.INVALID_PIPELINE, "the automatic pipeline needs the preset '" + id + "', which no plugin "
                + "provides (it comes with okl-presets-plugin); give a pipeline with --pipeline"));
        try {
            return (ObjectNode) JSON.readTree(template.json());
        } catch (JsonProcessingException | ClassCastException e) {
            throw new IllegalStateException("preset '" + id + "' is not a JSON object: " + e.getMessage(), e);
        }
    }

    private static void replaceMembers(ObjectNode base, ObjectNode top) {
        Iterator<Map.Entry<String, JsonNode>> it = top.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            base.set(e.getKey(), e.getValue());
        }
    }

    private static String describeStages(PipelineSpec spec) {
        return "inputs " + names(spec.inputs()) + ", targets " + names(spec.targets()) + ", kernel "
                + spec.kernel().map(PipelineFiles::node).map(JsonNode::toString).orElse("none") + ", output "
                + UserText.escape(spec.output().name()) + ", decoder " + PipelineFiles.node(spec.decoder());
    }

    private static String names(List<org.okl.api.component.ComponentSpec> specs) {
        return specs.isEmpty() ? "none" : String.join(" + ", specs.stream()
                .map(c -> UserText.escape(c.name())).toList());
    }

    private static String describeSearch(PipelineSpec spec, Okl okl) {
        SpectralFilter filter = okl.create(SpectralFilter.class, spec.filter());
        StringBuilder b = new StringBuilder("searched: ");
        int candidates = filter.pathLength();
        for (Map.Entry<String, List<Object>> e : spec.selection().map(SelectionSpec::grid).orElse(Map.of())
                .entrySet()) {
            b.append(e.getKey()).append(" (").append(e.getValue().size()).append(") x ");
            candidates *= e.getValue().size();
        }
        b.append(spec.filter().name()).append(' ').append(filter.pathParameter()).append(" (")
                .append(filter.pathLength()).append(") = ").append(candidates).append(" candidates");
        spec.selection().ifPresent(s -> {
            b.append(" by ").append(s);
            if (!s.prefer().isEmpty()) {
                b.append("; ").append(s.prefer()).append(" kept unless beaten beyond one standard error");
            }
            if (!s.screen().isEmpty()) {
                b.append("; every grid point screened first with ").append(UserText.escape(s.screen().toString()))
                        .append(", then a local search from the best at full size");
            }
            s.learn().ifPresent(l -> b.append(String.format(Locale.ROOT, "; beside it a learned candidate (per-feature "
                    + "widths, output matrix of rank %d plus diagonal, lambda: at most %d L-BFGS iterations on at most "
                    + "%,d rows), kept only if its validation error is lower", l.rank(), l.iterations(), l.rows())));
        });
        return b.toString();
    }
}
