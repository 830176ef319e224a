package org.okl.serve;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.okl.api.error.ErrorCode;
import org.okl.api.text.UserText;

/**
 * Reads the rows of a predict request: JSON (an array of rows, or {@code {"rows": [...]}}, each row an object keyed
 * by the model's input column names or an array in their order) or CSV (a header naming the model's input columns,
 * in any order). Every mistake is an {@link ErrorCode#INVALID_DATA} or {@link ErrorCode#USAGE} error naming the row
 * and the column; values that are numbers but not finite are passed on, for the model to refuse. Arrow IPC streams
 * are read by {@link ArrowRequest}, under the same rules.
 */
final class RequestRows {
    private static final ObjectMapper JSON = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(16).build())
                    .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER).build())
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    private RequestRows() {
    }

    /** The rows of a request body, one array of {@code columns.size()} values per row. */
    static double[][] parse(byte[] body, String contentType, List<String> columns, int maxRows) {
        String type = contentType == null ? "application/json" : contentType.toLowerCase(java.util.Locale.ROOT);
        if (type.startsWith("text/csv")) {
            return csv(new String(body, StandardCharsets.UTF_8), columns, maxRows);
        }
        if (type.startsWith("application/json") || type.startsWith("*/*")) {
            return json(body, columns, maxRows);
        }
        throw new ServeException(415, ErrorCode.USAGE, "the body's type " + UserText.quote(contentType)
                + " is none of application/json, text/csv and " + ArrowRequest.MEDIA_TYPE);
    }

    private static double[][] json(byte[] body, List<String> columns, int maxRows) {
        double[][] plain = arrayRows(body, columns.size(), maxRows);
        if (plain != null) {
            return plain;
        }
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw invalid("malformed JSON: " + UserText.escape(e.getOriginalMessage()) + " (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
        } catch (IOException e) {
            throw invalid("malformed JSON: " + UserText.escape(String.valueOf(e.getMessage())));
        }
        if (root == null || root.isMissingNode()) {
            throw invalid("an empty body: send rows as JSON ([{...}, ...] or {\"rows\": [...]}) or CSV");
        }
        JsonNode rows = root.isObject() && root.has("rows") ? root.get("rows") : root;
        if (!rows.isArray()) {
            throw invalid("expected an array of rows, or {\"rows\": [...]}, not a JSON " + rows.getNodeType()
                    .toString().toLowerCase(java.util.Locale.ROOT));
        }
        requireCount(rows.size(), maxRows);
        Map<String, Integer> positions = positions(columns);
        double[][] values = new double[rows.size()][];
        for (int i = 0; i < rows.size(); i++) {
            JsonNode row = rows.get(i);
            double[] v = new double[columns.size()];
            if (row.isArray()) {
                if (row.size() != columns.size()) {
                    throw invalid("row " + (i + 1) + " has " + row.size() + " values but the model takes "
                            + columns.size() + " input columns " + quoted(columns));
                }
                for (int j = 0; j < v.length; j++) {
                    v[j] = number(row.get(j), i, columns.get(j));
                }
            } else if (row.isObject()) {
                boolean[] seen = new boolean[v.length];
                for (Iterator<Map.Entry<String, JsonNode>> it = row.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = it.next();
                    Integer j = positions.get(field.getKey());
                    if (j == null) {
                        throw invalid("row " + (i + 1) + " has a column " + UserText.quote(field.getKey())
                                + " the model was not fitted on; its input columns are " + quoted(columns));
                    }
                    v[j] = number(field.getValue(), i, columns.get(j));
                    seen[j] = true;
                }
                for (int j = 0; j < v.length; j++) {
                    if (!seen[j]) {
                        throw invalid("row " + (i + 1) + " has no value for input column "
                                + UserText.quote(columns.get(j)) + "; the model's input columns are "
                                + quoted(columns));
                    }
                }
            } else {
                throw invalid("row " + (i + 1) + " is a JSON " + row.getNodeType().toString()
                        .toLowerCase(java.util.Locale.ROOT) + ", not an object or an array of numbers");
            }
            values[i] = v;
        }
        return values;
    }

    /**
     * The rows of the common shape, an array (or {@code {"rows": ...}}) of arrays of exactly {@code width} numbers,
     * read byte by byte straight into the rows' arrays (a 4,096-row request of 100 columns is 409,600 numbers: no
     * token, String or node object is made for them); {@code null} for any other body (other values, other
     * shapes, NaN or infinite literals, a mistake), which the tree reader then reads and whose mistake it names.
     */
    static double[][] arrayRows(byte[] body, int width, int maxRows) {
        return JsonRowsReader.read(body, width, maxRows);
    }

    private static double number(JsonNode node, int row, String column) {
        if (node == null || !node.isNumber()) {
            String shown = node == null ? "nothing" : node.isTextual() ? "the text " + UserText.quote(node.asText())
                    : "a JSON " + node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
            throw invalid("row " + (row + 1) + ", column " + UserText.quote(column) + ": " + shown
                    + " where a number is expected");
        }
        return node.doubleValue();
    }

    private static double[][] csv(String body, List<String> columns, int maxRows) {
        List<CSVRecord> records;
        try (CSVParser parser = CSVFormat.DEFAULT.builder().setIgnoreSurroundingSpaces(true).get()
                .parse(new StringReader(body))) {
            records = parser.getRecords();
        } catch (IOException | java.io.UncheckedIOException | IllegalStateException e) {
            throw invalid("malformed CSV: " + UserText.escape(String.valueOf(e.getMessage())));
        }
        if (records.isEmpty()) {
            throw invalid("an empty CSV body: the first line names the model's input columns " + quoted(columns));
        }
        CSVRecord header = records.get(0);
        Map<String, Integer> positions = positions(columns);
        int[] target = new int[header.size()];
        boolean[] seen = new boolean[columns.size()];
        for (int k = 0; k < header.size(); k++) {
            Integer j = positions.get(header.get(k));
            if (j == null || seen[j]) {
                throw invalid("the CSV header's column " + (k + 1) + " is " + UserText.quote(header.get(k))
                        + (j == null ? ", which the model was not fitted on" : ", a second time")
                        + "; the header names the model's input columns " + quoted(columns));
            }
            seen[j] = true;
            target[k] = j;
        }
        if (header.size() != columns.size()) {
            throw invalid("the CSV header names " + header.size() + " columns but the model takes "
                    + columns.size() + ": " + quoted(columns));
        }
        requireCount(records.size() - 1, maxRows);
        double[][] values = new double[records.size() - 1][];
        for (int i = 1; i < records.size(); i++) {
            CSVRecord r = records.get(i);
            if (r.size() != header.size()) {
                throw invalid("CSV row " + i + " has " + r.size() + " values but the header names "
                        + header.size() + " columns");
            }
            double[] v = new double[columns.size()];
            for (int k = 0; k < r.size(); k++) {
                v[target[k]] = csvNumber(r.get(k), i, columns.get(target[k]));
            }
            values[i - 1] = v;
        }
        return values;
    }

    private static double csvNumber(String text, int row, String column) {
        String t = text.trim();
        boolean plain = !t.isEmpty() && t.chars().allMatch(c -> Character.isDigit(c) || "+-.eE".indexOf(c) >= 0)
                || t.equals("NaN") || t.matches("[+-]?Infinity");
        if (plain) {
            try {
                return Double.parseDouble(t);
            } catch (NumberFormatException e) {
                // answered below
            }
        }
        throw invalid("row " + row + ", column " + UserText.quote(column) + ": the text " + UserText.quote(text)
                + " where a number is expected");
    }

    private static void requireCount(int rows, int maxRows) {
        if (rows == 0 || rows > maxRows) {
            throw tooMany(rows, maxRows);
        }
    }

    /** The error for a request of no rows, or of more than {@code maxRows}. */
    static ServeException tooMany(long rows, int maxRows) {
        if (rows == 0) {
            return invalid("no rows to predict");
        }
        return invalid(rows + " rows in one request, more than the server takes (" + maxRows
                + "); split the request");
    }

    private static Map<String, Integer> positions(List<String> columns) {
        Map<String, Integer> positions = new HashMap<>();
        for (int j = 0; j < columns.size(); j++) {
            positions.put(columns.get(j), j);
        }
        return positions;
    }

    /** Column names quoted, the first 12 of them. */
    static String quoted(List<String> names) {
        List<String> shown = new ArrayList<>();
        names.stream().limit(12).forEach(n -> shown.add(UserText.quote(n)));
        return "[" + String.join(", ", shown) + (names.size() > 12 ? ", ... (" + names.size() + " columns)" : "")
                + "]";
    }

    /**
     * The tasks of a multi-task model's rows, read from their last value (which is removed): each a whole number
     * from 0 on, else an {@link ErrorCode#INVALID_DATA} error naming the row.
     */
    static int[] tasks(double[][] rows) {
        int[] tasks = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            tasks[i] = task(rows[i][rows[i].length - 1], i);
            rows[i] = java.util.Arrays.copyOf(rows[i], rows[i].length - 1);
        }
        return tasks;
    }

    /** The task {@code t} of row {@code i} (from 0), else an {@link ErrorCode#INVALID_DATA} error naming the row. */
    static int task(double t, int i) {
        if (!(t >= 0 && t <= Integer.MAX_VALUE && t == Math.rint(t))) {
            throw invalid("row " + (i + 1) + ": the task must be a whole number from 0 on (the task's index in "
                    + "the model's training data), got " + t);
        }
        return (int) t;
    }

    private static ServeException invalid(String message) {
        return new ServeException(400, ErrorCode.INVALID_DATA, message);
    }
}
