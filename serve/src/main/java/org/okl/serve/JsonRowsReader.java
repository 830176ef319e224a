package org.okl.serve;

import com.fasterxml.jackson.core.io.NumberInput;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the common shape of a predict request, {@code [[x, ...], ...]} or {@code {"rows": [[x, ...], ...]}} with
 * exactly {@code width} numbers per row, byte by byte straight into the rows' arrays: no token, String or
 * BigDecimal per number. A number of at most 18 significant digits whose value is exact in binary64 arithmetic
 * ({@code m * 10^e} with {@code m < 2^53} and {@code |e| <= 22}, Clinger's fast path) is computed with one
 * correctly rounded operation; any other goes to Jackson's correctly rounded parser (FastDoubleParser) from the
 * literal's characters. Anything else (other values or shapes, NaN or infinite literals, a malformed body) gives
 * {@code null}: the tree reader then reads the body and names its mistake.
 */
final class JsonRowsReader {
    private static final double[] POWERS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
            1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    private static final long EXACT_MANTISSA = 1L << 53;

    private final byte[] body;
    private final int width;
    private final int maxRows;
    private int at;
    private char[] chars = new char[32];

    private JsonRowsReader(byte[] body, int width, int maxRows) {
        this.body = body;
        this.width = width;
        this.maxRows = maxRows;
    }

    /** The rows of {@code body}, or {@code null} when it is not of the common shape (see the class). */
    static double[][] read(byte[] body, int width, int maxRows) {
        return new JsonRowsReader(body, width, maxRows).rows();
    }

    private double[][] rows() {
        skipSpace();
        boolean wrapped = at < body.length && body[at] == '{';
        if (wrapped) {
            at++;
            skipSpace();
            if (!take('"') || !take('r') || !take('o') || !take('w') || !take('s') || !take('"')) {
                return null;
            }
            skipSpace();
            if (!take(':')) {
                return null;
            }
            skipSpace();
        }
        if (!take('[')) {
            return null;
        }
        List<double[]> rows = new ArrayList<>();
        skipSpace();
        while (true) {
            if (rows.size() == maxRows || !take('[')) {
                return null;
            }
            double[] v = new double[width];
            for (int j = 0; j < width; j++) {
                skipSpace();
                if (j > 0) {
                    if (!take(',')) {
                        return null;
                    }
                    skipSpace();
                }
                if (!number(v, j)) {
                    return null;
                }
            }
            skipSpace();
            if (!take(']')) {
                return null;
            }
            rows.add(v);
            skipSpace();
            if (take(']')) {
                break;
            }
            if (!take(',')) {
                return null;
            }
            skipSpace();
        }
        skipSpace();
        if (wrapped) {
            if (!take('}')) {
                return null;
            }
            skipSpace();
        }
        return at == body.length ? rows.toArray(new double[0][]) : null;
    }

    private boolean take(char c) {
        if (at < body.length && body[at] == c) {
            at++;
            return true;
        }
        return false;
    }

    private void skipSpace() {
        while (at < body.length) {
            byte c = body[at];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return;
            }
            at++;
        }
    }

    /** Reads a JSON number (RFC 8259's grammar exactly) into {@code v[j]}; false when there is none. */
    private boolean number(double[] v, int j) {
        int start = at;
        int n = body.length;
        boolean negative = take('-');
        long mantissa = 0;
        int significant = 0;
        int scale = 0;
        if (at >= n) {
            return false;
        }
        if (body[at] == '0') {
            at++;
        } else if (body[at] >= '1' && body[at] <= '9') {
            while (at < n && body[at] >= '0' && body[at] <= '9') {
                if (significant < 18) {
                    mantissa = mantissa * 10 + (body[at] - '0');
                    significant++;
                } else {
                    significant++;
                    scale++;
                }
                at++;
            }
        } else {
            return false;
        }
        if (at < n && body[at] == '.') {
            at++;
            int first = at;
            while (at < n && body[at] >= '0' && body[at] <= '9') {
                if (mantissa == 0 && body[at] == '0') {
                    scale--;
                } else if (significant < 18) {
                    mantissa = mantissa * 10 + (body[at] - '0');
                    significant++;
                    scale--;
                } else {
                    significant++;
                }
                at++;
            }
            if (at == first) {
                return false;
            }
        }
        int exponent = 0;
        if (at < n && (body[at] == 'e' || body[at] == 'E')) {
            at++;
            boolean below = false;
            if (at < n && (body[at] == '+' || body[at] == '-')) {
                below = body[at] == '-';
                at++;
            }
            int first = at;
            while (at < n && body[at] >= '0' && body[at] <= '9') {
                if (exponent < 100_000) {
                    exponent = exponent * 10 + (body[at] - '0');
                }
                at++;
            }
            if (at == first) {
                return false;
            }
            exponent = below ? -exponent : exponent;
        }
        int power = scale + exponent;
        double value;
        if (mantissa == 0) {
            value = 0;
        } else if (significant <= 18 && mantissa <= EXACT_MANTISSA && power >= -22 && power <= 22) {
            value = power < 0 ? mantissa / POWERS[-power] : mantissa * POWERS[power];
        } else {
            value = parsed(start, at);
        }
        v[j] = negative ? -value : value;
        return true;
    }

    /** The number written in bytes {@code from} to {@code to} (checked to be a JSON number: ASCII). */
    private double parsed(int from, int to) {
        int length = to - from;
        if (chars.length < length) {
            chars = new char[Math.max(length, 2 * chars.length)];
        }
        for (int k = 0; k < length; k++) {
            chars[k] = (char) body[from + k];
        }
        double value = NumberInput.parseDouble(chars, 0, length, true);
        return Math.abs(value);
    }
}
