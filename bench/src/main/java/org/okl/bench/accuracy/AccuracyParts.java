package org.okl.bench.accuracy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.okl.api.text.UserText;
import org.okl.core.io.AtomicFiles;

/**
 * The accuracy benchmark's finished units (a data set's repeated cross-validation, a Mulan split, the search timing)
 * kept as one JSON file each in a folder ({@code okl bench --accuracy --parts DIR}), so that a run longer than one
 * sitting is done in pieces: a unit whose file is there is read instead of run, a unit that ran is written as soon as
 * it is scored (atomically: a run stopped midway leaves whole files only), and the report is assembled over every
 * unit asked for, whichever run produced it. A unit that failed is not written, so the next run tries it again.
 *
 * <p>A part records the protocol it ran under (quick or full, the folds' seed, whether the scikit-learn peer ran, and
 * which baselines it was asked for) and a part of another protocol is refused, not mixed in. Baselines are the
 * exception, so that a long unit can be done in pieces too: a part kept by a run with fewer baselines
 * ({@code --baselines}) is completed by a later run that asks for more, which fits the missing ones alone on the
 * part's own folds and adds them ({@link #result(Kind, String, Optional, Supplier, Function, BiFunction)}); a part
 * with more baselines than a run asks for is read whole. It also records which OKL build ran it
 * ({@link org.okl.bench.BuildId}), when it finished and the load average then, and the report lists them
 * ({@link #provenance}), so a reader sees when pieces came from different builds or a loaded machine.
 *
 * <p>A part file is data: it is read as numbers and text only (no path or class it names is used), every field is
 * checked, and text from it reaches the report quoted. A malformed part fails with one line naming the file and the
 * field.
 */
public final class AccuracyParts {
    /** The first field of every part. */
    static final String FORMAT = "okl-accuracy-part 1";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The search timing's unit name. */
    static final String TIMING_NAME = "search";
    /**
     * The lock file in a parts folder: a run holds it while it reads a part again and rewrites it, so runs that
     * complete the same part at once do not lose each other's baselines.
     */
    static final String LOCK = ".okl-parts.lock";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    /** A part that cannot be used: malformed, of another protocol or plan; the message names the file and field. */
    public static final class BadPart extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BadPart(String message) {
            super(message);
        }
    }

    /**
     * What the units of one benchmark run share; a part of another protocol is refused.
     *
     * @param quick     the reduced protocol
     * @param seed      the folds' seed
     * @param peer      whether the scikit-learn peer runs
     * @param baselines the peer's baselines asked for (empty: all)
     */
    public record Protocol(boolean quick, long seed, boolean peer, List<String> baselines) {
        /** Copies the list. */
        public Protocol {
            baselines = List.copyOf(baselines);
        }

        /** A protocol with every baseline. */
        public Protocol(boolean quick, long seed, boolean peer) {
            this(quick, seed, peer, List.of());
        }

        /** Whether a part of protocol {@code other} can be read by this run: the same protocol up to baselines. */
        boolean sameRun(Protocol other) {
            return quick == other.quick && seed == other.seed && peer == other.peer;
        }

        String describe() {
            return String.format(Locale.ROOT, "%s protocol, seed %d, %s", quick ? "quick" : "full", seed,
                    !peer ? "without the scikit-learn peer" : baselines.isEmpty() ? "with the scikit-learn peer"
                    : "with the scikit-learn peer's " + String.join(", ", baselines));
        }
    }

    /** A unit's kind, and the prefix of its file. */
    public enum Kind {
        /** A data set's repeated cross-validation. */
        DATASET("dataset"),
        /** A Mulan train/test split. */
        SPLIT("split"),
        /** The 1,000-row search timing. */
        TIMING("timing");

        private final String id;

        Kind(String id) {
            this.id = id;
        }
    }

    /** Who produced a part: the OKL build, when it finished, the load average then. */
    record Stamp(String build, String finished, String load) {
    }

    /** A unit this run read or wrote: its kind and name, its stamp, and the file it was read from (empty: run now). */
    private record Unit(String name, Stamp stamp, Optional<Path> readFrom) {
    }

    private final Path dir;
    private final Protocol protocol;
    private final String build;
    private final List<Unit> units = new ArrayList<>();

    /**
     * @param dir      the folder of the parts (created when a part is first written)
     * @param protocol this run's protocol
     */
    public AccuracyParts(Path dir, Protocol protocol) {
        this(dir, protocol, org.okl.bench.BuildId.current());
    }

    AccuracyParts(Path dir, Protocol protocol, String build) {
        this.dir = dir;
        this.protocol = protocol;
        this.build = build;
    }

    /**
     * A data set's (or split's) result: read from its part when there is one, else run, written and returned.
     *
     * @param plan the plan asked for (its repetitions may be {@link DatasetPlan#BY_SIZE}); a part whose plan differs
     *             is refused
     * @param run  runs the unit
     * @throws BadPart naming the file and field when the part is malformed or of another protocol
     */
    DatasetResult result(Kind kind, String name, Optional<DatasetPlan> plan, Supplier<DatasetResult> run) {
        return unit(kind, name, run, AccuracyParts::json, (file, json) -> checkedPlan(file, datasetResult(file, json),
                plan));
    }

    /**
     * As {@link #result(Kind, String, Optional, Supplier)}, and a kept part that lacks baselines this run asks for
     * is completed: a part kept by a run with fewer baselines names them in its protocol, and {@code fit} gets the
     * missing ones (those of {@code wanted} it was not asked for), fits them on the part's own folds and returns how to
     * add their scores to a kept result. The part is then read again and rewritten with them under the folder's lock
     * ({@link #LOCK}), its protocol's baselines widened (to all, when this run asks for all) and an entry in its
     * {@code reruns} marked {@code added}; so two runs that complete one part at once, each with its own baselines,
     * both keep what they fitted.
     *
     * @param wanted the baselines this run fits on a unit like the kept one (its task and rows decide)
     * @param fit    fits the missing baselines and says how to add them; a failure leaves the part as it was
     */
    DatasetResult result(Kind kind, String name, Optional<DatasetPlan> plan, Supplier<DatasetResult> run,
            Function<DatasetResult, List<String>> wanted, Function<List<String>, UnaryOperator<DatasetResult>> fit) {
        Path file = file(kind, name);
        if (!Files.exists(file)) {
            return result(kind, name, plan, run);
        }
        ObjectNode root = (ObjectNode) read(file, true);
        DatasetResult kept = checkedPlan(file, datasetResult(file, field(file, root, "result")), plan);
        List<String> asked = baselinesOf(file, root);
        if (asked.isEmpty()) {
            return kept;
        }
        List<String> missing = wanted.apply(kept).stream().filter(b -> !asked.contains(b)).toList();
        if (missing.isEmpty()) {
            return kept;
        }
        return rewrite(kind, name, plan, missing, true, fit.apply(missing));
    }

    /** A part's {@code protocol.baselines} (empty: every baseline), checked by {@link #read} already. */
    private static List<String> baselinesOf(Path file, JsonNode root) {
        JsonNode names = field(file, field(file, root, "protocol"), "protocol.baselines", "baselines");
        if (!names.isArray()) {
            throw new BadPart(file + ": field protocol.baselines: not a list");
        }
        List<String> baselines = new ArrayList<>();
        for (int k = 0; k < names.size(); k++) {
            baselines.add(name(file, names, "protocol.baselines[" + k + "]", k));
        }
        return baselines;
    }

    /**
     * Widens a part's {@code protocol.baselines} ({@code asked}, not empty) by the baselines now fitted on it that it
     * was not asked for ({@value AccuracyBench#OKL} is OKL's methods, not a baseline).
     */
    private static void widen(ObjectNode root, List<String> asked, List<String> fitted) {
        ArrayNode widened = ((ObjectNode) root.get("protocol")).putArray("baselines");
        asked.forEach(widened::add);
        fitted.stream().filter(b -> !b.equals(AccuracyBench.OKL) && !asked.contains(b)).forEach(widened::add);
    }

    /** Appends a {@code reruns} entry (the baselines, whether they were added, this build, time and load). */
    private Stamp rerunEntry(ObjectNode root, List<String> baselines, boolean added) {
        JsonNode reruns = root.path("reruns");
        ArrayNode list = reruns.isArray() ? (ArrayNode) reruns : root.putArray("reruns");
        ObjectNode entry = list.addObject();
        ArrayNode names = entry.putArray("baselines");
        baselines.forEach(names::add);
        if (added) {
            entry.put("added", true);
        }
        Stamp stamp = stampNow();
        entry.put("build", stamp.build());
        entry.put("finished", stamp.finished());
        entry.put("load", stamp.load());
        return stamp;
    }

    /**
     * Re-fits some baselines of a kept data set (or split): {@code fit} fits them and returns how to put their scores
     * in place of a kept result's. The part is then read again and rewritten, under the folder's lock ({@link #LOCK}),
     * with the new result and a {@code reruns} entry (the baselines, and the build, time and load average of the
     * rerun), its first stamp kept; it is left as it was when the update returns the result it got (none of the
     * baselines is the unit's task's).
     *
     * @param plan      as for {@link #result}: a part whose plan differs is refused
     * @param baselines the baselines re-fitted, for the record
     * @throws BadPart naming the file and field when the part is malformed or of another protocol
     */
    DatasetResult rerun(Kind kind, String name, Optional<DatasetPlan> plan, List<String> baselines,
            Supplier<UnaryOperator<DatasetResult>> fit) {
        Path file = file(kind, name);
        checkedPlan(file, datasetResult(file, field(file, read(file, true), "result")), plan);
        return rewrite(kind, name, plan, baselines, false, fit.get());
    }

    /**
     * Puts fitted baselines into a kept part: under the folder's lock ({@link #locked}) the part is read again, since
     * another run may have changed it while they were fitted, and {@code update} is applied to its result; unless
     * that returns the result it got, the part is rewritten with the new result, its protocol's baselines widened by
     * them (to all, when they were {@code added} by a run that asks for all), and a {@code reruns} entry.
     */
    private DatasetResult rewrite(Kind kind, String name, Optional<DatasetPlan> plan, List<String> baselines,
            boolean added, UnaryOperator<DatasetResult> update) {
        Path file = file(kind, name);
        return locked(() -> {
            ObjectNode now = (ObjectNode) read(file, false);
            DatasetResult kept = checkedPlan(file, datasetResult(file, field(file, now, "result")), plan);
            DatasetResult updated = update.apply(kept);
            if (updated == kept) {
                return kept;
            }
            now.set("result", json(updated));
            List<String> asked = baselinesOf(file, now);
            if (added && protocol.baselines().isEmpty()) {
                // this run asked for every baseline, and the part now holds every one it wanted
                ((ObjectNode) now.get("protocol")).putArray("baselines");
            } else if (!asked.isEmpty()) {
                // a part kept with some baselines now holds these too
                widen(now, asked, baselines);
            }
            Stamp stamp = rerunEntry(now, baselines, added);
            units.add(new Unit(kind.id + " " + name + " (" + String.join(", ", baselines)
                    + (added ? " added)" : " re-run)"), stamp, Optional.empty()));
            write(file, now);
            return updated;
        });
    }

    /**
     * Runs {@code body} holding the folder's lock file ({@link #LOCK}; an operating-system lock, so it holds across
     * processes): a part's second read and its rewrite happen under it, never the slow fit before them.
     */
    private <T> T locked(Supplier<T> body) {
        try {
            Files.createDirectories(dir);
            try (FileChannel channel = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE)) {
                FileLock lock = channel.lock();
                try {
                    return body.get();
                } finally {
                    lock.release();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock the benchmark parts in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** This build's stamp for a part written or re-fitted now. */
    private Stamp stampNow() {
        return new Stamp(build, Instant.now().toString(), load());
    }

    private static DatasetResult checkedPlan(Path file, DatasetResult r, Optional<DatasetPlan> plan) {
        plan.ifPresent(p -> {
            DatasetPlan got = r.plan();
            if (!got.name().equals(p.name()) || got.task() != p.task() || got.folds() != p.folds()
                    || (p.repeats() != DatasetPlan.BY_SIZE && p.repeats() != got.repeats())) {
                throw new BadPart(file + ": field result.plan: " + describe(got)
                        + ", but this run asks for " + describe(p) + "; remove the file or give another --parts "
                        + "folder");
            }
        });
        return r;
    }

    /** The search timing: read from its part when there is one, else run, written and returned. */
    AccuracyBench.TimingCheck timing(Supplier<AccuracyBench.TimingCheck> run) {
        return unit(Kind.TIMING, TIMING_NAME, run, t -> {
            ObjectNode r = JSON.createObjectNode();
            r.put("rows", t.rows());
            r.put("candidates", t.candidates());
            r.put("decompositions", t.decompositions());
            r.put("oklSeconds", t.oklSeconds());
            t.sklearnSeconds().ifPresentOrElse(s -> r.put("sklearnSeconds", s), () -> r.putNull("sklearnSeconds"));
            r.put("note", t.note());
            return r;
        }, AccuracyParts::timingCheck);
    }

    /**
     * A unit: read from its part ({@code decode} of its {@code result} field) when the file is there, else run, its
     * part written ({@code encode} as the {@code result} field) and returned.
     */
    private <T> T unit(Kind kind, String name, Supplier<T> run, Function<T, ObjectNode> encode,
            BiFunction<Path, JsonNode, T> decode) {
        Path file = file(kind, name);
        if (Files.exists(file)) {
            return decode.apply(file, field(file, read(file, true), "result"));
        }
        T value = run.get();
        ObjectNode root = header(kind, name);
        root.set("result", encode.apply(value));
        write(file, root);
        return value;
    }

    /**
     * One line per unit this run read or wrote, in order: its name, the build that ran it, when it finished and the
     * load average then, and whether it was run now or read (from which file).
     */
    public List<String> provenance() {
        return units.stream().map(u -> u.name() + ": " + u.stamp().build() + ", finished " + u.stamp().finished()
                + ", load average " + u.stamp().load() + u.readFrom().map(f -> " (read from " + f.getFileName()
                        + ")").orElse(" (run now)")).toList();
    }

    /** The OKL builds that produced the units this run read or wrote. */
    public List<String> builds() {
        return units.stream().map(u -> u.stamp().build()).distinct().toList();
    }

    /** The unit's part file, when it is there (then {@link #result} or {@link #timing} read it). */
    Optional<Path> existing(Kind kind, String name) {
        Path file = file(kind, name);
        return Files.exists(file) ? Optional.of(file) : Optional.empty();
    }

    private Path file(Kind kind, String name) {
        if (!NAME.matcher(name).matches()) {
            throw new BadPart("a benchmark unit's name must be letters, digits, '.', '_' or '-': "
                    + UserText.quote(name));
        }
        return dir.resolve(kind.id + "-" + name + ".json");
    }

    private ObjectNode header(Kind kind, String name) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("kind", kind.id);
        root.put("name", name);
        ObjectNode p = root.putObject("protocol");
        p.put("quick", protocol.quick());
        p.put("seed", protocol.seed());
        p.put("peer", protocol.peer());
        ArrayNode baselines = p.putArray("baselines");
        protocol.baselines().forEach(baselines::add);
        Stamp stamp = stampNow();
        root.put("build", stamp.build());
        root.put("finished", stamp.finished());
        root.put("load", stamp.load());
        units.add(new Unit(kind.id + " " + name, stamp, Optional.empty()));
        return root;
    }

    private void write(Path file, ObjectNode root) {
        try {
            Files.createDirectories(dir);
            AtomicFiles.writeString(file, root.toPrettyString() + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the benchmark part " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a part's header: its format, kind, name and protocol are checked, and its stamp recorded for the
     * provenance when {@code record}.
     */
    private JsonNode read(Path file, boolean record) {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new BadPart(file + ": not a JSON benchmark part (line "
                    + e.getLocation().getLineNr() + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the benchmark part " + file + ": " + e.getMessage(), e);
        }
        if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText(null))) {
            throw new BadPart(file + ": field format: not " + UserText.quote(FORMAT));
        }
        JsonNode p = field(file, root, "protocol");
        JsonNode seed = field(file, p, "protocol.seed", "seed");
        if (!seed.isIntegralNumber() || !seed.canConvertToLong()) {
            throw new BadPart(file + ": field protocol.seed: not a whole number");
        }
        Protocol got = new Protocol(bool(file, p, "protocol.quick"), seed.longValue(), bool(file, p, "protocol.peer"),
                baselinesOf(file, root));
        if (!got.sameRun(protocol)) {
            throw new BadPart(file + ": field protocol: " + got.describe() + ", but this run has "
                    + protocol.describe() + "; remove the file or give another --parts folder");
        }
        String kind = text(file, root, "kind");
        String name = text(file, root, "name");
        // text from a file: escaped before it reaches the report
        Stamp stamp = new Stamp(UserText.escape(text(file, root, "build")),
                UserText.escape(text(file, root, "finished")), UserText.escape(text(file, root, "load")));
        String history = reruns(file, root);
        if (record) {
            units.add(new Unit(UserText.escape(kind) + " " + UserText.escape(name) + history, stamp,
                    Optional.of(file)));
        }
        return root;
    }

    /** The reruns a part records, for its provenance line: {@code "; mlp re-run by BUILD, finished TIME"} each. */
    private static String reruns(Path file, JsonNode root) {
        JsonNode list = root.path("reruns");
        if (list.isMissingNode()) {
            return "";
        }
        if (!list.isArray()) {
            throw new BadPart(file + ": field reruns: not a list");
        }
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < list.size(); k++) {
            String where = "reruns[" + k + "]";
            JsonNode names = field(file, list.get(k), where + ".baselines", "baselines");
            if (!names.isArray()) {
                throw new BadPart(file + ": field " + where + ".baselines: not a list");
            }
            List<String> baselines = new ArrayList<>();
            for (int j = 0; j < names.size(); j++) {
                baselines.add(name(file, names, where + ".baselines[" + j + "]", j));
            }
            JsonNode added = list.get(k).path("added");
            if (!added.isMissingNode() && !added.isBoolean()) {
                throw new BadPart(file + ": field " + where + ".added: not true or false");
            }
            b.append("; ").append(String.join(", ", baselines)).append(added.asBoolean(false) ? " added by "
                    : " re-run by ")
                    .append(UserText.escape(text(file, list.get(k), where + ".build", "build"))).append(", finished ")
                    .append(UserText.escape(text(file, list.get(k), where + ".finished", "finished")));
        }
        return b.toString();
    }

    private static ObjectNode json(DatasetResult r) {
        ObjectNode o = JSON.createObjectNode();
        ObjectNode plan = o.putObject("plan");
        plan.put("name", r.plan().name());
        plan.put("task", r.plan().task().id());
        plan.put("repeats", r.plan().repeats());
        plan.put("folds", r.plan().folds());
        o.put("rows", r.rows());
        o.put("inputs", r.inputs());
        o.put("outputs", r.outputs());
        o.put("testShare", r.testShare());
        ArrayNode methods = o.putArray("methods");
        for (MethodScores m : r.methods()) {
            ObjectNode node = methods.addObject();
            node.put("method", m.method());
            ObjectNode scores = node.putObject("scores");
            m.scores().forEach((metric, values) -> numbers(scores.putArray(metric), values));
            numbers(node.putArray("seconds"), m.seconds());
        }
        ArrayNode notes = o.putArray("notes");
        r.notes().forEach(notes::add);
        ObjectNode directions = o.putObject("higherIsBetter");
        r.higherIsBetter().forEach(directions::put);
        return o;
    }

    private static void numbers(ArrayNode array, double[] values) {
        for (double v : values) {
            // JSON has no NaN or infinity: they are written as text and read back
            if (Double.isFinite(v)) {
                array.add(v);
            } else {
                array.add(Double.toString(v));
            }
        }
    }

    private static DatasetResult datasetResult(Path file, JsonNode o) {
        JsonNode plan = field(file, o, "result.plan", "plan");
        String taskId = text(file, plan, "result.plan.task", "task");
        Task task = java.util.Arrays.stream(Task.values()).filter(t -> t.id().equals(taskId)).findFirst()
                .orElseThrow(() -> new BadPart(file + ": field result.plan.task: unknown task "
                        + UserText.quote(taskId)));
        DatasetPlan p = new DatasetPlan(name(file, plan, "result.plan.name", "name"), task,
                (int) integer(file, plan, "result.plan.repeats", "repeats"),
                (int) integer(file, plan, "result.plan.folds", "folds"));
        List<MethodScores> methods = new ArrayList<>();
        JsonNode ms = field(file, o, "result.methods", "methods");
        if (!ms.isArray()) {
            throw new BadPart(file + ": field result.methods: not a list");
        }
        for (int k = 0; k < ms.size(); k++) {
            String where = "result.methods[" + k + "]";
            JsonNode m = ms.get(k);
            JsonNode scores = field(file, m, where + ".scores", "scores");
            if (!scores.isObject()) {
                throw new BadPart(file + ": field " + where + ".scores: not an object");
            }
            Map<String, double[]> byMetric = new LinkedHashMap<>();
            scores.fields().forEachRemaining(e -> byMetric.put(name(file, e.getKey(), where + ".scores"),
                    numbers(file, e.getValue(), where + ".scores." + e.getKey())));
            methods.add(new MethodScores(name(file, m, where + ".method", "method"), byMetric,
                    numbers(file, field(file, m, where + ".seconds", "seconds"), where + ".seconds")));
        }
        List<String> notes = new ArrayList<>();
        JsonNode ns = field(file, o, "result.notes", "notes");
        for (int k = 0; k < ns.size(); k++) {
            // a note is text from a file: it reaches the report with its control characters escaped
            notes.add(UserText.escape(text(file, ns, "result.notes[" + k + "]", k)));
        }
        Map<String, Boolean> directions = new LinkedHashMap<>();
        JsonNode ds = field(file, o, "result.higherIsBetter", "higherIsBetter");
        ds.fields().forEachRemaining(e -> {
            name(file, e.getKey(), "result.higherIsBetter");
            if (!e.getValue().isBoolean()) {
                throw new BadPart(file + ": field result.higherIsBetter." + e.getKey() + ": not true or false");
            }
            directions.put(e.getKey(), e.getValue().booleanValue());
        });
        return new DatasetResult(p, (int) integer(file, o, "result.rows", "rows"),
                (int) integer(file, o, "result.inputs", "inputs"), (int) integer(file, o, "result.outputs", "outputs"),
                number(file, field(file, o, "result.testShare", "testShare"), "result.testShare"), methods, notes,
                directions);
    }

    private static AccuracyBench.TimingCheck timingCheck(Path file, JsonNode o) {
        JsonNode sk = o.path("sklearnSeconds");
        Optional<Double> sklearn = sk.isMissingNode() || sk.isNull() ? Optional.empty()
                : Optional.of(number(file, sk, "result.sklearnSeconds"));
        return new AccuracyBench.TimingCheck((int) integer(file, o, "result.rows", "rows"),
                (int) integer(file, o, "result.candidates", "candidates"),
                (int) integer(file, o, "result.decompositions", "decompositions"),
                number(file, field(file, o, "result.oklSeconds", "oklSeconds"), "result.oklSeconds"), sklearn,
                UserText.escape(text(file, o, "result.note", "note")));
    }

    private static JsonNode field(Path file, JsonNode node, String name) {
        return field(file, node, name, name);
    }

    private static JsonNode field(Path file, JsonNode node, String where, Object key) {
        JsonNode v = key instanceof Integer i ? node.path(i) : node.path((String) key);
        if (v.isMissingNode() || v.isNull()) {
            throw new BadPart(file + ": field " + where + ": missing");
        }
        return v;
    }

    /** A name (of a data set, method or metric) read from a part: letters, digits, '.', '_', '-'. */
    private static String name(Path file, JsonNode node, String where, Object key) {
        return name(file, text(file, node, where, key), where);
    }

    private static String name(Path file, String name, String where) {
        if (!NAME.matcher(name).matches()) {
            throw new BadPart(file + ": field " + where + ": " + UserText.quote(name) + " is not a name (letters, "
                    + "digits, '.', '_', '-')");
        }
        return name;
    }

    private static String text(Path file, JsonNode node, String name) {
        return text(file, node, name, name);
    }

    private static String text(Path file, JsonNode node, String where, Object key) {
        JsonNode v = field(file, node, where, key);
        if (!v.isTextual()) {
            throw new BadPart(file + ": field " + where + ": not text");
        }
        return v.textValue();
    }

    private static boolean bool(Path file, JsonNode node, String where) {
        JsonNode v = field(file, node, where, where.substring(where.lastIndexOf('.') + 1));
        if (!v.isBoolean()) {
            throw new BadPart(file + ": field " + where + ": not true or false");
        }
        return v.booleanValue();
    }

    private static long integer(Path file, JsonNode node, String where, String key) {
        JsonNode v = field(file, node, where, key);
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
            throw new BadPart(file + ": field " + where + ": not a whole number >= 0");
        }
        return v.longValue();
    }

    private static double number(Path file, JsonNode v, String where) {
        if (v.isNumber()) {
            return v.doubleValue();
        }
        if (v.isTextual() && List.of("NaN", "Infinity", "-Infinity").contains(v.textValue())) {
            return Double.parseDouble(v.textValue());
        }
        throw new BadPart(file + ": field " + where + ": not a number");
    }

    private static double[] numbers(Path file, JsonNode v, String where) {
        if (!v.isArray()) {
            throw new BadPart(file + ": field " + where + ": not a list of numbers");
        }
        double[] out = new double[v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = number(file, v.get(i), where + "[" + i + "]");
        }
        return out;
    }

    /** The one-minute, five-minute and fifteen-minute load averages, or {@code unknown}. */
    static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f.length >= 3 ? f[0] + " " + f[1] + " " + f[2] : "unknown";
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String describe(DatasetPlan p) {
        return String.format(Locale.ROOT, "%s, %s, %s x %d-fold", p.name(), p.task().id(),
                p.repeats() == DatasetPlan.BY_SIZE ? "repetitions by size" : Integer.toString(p.repeats()),
                p.folds());
    }
}
