package org.okl.kernels.matrix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.linalg.Matrix;

/**
 * Reads a square matrix from a text file: one row per line, values separated by commas, semicolons or white space;
 * blank lines and lines starting with {@code #} are skipped.
 */
public final class MatrixFiles {

    private MatrixFiles() {
    }

    /**
     * The matrix in the file.
     *
     * @throws InvalidParameterException naming the component and parameter if the file cannot be read, holds a
     *                                   value that is not a number, or is not square
     */
    public static Matrix readSquare(String component, String parameter, Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidParameterException(component, parameter, "cannot read '" + file + "': " + e.getMessage());
        }
        List<double[]> rows = new ArrayList<>();
        for (int l = 0; l < lines.size(); l++) {
            String line = lines.get(l).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split("[,;\\s]+");
            double[] row = new double[cells.length];
            for (int k = 0; k < cells.length; k++) {
                try {
                    row[k] = Double.parseDouble(cells[k]);
                } catch (NumberFormatException e) {
                    throw new InvalidParameterException(component, parameter,
                            "file '" + file + "' line " + (l + 1) + ": '" + cells[k] + "' is not a number");
                }
            }
            rows.add(row);
        }
        int d = rows.size();
        for (int i = 0; i < d; i++) {
            if (rows.get(i).length != d) {
                throw new InvalidParameterException(component, parameter, "file '" + file + "' must hold a square "
                        + "matrix: it has " + d + " rows but row " + (i + 1) + " has " + rows.get(i).length
                        + " values");
            }
        }
        return Matrix.fromRows(rows.toArray(new double[0][]));
    }
}
