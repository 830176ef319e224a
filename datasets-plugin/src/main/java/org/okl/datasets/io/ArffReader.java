package org.okl.datasets.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.text.UserText;

/**
 * Reads Weka ARFF files (id {@code arff}, suffix {@code .arff}), dense or sparse; see {@link ArffParser} for the
 * attribute types and missing values. The output columns come from the multi-label conventions:
 * <ul>
 *   <li>MEKA: a relation name holding {@code -C n} marks the first n attributes as labels (the last |n| when n is
 *       negative);</li>
 *   <li>Mulan: otherwise, a label XML file found by {@link MulanLabels#find} names the label attributes;</li>
 *   <li>neither: no output columns (for example Mulan's multi-target files, whose targets are the last k
 *       attributes: the caller says k).</li>
 * </ul>
 * Two attributes of one name are refused, as Weka refuses them ({@link org.okl.api.data.ColumnNames}).
 */
public final class ArffReader implements TableReader {
    private static final Pattern MEKA_LABELS = Pattern.compile("(?:^|\\s)-C\\s+(-?\\d+)");

    @Override
    public List<String> suffixes() {
        return List.of(".arff");
    }

    @Override
    public Table read(Path file) {
        Optional<Path> xml = MulanLabels.find(file);
        try (InputStream in = DataFiles.open(file)) {
            ArffParser.Parsed parsed = ArffParser.parse(in, file.toString());
            if (mekaLabelCount(parsed.relation()).isPresent() || xml.isEmpty()) {
                return toTable(parsed, file.toString(), Optional.empty(), "");
            }
            return toTable(parsed, file.toString(), Optional.of(MulanLabels.read(xml.get())), xml.get().toString());
        } catch (IOException e) {
            throw DataFiles.readError(file.toString(), e);
        }
    }

    /**
     * Reads a Mulan ARFF file with its label XML file.
     *
     * @throws DataFormatException when the label file is missing (naming the path) or names an unknown attribute
     */
    public Table readMulan(Path arff, Path labelsXml) {
        List<String> labels = MulanLabels.read(labelsXml);
        try (InputStream in = DataFiles.open(arff)) {
            return read(in, arff.toString(), Optional.of(labels), labelsXml.toString());
        } catch (IOException e) {
            throw DataFiles.readError(arff.toString(), e);
        }
    }

    /** Reads stored ARFF content (labels from MEKA's {@code -C}, no Mulan XML file beside it). */
    @Override
    public Table read(InputStream in, String name) {
        return read(in, name, Optional.empty(), "");
    }

    /**
     * Reads already opened (and decompressed) ARFF content.
     *
     * @param in          the content, not closed here
     * @param name        the file name for error messages
     * @param mulanLabels the label names from a Mulan XML file, or empty to use MEKA's {@code -C} (or no labels)
     * @param labelSource where the label names come from, for error messages
     */
    public Table read(InputStream in, String name, Optional<List<String>> mulanLabels, String labelSource) {
        return toTable(ArffParser.parse(in, name), name, mulanLabels, labelSource);
    }

    private static Table toTable(ArffParser.Parsed parsed, String name, Optional<List<String>> mulanLabels,
            String labelSource) {
        List<String> attributes = parsed.attributes();
        int[] outputs;
        if (mulanLabels.isPresent()) {
            outputs = mulanOutputs(attributes, mulanLabels.get(), name, labelSource);
        } else {
            outputs = mekaLabelCount(parsed.relation()).map(c -> mekaOutputs(c, attributes.size(), name))
                    .orElse(new int[0]);
        }
        boolean nominal = parsed.levels().stream().anyMatch(l -> !l.isEmpty());
        return new Table(parsed.values(), attributes, outputs, true, nominal ? parsed.levels() : List.of());
    }

    private static int[] mulanOutputs(List<String> attributes, List<String> labels, String name, String source) {
        Map<String, Integer> index = new HashMap<>();
        for (int j = 0; j < attributes.size(); j++) {
            index.putIfAbsent(attributes.get(j), j);
        }
        int[] outputs = new int[labels.size()];
        for (int k = 0; k < labels.size(); k++) {
            Integer j = index.get(labels.get(k));
            if (j == null) {
                throw new DataFormatException(source,
                        "label " + UserText.quote(labels.get(k)) + " is not an attribute of " + name);
            }
            outputs[k] = j;
        }
        return outputs;
    }

    private static Optional<Integer> mekaLabelCount(String relation) {
        Matcher m = MEKA_LABELS.matcher(relation);
        return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    private static int[] mekaOutputs(int count, int attributes, String name) {
        int k = Math.abs(count);
        if (k == 0 || k > attributes) {
            throw new DataFormatException(name, "the relation's '-C " + count + "' does not fit "
                    + attributes + " attributes");
        }
        int[] outputs = new int[k];
        int first = count > 0 ? 0 : attributes - k;
        for (int i = 0; i < k; i++) {
            outputs[i] = first + i;
        }
        return outputs;
    }
}
