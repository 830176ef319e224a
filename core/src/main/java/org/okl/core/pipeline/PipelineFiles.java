package org.okl.core.pipeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
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
import org.okl.api.plugin.PipelineTemplate;
import org.okl.core.plugin.ComponentRegistry;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;

/**
 * Reads and writes pipeline files (JSON). A file may start from a named pipeline ({@code "preset": "iokr"}); its own
 * members then replace the template's. {@code "preset": "auto"} is the pipeline OKL chooses from the data at fit time
 * ({@link PipelineSpec#auto()}); the file's members then replace the chosen ones. Every error names the file and what
 * is wrong.
 */
public final class PipelineFiles {
    /** The members a pipeline file may have. */
    public static final Set<String> MEMBERS = Set.of("preset", "inputs", "targets", "kernel", "operator", "output",
            "filter", "regularizers", "decoder", "approximation", "selection", "solver");
    /** The preset that leaves the pipeline to OKL. */
    public static final String AUTO = "auto";
    /** Strict about what users write: a member given twice is an error, not "the last one wins". */
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private PipelineFiles() {
    }

    /** Reads a pipeline file. */
    public static PipelineSpec read(Path file, ComponentRegistry registry) {
        try {
            String json = Files.readString(file);
            return parse(json.isEmpty() || json.charAt(0) != BYTE_ORDER_MARK ? json : json.substring(1),
                    file.toString(), registry);
        } catch (NoSuchFileException e) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, file + ": no such pipeline file");
        } catch (IOException e) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, file + ": cannot read: " + e.getMessage(), e);
        }
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
        PipelineTemplate template = registry.template(id).orElseThrow(() -> invalid(source, "unknown preset '" + id
                + "'; available: " + AUTO + ", " + String.join(", ", registry.templates().keySet())));
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
            throw invalid(source, "unknown member(s) " + unknown + "; a pipeline has " + new TreeSet<>(MEMBERS));
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
        return spec.build();
    }

    /** A list member of components ({@code inputs}, {@code targets}, {@code regularizers}); absent or null: empty. */
    private static List<ComponentSpec> components(JsonNode list, String source, String member) {
        List<ComponentSpec> out = new ArrayList<>();
        if (list == null || list.isNull()) {
            return out;
        }
        if (!list.isArray()) {
            throw invalid(source, "member '" + member + "' must be a list such as [{\"name\": \"standardize\"}]");
        }
        for (JsonNode r : list) {
            out.add(component(r, source, member));
        }
        return out;
    }

    private static ComponentSpec component(JsonNode n, String source, String member) {
        if (n.isTextual()) {
            return ComponentSpec.of(n.asText());
        }
        if (!n.isObject() || !n.has("name") || !n.get("name").isTextual()) {
            throw invalid(source, "member '" + member + "' must be {\"name\": ..., parameters...} or a name");
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
        throw invalid(source, "member '" + path + "' has an unsupported value " + n);
    }

    private static SelectionSpec selection(JsonNode n, String source) {
        if (!n.isObject()) {
            throw invalid(source, "member 'selection' must be an object such as {\"method\": \"kfold\", \"folds\": 5}");
        }
        Set<String> allowed = Set.of("method", "folds", "fraction", "repetitions", "metric", "grid", "prefer", "seed");
        n.fieldNames().forEachRemaining(f -> {
            if (!allowed.contains(f)) {
                throw invalid(source, "unknown member 'selection." + f + "'; allowed: " + new TreeSet<>(allowed));
            }
        });
        try {
            SelectionSpec.Builder b = SelectionSpec.builder(n.has("method")
                    ? SelectionSpec.Method.of(n.get("method").asText()) : SelectionSpec.defaults().method());
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
            return b.build();
        } catch (IllegalArgumentException e) {
            throw invalid(source, e.getMessage());
        }
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
        spec.selection().ifPresent(s -> {
            ObjectNode sel = root.putObject("selection");
            sel.put("method", s.method().id());
            sel.put("folds", s.folds());
            sel.put("fraction", s.fraction());
            sel.put("repetitions", s.repetitions());
            setIfPresent(sel, "metric", s.metric());
            ObjectNode grid = sel.putObject("grid");
            s.grid().forEach((k, v) -> grid.set(k, JSON.valueToTree(v.stream().map(PipelineFiles::plain).toList())));
            if (!s.prefer().isEmpty()) {
                ObjectNode prefer = sel.putObject("prefer");
                s.prefer().forEach((k, v) -> prefer.set(k, JSON.valueToTree(plain(v))));
            }
            sel.put("seed", s.seed());
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
            return new OklException(ErrorCode.INVALID_PIPELINE, where + ": member '" + member + "' is given twice"
                    + " in the same object; keep one (OKL does not pick one silently)");
        }
        return new OklException(ErrorCode.INVALID_PIPELINE, where + ": not valid JSON: " + message);
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
