package org.okl.datasets.io;

import ch.randelshofer.fastdoubleparser.JavaDoubleParser;
import org.okl.api.data.DataFormatException;
import org.okl.api.text.UserText;

/**
 * Strict parsing of numeric fields. Accepted: optional sign, digits with an optional decimal point, optional
 * exponent ({@code -1.5e-3}, {@code .5}, {@code 7.}). Rejected: {@code NaN}, {@code Inf}/{@code Infinity}, hexadecimal
 * and Java suffixes ({@code 1d}), and numbers that overflow to infinity. Missing values are not numbers: each format
 * says how it marks them. Parsed by FastDoubleParser (correctly rounded, the same double as {@link Double#parseDouble},
 * about three times faster), which matters for files of millions of rows.
 */
final class Numbers {

    private Numbers() {
    }

    /**
     * Parses a finite number.
     *
     * @param text  the field, already trimmed
     * @param file  for the error message
     * @param line  for the error message (1-based)
     * @param field for the error message, for example {@code 3 (Att4)}
     * @throws DataFormatException when the text is not a plain finite number
     */
    static double parse(String text, String file, long line, String field) {
        if (!isPlainNumber(text)) {
            throw new DataFormatException(file, line, field, describe(text));
        }
        double v = JavaDoubleParser.parseDouble(text);
        if (!Double.isFinite(v)) {
            throw new DataFormatException(file, line, field, UserText.quote(text) + " overflows to infinity");
        }
        return v;
    }

    /** Whether the text is a plain decimal number (see the class comment); does not check for overflow. */
    static boolean isPlainNumber(String s) {
        int n = s.length();
        int i = 0;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int expDigits = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                expDigits++;
            }
            if (expDigits == 0) {
                return false;
            }
        }
        return i == n;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static String describe(String text) {
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("nan") || lower.contains("inf")) {
            return "non-finite value " + UserText.quote(text)
                    + " is not allowed (mark a missing value as the format says)";
        }
        if (text.isEmpty()) {
            return "empty value where a number is expected";
        }
        return "not a number: " + UserText.quote(text);
    }
}
