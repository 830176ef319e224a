package org.okl.experiments;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.okl.api.linalg.Matrix;
import org.okl.bench.PeerRunner;

/**
 * An independent computation of one of our numbers by a numpy / scikit-learn script shipped with the experiments
 * ({@code src/main/resources/org/okl/experiments/independent/}): the experiment writes the very data it used as CSV
 * files into a fresh folder, the script reads them, computes the same quantity its own way and writes its results
 * there as CSV files. It runs with Debian's {@code /usr/bin/python3} (python3-numpy, -scipy, -sklearn); where that is
 * missing, the result says why and the experiment reports the check as not run.
 */
public final class IndependentCheck {
    private IndependentCheck() {
    }

    /**
     * What a check gave.
     *
     * @param matrices    the CSV files the script wrote, by name (empty when it did not run)
     * @param summary     the script's last line of output (a JSON object)
     * @param unavailable why it did not run, or null when it ran
     */
    public record Result(Map<String, Matrix> matrices, String summary, String unavailable) {

        /** Whether the script ran. */
        public boolean ran() {
            return unavailable == null;
        }

        /** A matrix the script wrote. */
        public Matrix matrix(String name) {
            Matrix m = matrices.get(name);
            if (m == null) {
                throw new IllegalStateException("the independent check wrote no " + name);
            }
            return m;
        }
    }

    /**
     * Runs a script.
     *
     * @param script  the script's file name in the {@code independent} resource folder
     * @param inputs  the matrices to write, by file name without extension
     * @param args    further arguments (after the folder)
     * @param outputs the names of the CSV files the script writes, read back
     */
    public static Result run(String script, Map<String, Matrix> inputs, List<String> args, List<String> outputs) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("okl-check");
            for (Map.Entry<String, Matrix> e : inputs.entrySet()) {
                write(dir.resolve(e.getKey() + ".csv"), e.getValue());
            }
            List<String> all = new ArrayList<>(List.of(dir.toString()));
            all.addAll(args);
            String summary = new PeerRunner(PeerRunner.DEFAULT_PYTHON, Path.of(script))
                    .runResource(IndependentCheck.class, "independent/" + script, all, script);
            Map<String, Matrix> read = new LinkedHashMap<>();
            for (String name : outputs) {
                read.put(name, read(dir.resolve(name + ".csv")));
            }
            return new Result(read, summary, null);
        } catch (PeerRunner.PeerUnavailable e) {
            return new Result(Map.of(), "", e.getMessage());
        } catch (IOException e) {
            return new Result(Map.of(), "", "cannot exchange files with the script: " + e.getMessage());
        } finally {
            if (dir != null) {
                delete(dir);
            }
        }
    }

    private static void write(Path file, Matrix m) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < m.rows(); i++) {
                line.setLength(0);
                for (int j = 0; j < m.cols(); j++) {
                    line.append(j == 0 ? "" : ",").append(m.get(i, j));
                }
                w.write(line.append('\n').toString());
            }
        }
    }

    private static Matrix read(Path file) throws IOException {
        List<double[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                rows.add(Stream.of(line.split(",")).mapToDouble(Double::parseDouble).toArray());
            }
        }
        return Matrix.fromRows(rows.toArray(double[][]::new));
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
