package org.okl.datasets.source;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.datasets.io.DataFiles;

/**
 * The {@code Exam} data of R package mlmRev (4059 students of 65 Inner London schools) as multi-task regression:
 * one task per school, output the normalised exam score {@code normexam}.
 *
 * <p>Inputs, from the 7 covariates (factor levels as in mlmRev's help page):
 * {@code schgend=boys}, {@code schgend=girls} (school gender, indicators; mixed = both 0), {@code schavg},
 * {@code vr} and {@code intake} (bands coded 0 = bottom 25%, 1 = mid 50%, 2 = top 25%), {@code standLRT},
 * {@code sex=M} (0 = F, 1 = M), {@code type=Sngl} (0 = mixed school, 1 = single-sex school).
 * Groups: the school, numbered 0.. in increasing order of the school id (school 1 is group 0). No test split.
 */
final class SchoolExam {
    private static final String FILE = "exam.csv";
    private static final List<String> INPUTS = List.of("schgend=boys", "schgend=girls", "schavg", "vr", "intake",
            "standLRT", "sex=M", "type=Sngl");
    private static final Pattern PLAIN_NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Map<String, Double> BANDS = Map.of("bottom 25%", 0.0, "mid 50%", 1.0, "top 25%", 2.0);

    private SchoolExam() {
    }

    static Dataset load(DataFolder folder, String source) {
        return folder.read(FILE, (in, name) -> parse(in, name, source));
    }

    private static Dataset parse(InputStream in, String name, String source) {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();
        List<double[]> rows = new ArrayList<>();
        List<Double> scores = new ArrayList<>();
        List<Integer> schools = new ArrayList<>();
        try (CSVParser parser = format.parse(DataFiles.textReader(in, name))) {
            for (String column : List.of("school", "normexam", "schgend", "schavg", "vr", "intake", "standLRT",
                    "sex", "type")) {
                if (!parser.getHeaderMap().containsKey(column)) {
                    throw new DataFormatException(name, 1, column, "column '" + column + "' missing from the header");
                }
            }
            for (CSVRecord r : parser) {
                long line = r.getRecordNumber() + 1;
                Row row = new Row(r, name, line);
                schools.add((int) row.number("school"));
                scores.add(row.number("normexam"));
                String gender = row.level("schgend", "mixed", "boys", "girls");
                rows.add(new double[] {gender.equals("boys") ? 1 : 0, gender.equals("girls") ? 1 : 0,
                    row.number("schavg"), row.band("vr"), row.band("intake"), row.number("standLRT"),
                    row.level("sex", "F", "M").equals("M") ? 1 : 0,
                    row.level("type", "Mxd", "Sngl").equals("Sngl") ? 1 : 0});
            }
        } catch (IOException e) {
            throw new DataFormatException(name, "cannot read: " + e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw new DataFormatException(name, "malformed CSV: " + e.getCause().getMessage(), e);
        }
        if (rows.isEmpty()) {
            throw new DataFormatException(name, "no data rows");
        }
        Matrix x = Matrix.fromRows(rows.toArray(new double[0][]));
        Matrix y = Matrix.column(scores.stream().mapToDouble(Double::doubleValue).toArray());
        TreeMap<Integer, Integer> groupOf = new TreeMap<>();
        schools.forEach(s -> groupOf.put(s, 0));
        int g = 0;
        for (var e : groupOf.entrySet()) {
            e.setValue(g++);
        }
        int[] groups = schools.stream().mapToInt(groupOf::get).toArray();
        return new Dataset("school-exam", Dataset.Task.MULTI_TASK, new Dataset.Split(x, y, Optional.of(groups)),
                Optional.empty(), INPUTS, List.of("normexam"), source);
    }

    /** One record, with field access that reports file, line and column. */
    private record Row(CSVRecord record, String file, long line) {
        double number(String column) {
            String text = record.get(column).strip();
            if (PLAIN_NUMBER.matcher(text).matches()) {
                double v = Double.parseDouble(text);
                if (Double.isFinite(v)) {
                    return v;
                }
            }
            throw new DataFormatException(file, line, column, "not a finite number: '" + text + "'");
        }

        String level(String column, String... levels) {
            String text = record.get(column);
            for (String level : levels) {
                if (level.equals(text)) {
                    return level;
                }
            }
            throw new DataFormatException(file, line, column,
                    "'" + text + "' is not one of the levels " + List.of(levels));
        }

        double band(String column) {
            String text = record.get(column);
            Double v = BANDS.get(text);
            if (v == null) {
                throw new DataFormatException(file, line, column,
                        "'" + text + "' is not one of the bands " + BANDS.keySet());
            }
            return v;
        }
    }
}
