package org.okl.datasets.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.data.ColumnNames;
import org.okl.api.data.DataFormatException;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;

/**
 * Streams the header and data of a Weka ARFF file, dense or sparse, into numbers.
 *
 * <p>Attribute types: {@code numeric}, {@code real} and {@code integer} are numbers; a nominal attribute
 * {@code {v1,v2,...}} whose values are all numbers (such as Mulan's {@code {0,1}} labels, or {@code {1,2}}) is read as
 * those numbers, any other nominal attribute as the 0-based index of the value in its declaration. {@code string},
 * {@code date} and {@code relational} attributes are not numeric and are rejected, as is any unknown type.
 * {@code ?} is a missing value (NaN). Sparse rows {@code {index value, ...}} use 0-based attribute indices; an absent
 * attribute is 0 for numbers and the first declared value for nominal attributes, as in Weka.
 */
final class ArffParser {

    /**
     * The parsed file: relation name, attribute names, the values (rows x attributes) and the declared levels of every
     * attribute (empty for a numeric one).
     */
    record Parsed(String relation, List<String> attributes, Matrix values, List<List<String>> levels) {
    }

    private ArffParser() {
    }

    /** Parses the stream (not closed here); {@code name} is the file name for error messages. */
    static Parsed parse(InputStream in, String name) {
        BufferedReader reader = DataFiles.textReader(in, name);
        try {
            return new Run(reader, name).parse();
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
    }

    /** One attribute: its name and, for nominal attributes, the number each declared value stands for. */
    private record Attribute(String name, Map<String, Double> nominal, double absent, List<String> levels) {
        boolean isNumeric() {
            return nominal == null;
        }
    }

    /** The state of one parse. */
    private static final class Run {
        private final BufferedReader reader;
        private final String file;
        private long line;
        private String relation = "";
        private final List<Attribute> attributes = new ArrayList<>();
        private final List<String> names = new ArrayList<>();

        Run(BufferedReader reader, String file) {
            this.reader = reader;
            this.file = file;
        }

        Parsed parse() throws IOException {
            readHeader();
            if (attributes.isEmpty()) {
                throw new DataFormatException(file, line, "@attribute", "no attributes declared before @data");
            }
            ColumnNames.requireDistinct(file, names);
            RowBuffer rows = new RowBuffer(attributes.size(), file);
            double[] row = new double[attributes.size()];
            String text;
            while ((text = reader.readLine()) != null) {
                line++;
                String t = text.strip();
                if (t.isEmpty() || t.startsWith("%")) {
                    continue;
                }
                if (t.startsWith("{")) {
                    parseSparse(t, row);
                } else {
                    parseDense(t, row);
                }
                rows.add(row);
            }
            if (rows.rows() == 0) {
                throw new DataFormatException(file, "no data rows after @data");
            }
            return new Parsed(relation, List.copyOf(names), rows.toMatrix(),
                    attributes.stream().map(Attribute::levels).toList());
        }

        private void readHeader() throws IOException {
            String text;
            boolean sawAnything = false;
            while ((text = reader.readLine()) != null) {
                line++;
                String t = text.strip();
                if (t.isEmpty() || t.startsWith("%")) {
                    continue;
                }
                sawAnything = true;
                String lower = t.toLowerCase(Locale.ROOT);
                if (lower.startsWith("@relation")) {
                    relation = unquote(t.substring("@relation".length()).strip());
                } else if (lower.startsWith("@attribute")) {
                    parseAttribute(t.substring("@attribute".length()).strip());
                } else if (lower.startsWith("@data")) {
                    return;
                } else {
                    throw new DataFormatException(file, line, "1",
                            "expected @relation, @attribute or @data in the ARFF header, found "
                                    + UserText.quote(shorten(t)));
                }
            }
            if (!sawAnything) {
                throw new DataFormatException(file, "empty file");
            }
            throw new DataFormatException(file, line, "@data", "the header has no @data line");
        }

        private void parseAttribute(String rest) {
            String field = "attribute " + (attributes.size() + 1);
            if (rest.isEmpty()) {
                throw new DataFormatException(file, line, field, "@attribute without a name");
            }
            int end;
            String attrName;
            char c = rest.charAt(0);
            if (c == '\'' || c == '"') {
                end = rest.indexOf(c, 1);
                if (end < 0) {
                    throw new DataFormatException(file, line, field, "unterminated quoted attribute name");
                }
                attrName = rest.substring(1, end);
                end++;
            } else {
                end = 0;
                while (end < rest.length() && !Character.isWhitespace(rest.charAt(end)) && rest.charAt(end) != '{') {
                    end++;
                }
                attrName = rest.substring(0, end);
            }
            field = "attribute " + (attributes.size() + 1) + " (" + UserText.quote(attrName) + ")";
            String type = rest.substring(end).strip();
            String lowerType = type.toLowerCase(Locale.ROOT);
            if (lowerType.equals("numeric") || lowerType.equals("real") || lowerType.equals("integer")) {
                attributes.add(new Attribute(attrName, null, 0.0, List.of()));
            } else if (type.startsWith("{")) {
                attributes.add(nominal(attrName, type, field));
            } else if (lowerType.startsWith("string") || lowerType.startsWith("date")
                    || lowerType.startsWith("relational")) {
                throw new DataFormatException(file, line, field,
                        "attribute type " + UserText.quote(type)
                                + " is not numeric; OKL reads numeric and nominal attributes only");
            } else {
                throw new DataFormatException(file, line, field, "unknown attribute type " + UserText.quote(type));
            }
            names.add(attrName);
        }

        private Attribute nominal(String attrName, String type, String field) {
            if (!type.endsWith("}")) {
                throw new DataFormatException(file, line, field, "nominal declaration without closing '}'");
            }
            List<String> values = splitValues(type.substring(1, type.length() - 1), field);
            if (values.isEmpty() || values.size() == 1 && values.get(0).isEmpty()) {
                throw new DataFormatException(file, line, field, "nominal attribute without values");
            }
            boolean numbers = values.stream().allMatch(Numbers::isPlainNumber);
            Map<String, Double> map = new HashMap<>();
            for (int k = 0; k < values.size(); k++) {
                String v = values.get(k);
                double number = numbers ? Numbers.parse(v, file, line, field) : k;
                if (map.put(v, number) != null) {
                    throw new DataFormatException(file, line, field, "nominal value " + UserText.quote(v)
                            + " declared twice");
                }
            }
            return new Attribute(attrName, map, map.get(values.get(0)), List.copyOf(values));
        }

        private void parseDense(String text, double[] row) {
            List<String> values = splitValues(text, "1");
            if (values.size() != row.length) {
                int field = Math.min(values.size(), row.length);
                throw new DataFormatException(file, line, Fields.name(field, names),
                        values.size() + " values, but the header declares " + row.length + " attributes");
            }
            for (int j = 0; j < row.length; j++) {
                row[j] = value(j, values.get(j));
            }
        }

        private void parseSparse(String text, double[] row) {
            if (!text.endsWith("}")) {
                throw new DataFormatException(file, line, "1", "sparse row without closing '}'");
            }
            for (int j = 0; j < row.length; j++) {
                row[j] = attributes.get(j).absent();
            }
            String body = text.substring(1, text.length() - 1).strip();
            if (body.isEmpty()) {
                return;
            }
            List<String> entries = splitValues(body, "1");
            int previous = -1;
            for (int e = 0; e < entries.size(); e++) {
                String entry = entries.get(e);
                String entryField = "entry " + (e + 1);
                int space = indexOfWhitespace(entry);
                if (space < 0) {
                    throw new DataFormatException(file, line, entryField,
                            "sparse entry " + UserText.quote(entry) + " is not 'index value'");
                }
                String indexText = entry.substring(0, space);
                int index;
                try {
                    index = Integer.parseInt(indexText);
                } catch (NumberFormatException ex) {
                    throw new DataFormatException(file, line, entryField,
                            "sparse index " + UserText.quote(indexText) + " is not a whole number");
                }
                if (index < 0 || index >= row.length) {
                    throw new DataFormatException(file, line, entryField, "sparse index " + index
                            + " out of range: the header declares " + row.length + " attributes (0-based)");
                }
                if (index <= previous) {
                    throw new DataFormatException(file, line, entryField,
                            "sparse index " + index + " does not increase (previous " + previous + ")");
                }
                previous = index;
                row[index] = value(index, unquote(entry.substring(space).strip()));
            }
        }

        private double value(int j, String text) {
            if (text.equals("?")) {
                return Double.NaN;
            }
            Attribute a = attributes.get(j);
            if (a.isNumeric()) {
                return Numbers.parse(text, file, line, Fields.name(j, names));
            }
            Double v = a.nominal().get(text);
            if (v == null) {
                throw new DataFormatException(file, line, Fields.name(j, names),
                        "value " + UserText.quote(text) + " is not one of the declared nominal values "
                                + UserText.quote(a.nominal().keySet().toString()));
            }
            return v;
        }

        /** Splits on commas outside quotes, trims, and removes the quotes. */
        private List<String> splitValues(String text, String field) {
            List<String> out = new ArrayList<>();
            if (text.indexOf('\'') < 0 && text.indexOf('"') < 0) {
                int start = 0;
                for (int i = 0; i <= text.length(); i++) {
                    if (i == text.length() || text.charAt(i) == ',') {
                        out.add(text.substring(start, i).strip());
                        start = i + 1;
                    }
                }
                return out;
            }
            StringBuilder current = new StringBuilder();
            char quote = 0;
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (quote != 0) {
                    if (c == '\\' && i + 1 < text.length()) {
                        current.append(text.charAt(++i));
                    } else if (c == quote) {
                        quote = 0;
                    } else {
                        current.append(c);
                    }
                } else if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == ',') {
                    out.add(current.toString().strip());
                    current.setLength(0);
                } else {
                    current.append(c);
                }
            }
            if (quote != 0) {
                throw new DataFormatException(file, line, field, "unterminated quote");
            }
            out.add(current.toString().strip());
            return out;
        }

        private static int indexOfWhitespace(String s) {
            for (int i = 0; i < s.length(); i++) {
                if (Character.isWhitespace(s.charAt(i))) {
                    return i;
                }
            }
            return -1;
        }

        private static String unquote(String s) {
            if (s.length() >= 2 && (s.charAt(0) == '\'' || s.charAt(0) == '"') && s.endsWith(s.substring(0, 1))) {
                return s.substring(1, s.length() - 1);
            }
            return s;
        }

        private static String shorten(String s) {
            return s.length() <= 40 ? s : s.substring(0, 40) + "...";
        }
    }
}
