package org.okl.kernels.matrix;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;

/**
 * Reads a square matrix from the content of a text file (read by OKL through the component context, so that a model
 * keeps a copy): one row per line, values separated by commas, semicolons or white space; blank lines and lines
 * starting with {@code #} are skipped. Every value must be a finite number.
 */
public final class MatrixFiles {

    private MatrixFiles() {
    }

    /**
     * The matrix in the file's content.
     *
     * @param file    the file's name as the pipeline gives it, for messages
     * @param content the file's bytes (UTF-8 text)
     * @throws InvalidParameterException naming the component and parameter if the content is not UTF-8 text, holds
     *                                   a value that is not a finite number, or is not square
     */
    public static Matrix readSquare(String component, String parameter, String file, byte[] content) {
        String name = UserText.quote(file);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(content)).toString();
        } catch (CharacterCodingException e) {
            throw new InvalidParameterException(component, parameter, "file " + name + " is not UTF-8 text");
        }
        String[] lines = text.split("\r?\n", -1);
        List<double[]> rows = new ArrayList<>();
        for (int l = 0; l < lines.length; l++) {
            String line = lines[l].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split("[,;\\s]+");
            if (rows.isEmpty() && cells.length > 0 && (long) cells.length * cells.length > Matrix.MAX_VALUES) {
                throw new InvalidParameterException(component, parameter, "file " + name + " line " + (l + 1)
                        + " has " + cells.length + " values: a square matrix of that size is too large");
            }
            double[] row = new double[cells.length];
            for (int k = 0; k < cells.length; k++) {
                double v;
                try {
                    v = Double.parseDouble(cells[k]);
                } catch (NumberFormatException e) {
                    throw new InvalidParameterException(component, parameter, "file " + name + " line " + (l + 1)
                            + " field " + (k + 1) + ": " + UserText.quote(cells[k]) + " is not a number");
                }
                if (!Double.isFinite(v) || !cells[k].matches("[-+]?[0-9.]+([eE][-+]?[0-9]+)?")) {
                    throw new InvalidParameterException(component, parameter, "file " + name + " line " + (l + 1)
                            + " field " + (k + 1) + ": " + UserText.quote(cells[k]) + " is not a finite number");
                }
                row[k] = v;
            }
            rows.add(row);
        }
        int d = rows.size();
        if (d == 0) {
            throw new InvalidParameterException(component, parameter, "file " + name + " holds no matrix");
        }
        for (int i = 0; i < d; i++) {
            if (rows.get(i).length != d) {
                throw new InvalidParameterException(component, parameter, "file " + name + " must hold a square "
                        + "matrix: it has " + d + " rows but row " + (i + 1) + " has " + rows.get(i).length
                        + " values");
            }
        }
        return Matrix.fromRows(rows.toArray(new double[0][]));
    }
}
