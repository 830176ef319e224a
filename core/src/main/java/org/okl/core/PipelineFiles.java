package org.okl.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.plugin.PipelineTemplate;
import org.okl.api.text.UserText;
import org.okl.core.io.IoErrors;
import org.okl.core.plugin.ComponentRegistry;

/**
 * Reads and writes pipeline files (JSON). A file may start from a named pipeline ({@code "preset": "iokr"}); its own
 * members then replace the template's. {@code "preset": "auto"} is the pipeline OKL chooses from the data at fit time
 * ({@link PipelineSpec#auto()}); the file's members then replace the chosen ones. Every error names the file and what
 * is wrong. A file is UTF-8 text holding one JSON object and nothing after it. The files it names for its components
 * ({@code ParameterType.FILE} parameters, such as the {@code file} output matrix's {@code path}) are relative to the
 * pipeline file's folder and must stay inside it: a pipeline file from someone else cannot make OKL read a file
 * elsewhere.
 */
public final class PipelineFiles {
    /** The members a pipeline file may have. */
    public static final Set<String> MEMBERS = Set.of("preset", "inputs", "targets", "kernel", "operator", "output",
            "filter", "regularizers", "decoder", "approximation", "selection", "solver", "intervals");
    /** The preset that leaves the pipeline to OKL. */
    public static final String AUTO = "auto";
    /** Strict about what users write: a member given twice is an error, not "the last one wins". */
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private PipelineFiles() {
    }

    /**
     * Reads a pipeline file; the files it names are resolved against its folder.
     *
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} for a file that is missing, not UTF-8, not one JSON
     *                      object, or names a file outside its folder
     */
    public static PipelineSpec read(Path file, ComponentRegistry registry) {
        String source = UserText.escape(file.toString());
        if (Files.isDirectory(file)) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, source + ": is a folder, not a pipeline file");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, source + ": is not a regular file (a named pipe or a "
                    + "device); save the pipeline to a file");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, source + ": no such pipeline file");
        } catch (IOException e) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, source + ": cannot read: " + IoErrors.describe(e), e);
        }
        String json = utf8(bytes, source);
        PipelineSpec spec = parse(json.isEmpty() || json.charAt(0) != BYTE_ORDER_MARK ? json : json.substring(1),
                source, registry);
        return confine(spec, file, source, registry);
    }

    /**
     * The text of a UTF-8 file, or an error naming the line and column of the first byte that is not UTF-8 (a file
     * saved as Latin-1 or Windows-1252, for example).
     */
    static String utf8(byte[] bytes, String source) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            int bad = firstInvalidUtf8(bytes);
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < bad; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            String column = Integer.toString(new String(bytes, lineStart, bad - lineStart, StandardCharsets.UTF_8)
                    .length() + 1);
            throw new OklException(ErrorCode.INVALID_PIPELINE, source + ":" + line + ":" + column + ": not UTF-8 text"
                    + " (byte 0x" + String.format("%02x", bytes[bad] & 0xff) + "); save the pipeline file as UTF-8");
        }
    }

    /** The offset of the first byte that does not belong to a valid UTF-8 sequence. */
    private static int firstInvalidUtf8(byte[] b) {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(Math.max(16, b.length));
        var result = decoder.decode(in, out, true);
        return result.isError() ? Math.min(in.position(), b.length - 1) : Math.max(0, b.length - 1);
    }

    /**
     * Resolves the files the pipeline names against the folder of its file, refusing an absolute path, a path that
     * leaves the folder ({@code ..}, or a symbolic link pointing out of it) and a hidden file or folder (a name
     * starting with a dot, such as {@code .ssh}).
     */
    private static PipelineSpec confine(PipelineSpec spec, Path file, String source, ComponentRegistry registry) {
        Path folder = file.toAbsolutePath().normalize().getParent();
        return FileParameters.map(spec, registry, (where, location) -> {
            Path given;
            try {
                given = Path.of(location);
            } catch (java.nio.file.InvalidPathException e) {
                throw invalid(source, where + " names " + UserText.quote(location) + ", which is not a path");
            }
            if (given.isAbsolute() || location.startsWith("~")) {
                throw invalid(source, where + " names " + UserText.quote(location) + ", a path outside the "
                        + "pipeline's folder; a pipeline file names files relative to its own folder (put the file "
                        + "beside the pipeline), so that a pipeline from someone else cannot read other files");
            }
            for (Path part : given) {
                String name = part.toString();
                if (name.equals("..") || name.startsWith(".") && !name.equals(".")) {
                    throw invalid(source, where + " names " + UserText.quote(location) + ", which "
                            + (name.equals("..") ? "leaves the pipeline's folder" : "is or lies in a hidden file or "
                            + "folder") + "; a pipeline file names files in its own folder or below it");
                }
            }
            Path resolved = folder.resolve(given).normalize();
            try {
                if (Files.exists(resolved) && !resolved.toRealPath().startsWith(folder.toRealPath())) {
                    throw invalid(source, where + " names " + UserText.quote(location) + ", a symbolic link to a "
                            + "file outside the pipeline's folder");
                }
            } catch (IOException e) {
                throw invalid(source, where + " names " + UserText.quote(location) + ", which cannot be resolved: "
                        + IoErrors.describe(e));
            }
            return resolved.toString();
        });
    }

    /**
     * Parses pipeline JSON; the stages it leaves out take the defaults the registry's plugins declare.
     *
     * @param source   the file name or another label for error messages
     * @param registry where named pipelines come from
     */
    public static PipelineSpec parse(String json, String source, ComponentRegistry registry) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw notJson(source, e);
        }
        if (root == null || !root.isObject()) {
            throw invalid(source, "a pipeline file holds one JSON object");
        }
        ObjectNode node = (ObjectNode) root;
        if (node.has("preset") && AUTO.equals(node.get("preset").asText())) {
            return new PipelineDefaults(registry).complete(fromObject(node, source, true));
        }
        if (node.has("preset")) {
            node = applyPreset(node, source, registry);
        }
        return new PipelineDefaults(registry).complete(fromObject(node, source, false));
    }

    private static ObjectNode applyPreset(ObjectNode node, String source, ComponentRegistry registry) {
        String id = node.get("preset").asText();
        PipelineTemplate template = registry.template(id).orElseThrow(() -> invalid(source, "unknown preset "
                + UserText.quote(id) + "; available: " + AUTO + ", "
                + String.join(", ", registry.templates().keySet())));
        ObjectNode base;
        try {
            base = (ObjectNode) JSON.readTree(template.json());
        } catch (JsonProcessingException e) {
            throw notJson("preset '" + id + "' (from its plugin)", e);
        } catch (ClassCastException e) {
            throw invalid(source, "the template of preset '" + id + "' is not a JSON object");
        }
        node.fields().forEachRemaining(e -> {
            if (!e.getKey().equals("preset")) {
                base.set(e.getKey(), e.getValue());
            }
        });
        return base;
    }

    private static PipelineSpec fromObject(ObjectNode node, String source, boolean auto) {
        Set<String> unknown = new TreeSet<>();
        node.fieldNames().forEachRemaining(n -> {
            if (!MEMBERS.contains(n)) {
                unknown.add(n);
            }
        });
        if (!unknown.isEmpty()) {
            throw invalid(source, "unknown member(s) " + String.join(", ", unknown.stream().map(UserText::quote)
                    .toList()) + "; a pipeline has " + new TreeSet<>(MEMBERS));
        }
        if (!node.has("filter") && !auto) {
            throw invalid(source, "member 'filter' is required, for example {\"name\": \"tikhonov\", \"lambda\": 1e-3}");
        }
        PipelineSpec.Builder spec = auto ? PipelineSpec.auto() : PipelineSpec.builder();
        if (node.has("filter")) {
            spec.filter(component(node.get("filter"), source, "filter"));
        }
        spec.inputs(components(node.get("inputs"), source, "inputs"));
        spec.targets(components(node.get("targets"), source, "targets"));
        if (node.has("kernel")) {
            spec.kernel(component(node.get("kernel"), source, "kernel"));
        }
        if (node.has("operator")) {
            spec.operator(component(node.get("operator"), source, "operator"));
        }
        if (node.has("output")) {
            spec.output(component(node.get("output"), source, "output"));
        }
        if (node.has("regularizers")) {
            spec.regularizers(components(node.get("regularizers"), source, "regularizers"));
        }
        if (node.has("decoder")) {
            spec.decoder(component(node.get("decoder"), source, "decoder"));
        }
        if (node.has("approximation") && !node.get("approximation").isNull()) {
            spec.approximation(component(node.get("approximation"), source, "approximation"));
        }
        if (node.has("selection") && !node.get("selection").isNull()) {
            spec.selection(selection(node.get("selection"), source));
        }
        if (node.has("solver") && !node.get("solver").isNull()) {
            spec.solver(component(node.get("solver"), source, "solver"));
        }
        if (node.has("intervals") && !node.get("intervals").isNull()) {
            spec.intervals(intervals(node.get("intervals"), source));
        }
        return spec.build();
    }

    /** A list member of components ({@code inputs}, {@code targets}, {@code regularizers}); absent or null: empty. */
    private static List<ComponentSpec> components(JsonNode list, String source, String member) {
        List<ComponentSpec> out = new ArrayList<>();
        if (list == null || list.isNull()) {
            return out;
        }
        if (!list.isArray()) {
            throw invalid(source, "member '" + member + "' must be a list such as [{\"name\": \""
                    + (member.equals("regularizers") ? "manifold" : "standardize") + "\"}]");
        }
        for (int i = 0; i < list.size(); i++) {
            out.add(component(list.get(i), source, member + "[" + (i + 1) + "]"));
        }
        return out;
    }

    private static ComponentSpec component(JsonNode n, String source, String member) {
        if (n.isTextual()) {
            return ComponentSpec.of(n.asText());
        }
        if (!n.isObject() || !n.has("name") || !n.get("name").isTextual()) {
            throw invalid(source, "member '" + UserText.escape(member) + "' must be {\"name\": ..., parameters...} or "
                    + "a name");
        }
        Map<String, Object> params = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = n.fields();
        while (it.hasNext()) {
            var e = it.next();
            if (!e.getKey().equals("name")) {
                params.put(e.getKey(), value(e.getValue(), source, member + "." + e.getKey()));
            }
        }
        return new ComponentSpec(n.get("name").asText(), params);
    }

    private static Object value(JsonNode n, String source, String path) {
        if (n.isObject()) {
            return component(n, source, path);
        }
        if (n.isArray()) {
            List<Object> list = new ArrayList<>();
            n.forEach(e -> list.add(value(e, source, path)));
            return list;
        }
        if (n.isIntegralNumber()) {
            return n.asLong();
        }
        if (n.isNumber()) {
            return n.asDouble();
        }
        if (n.isBoolean()) {
            return n.asBoolean();
        }
        if (n.isTextual()) {
            return n.asText();
        }
        throw invalid(source, "member '" + UserText.escape(path) + "' has an unsupported value "
                + UserText.quote(n.toString()));
    }

    /**
     * {@code intervals}: an object {@code {"method": "auto" | "jackknife+" | "cv+" | "split", "folds": K, "scores":
     * "absolute" | "normalised"}}.
     */
    private static IntervalSpec intervals(JsonNode n, String source) {
        if (!n.isObject()) {
            throw invalid(source, "member 'intervals' must be an object such as {\"method\": \"cv+\", \"folds\": 5}");
        }
        Set<String> allowed = Set.of("method", "folds", "scores");
        n.fieldNames().forEachRemaining(f -> {
            if (!allowed.contains(f)) {
                throw invalid(source, "unknown member " + UserText.quote("intervals." + f) + "; allowed: "
                        + new TreeSet<>(allowed));
            }
        });
        if (n.has("method") && !n.get("method").isTextual()) {
            throw invalid(source, "intervals.method must be one of " + IntervalSpec.Method.ids());
        }
        if (n.has("scores") && !n.get("scores").isTextual()) {
            throw invalid(source, "intervals.scores must be \"absolute\" or \"normalised\"");
        }
        if (n.has("folds") && !n.get("folds").canConvertToInt()) {
            throw invalid(source, "intervals.folds must be a whole number, 2 or more");
        }
        try {
            return new IntervalSpec(n.has("method") ? IntervalSpec.Method.of(n.get("method").asText())
                    : IntervalSpec.Method.AUTO, n.has("folds") ? n.get("folds").asInt() : 0,
                    n.has("scores") ? IntervalSpec.Scores.of(n.get("scores").asText()) : IntervalSpec.Scores.ABSOLUTE);
        } catch (IllegalArgumentException e) {
            throw invalid(source, "intervals: " + e.getMessage());
        }
    }

    /**
     * Refuses a split setting the method does not read (such as {@code repetitions} with {@code kfold}), which would
     * otherwise be ignored without a word. Its default value passes: files written before 0.1's writer left unread
     * settings out carry every setting at its default.
     */
    private static void unused(JsonNode n, String setting, SelectionSpec.Method method, double byDefault,
            String source) {
        JsonNode v = n.get(setting);
        if (v != null && !method.uses(setting) && !(v.isNumber() && v.asDouble() == byDefault)) {
            throw invalid(source, "selection." + setting + " is not read by method " + UserText.quote(method.id())
                    + " (kfold reads folds; repeated-kfold folds and repetitions; holdout fraction; subsampling "
                    + "repetitions and fraction; loo none): "
                    + "leave it out or choose the method that uses it");
        }
    }

    private static SelectionSpec selection(JsonNode n, String source) {
        if (!n.isObject()) {
            throw invalid(source, "member 'selection' must be an object such as {\"method\": \"kfold\", \"folds\": 5}");
        }
        Set<String> allowed = Set.of("method", "folds", "fraction", "repetitions", "metric", "grid", "prefer", "seed",
                "learn", "screen");
        n.fieldNames().forEachRemaining(f -> {
            if (!allowed.contains(f)) {
                throw invalid(source, "unknown member " + UserText.quote("selection." + f) + "; allowed: "
                        + new TreeSet<>(allowed));
            }
        });
        try {
            SelectionSpec.Method method = n.has("method") ? SelectionSpec.Method.of(n.get("method").asText())
                    : SelectionSpec.defaults().method();
            SelectionSpec defaults = SelectionSpec.builder(method).build();
            unused(n, "folds", method, defaults.folds(), source);
            unused(n, "fraction", method, defaults.fraction(), source);
            unused(n, "repetitions", method, defaults.repetitions(), source);
            SelectionSpec.Builder b = SelectionSpec.builder(method);
            if (n.has("folds")) {
                b.folds(n.get("folds").asInt());
            }
            if (n.has("fraction")) {
                b.fraction(n.get("fraction").asDouble());
            }
            if (n.has("repetitions")) {
                b.repetitions(n.get("repetitions").asInt());
            }
            if (n.has("metric")) {
                b.metric(component(n.get("metric"), source, "selection.metric"));
            }
            if (n.has("seed")) {
                b.seed(n.get("seed").asLong());
            }
            JsonNode g = n.get("grid");
            if (g != null) {
                if (!g.isObject()) {
                    throw invalid(source, "selection.grid must map parameter paths to lists of values");
                }
                g.fields().forEachRemaining(e -> {
                    if (!e.getValue().isArray() || e.getValue().isEmpty()) {
                        throw invalid(source, "selection.grid." + e.getKey() + " must be a non-empty list");
                    }
                    List<Object> values = new ArrayList<>();
                    e.getValue().forEach(v -> values.add(value(v, source, "selection.grid." + e.getKey())));
                    b.grid(e.getKey(), values);
                });
            }
            JsonNode prefer = n.get("prefer");
            if (prefer != null) {
                if (!prefer.isObject()) {
                    throw invalid(source, "selection.prefer must map grid keys to one of their values");
                }
                prefer.fields().forEachRemaining(e -> b.prefer(e.getKey(), value(e.getValue(), source,
                        "selection.prefer." + e.getKey())));
            }
            JsonNode screen = n.get("screen");
            if (screen != null) {
                if (!screen.isObject()) {
                    throw invalid(source, "selection.screen must map parameter paths to one value each, such as "
                            + "{\"approximation.rank\": 500}");
                }
                screen.fields().forEachRemaining(e -> b.screen(e.getKey(), value(e.getValue(), source,
                        "selection.screen." + e.getKey())));
            }
            JsonNode learn = n.get("learn");
            if (learn != null) {
                b.learn(learn(learn, source));
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw invalid(source, e.getMessage());
        }
    }

    /**
     * {@code selection.learn}: an object of whole numbers {@code rank} (2), {@code rows} (1000), {@code iterations}
     * (50); {@code "iterations": 0} means no learned candidate, which turns an automatic preset's off.
     */
    private static SelectionSpec.Learn learn(JsonNode n, String source) {
        if (!n.isObject()) {
            throw invalid(source, "selection.learn must be an object such as {\"rank\": 2, \"rows\": 1000, "
                    + "\"iterations\": 50} ({\"iterations\": 0} for none)");
        }
        Set<String> allowed = Set.of("rank", "rows", "iterations");
        n.fieldNames().forEachRemaining(f -> {
            if (!allowed.contains(f)) {
                throw invalid(source, "unknown member " + UserText.quote("selection.learn." + f) + "; allowed: "
                        + new TreeSet<>(allowed));
            }
            if (!n.get(f).canConvertToInt() || !n.get(f).isIntegralNumber()) {
                throw invalid(source, "selection.learn." + f + " must be a whole number");
            }
        });
        return new SelectionSpec.Learn(n.path("rank").asInt(2), n.path("rows").asInt(1000),
                n.path("iterations").asInt(50));
    }

    private static OklException invalid(String source, String problem) {
        return new OklException(ErrorCode.INVALID_PIPELINE, source + ": " + problem);
    }

    /** The pipeline as JSON, in the pipeline-file format (what a model file records). */
    public static String toJson(PipelineSpec spec) {
        return toJsonNode(spec).toPrettyString();
    }

    /** The pipeline as a JSON tree. */
    public static ObjectNode toJsonNode(PipelineSpec spec) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        if (spec.isAuto()) {
            root.put("preset", AUTO);
        }
        if (!spec.inputs().isEmpty()) {
            ArrayNode inputs = root.putArray("inputs");
            spec.inputs().forEach(t -> inputs.add(node(t)));
        }
        if (!spec.targets().isEmpty()) {
            ArrayNode targets = root.putArray("targets");
            spec.targets().forEach(t -> targets.add(node(t)));
        }
        spec.kernel().ifPresent(k -> root.set("kernel", node(k)));
        setIfPresent(root, "operator", spec.operator());
        setIfPresent(root, "output", spec.output());
        setIfPresent(root, "filter", spec.filter());
        if (!spec.isAuto() || !spec.regularizers().isEmpty()) {
            ArrayNode regs = root.putArray("regularizers");
            spec.regularizers().forEach(r -> regs.add(node(r)));
        }
        setIfPresent(root, "decoder", spec.decoder());
        spec.approximation().ifPresent(a -> root.set("approximation", node(a)));
        spec.solver().ifPresent(a -> root.set("solver", node(a)));
        spec.intervals().ifPresent(i -> {
            ObjectNode node = root.putObject("intervals");
            node.put("method", i.method().id());
            if (i.folds() > 0) {
                node.put("folds", i.folds());
            }
            if (i.scores() != IntervalSpec.Scores.ABSOLUTE) {
                node.put("scores", i.scores().id());
            }
        });
        spec.selection().ifPresent(s -> {
            ObjectNode sel = root.putObject("selection");
            sel.put("method", s.method().id());
            if (s.method().uses("folds")) {
                sel.put("folds", s.folds());
            }
            if (s.method().uses("fraction")) {
                sel.put("fraction", s.fraction());
            }
            if (s.method().uses("repetitions")) {
                sel.put("repetitions", s.repetitions());
            }
            setIfPresent(sel, "metric", s.metric());
            ObjectNode grid = sel.putObject("grid");
            s.grid().forEach((k, v) -> grid.set(k, JSON.valueToTree(v.stream().map(PipelineFiles::plain).toList())));
            if (!s.prefer().isEmpty()) {
                ObjectNode prefer = sel.putObject("prefer");
                s.prefer().forEach((k, v) -> prefer.set(k, JSON.valueToTree(plain(v))));
            }
            if (!s.screen().isEmpty()) {
                ObjectNode screen = sel.putObject("screen");
                s.screen().forEach((k, v) -> screen.set(k, JSON.valueToTree(plain(v))));
            }
            sel.put("seed", s.seed());
            s.learnSetting().ifPresent(l -> {
                ObjectNode learn = sel.putObject("learn");
                learn.put("rank", l.rank());
                learn.put("rows", l.rows());
                learn.put("iterations", l.iterations());
            });
        });
        return root;
    }

    private static void setIfPresent(ObjectNode parent, String member, ComponentSpec spec) {
        if (spec != null) {
            parent.set(member, node(spec));
        }
    }

    /** A component spec as a JSON object {@code {"name": ..., params...}}. */
    public static ObjectNode node(ComponentSpec spec) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("name", spec.name());
        spec.parameters().forEach((k, v) -> n.set(k, JSON.valueToTree(plain(v))));
        return n;
    }

    /** Parses a component spec written as JSON, such as a metric given on the command line. */
    public static ComponentSpec parseComponent(String json, String source) {
        try {
            return component(JSON.readTree(json), source, "component");
        } catch (JsonProcessingException e) {
            throw notJson(source, e);
        }
    }

    /**
     * A JSON syntax error with its line and column; a member given twice (which JSON parsers usually resolve by
     * keeping one silently) is named as such.
     */
    private static OklException notJson(String source, JsonProcessingException e) {
        var loc = e.getLocation();
        String where = source + (loc == null ? "" : ":" + loc.getLineNr() + ":" + loc.getColumnNr());
        String message = e.getOriginalMessage();
        if (e instanceof StreamReadException && message != null && message.startsWith("Duplicate field '")) {
            String member = message.substring("Duplicate field '".length(), message.lastIndexOf('\''));
            return new OklException(ErrorCode.INVALID_PIPELINE, where + ": member " + UserText.quote(member)
                    + " is given twice in the same object; keep one (OKL does not pick one silently)");
        }
        if (message != null && message.startsWith("Trailing token")) {
            return new OklException(ErrorCode.INVALID_PIPELINE, where + ": text after the pipeline's JSON object; a "
                    + "pipeline file holds one object and nothing after it (a second object, or a stray character?)");
        }
        return new OklException(ErrorCode.INVALID_PIPELINE, where + ": not valid JSON: " + UserText.escape(
                message == null ? "" : message.length() > 300 ? message.substring(0, 300) + "..." : message));
    }

    private static Object plain(Object v) {
        if (v instanceof ComponentSpec c) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", c.name());
            c.parameters().forEach((k, x) -> m.put(k, plain(x)));
            return m;
        }
        if (v instanceof List<?> l) {
            return l.stream().map(PipelineFiles::plain).toList();
        }
        return v;
    }
}
