package org.okl.api.text;

import org.okl.api.API;

/**
 * How a piece of user data (a field of a data file, a column name, a name from a pipeline or model file, a path) is
 * shown in a message: in single quotes, with every control character and every invisible formatting character
 * escaped ({@code \n}, {@code \t}, {@code \x1b}, {@code \u202e}), so that an escape sequence in a file cannot move
 * the cursor, clear the screen, retitle the terminal or reorder the text, and cut to {@value #LIMIT} characters
 * with the full length said, so that a 200 MB field does not become a 200 MB message.
 *
 * <p>Every message OKL and its plugins build from file content goes through {@link #quote}; the command line escapes
 * whatever it prints once more as a last guard.
 */
@API(status = API.Status.MAINTAINED, since = "0.2")
public final class UserText {
    /** The most characters of user text a message shows. */
    public static final int LIMIT = 60;

    private UserText() {
    }

    /**
     * The text in single quotes, escaped and cut to {@value #LIMIT} characters: {@code 'x1'},
     * {@code '\x1b[2J'}, {@code 'aaaa...' (200000000 characters)}; {@code (null)} for {@code null}.
     */
    public static String quote(String text) {
        return quote(text, LIMIT);
    }

    /** The same, cut to {@code limit} characters. */
    public static String quote(String text, int limit) {
        if (text == null) {
            return "(null)";
        }
        if (text.length() <= limit) {
            return "'" + escape(text) + "'";
        }
        int end = Math.max(0, limit);
        if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return "'" + escape(text.substring(0, end)) + "...' (" + text.length() + " characters)";
    }

    /**
     * The text with control characters (C0, DEL, C1) and invisible formatting characters (bidirectional overrides,
     * zero-width characters, line and paragraph separators, unpaired surrogates) written as escapes; nothing is cut.
     */
    public static String escape(String text) {
        if (text == null) {
            return "(null)";
        }
        int i = 0;
        while (i < text.length() && !needsEscape(text, i)) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!needsEscape(text, i)) {
                out.append(c);
                continue;
            }
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x100) {
                        out.append(String.format("\\x%02x", (int) c));
                    } else {
                        out.append(String.format("\\u%04x", (int) c));
                    }
                }
            }
        }
        return out.toString();
    }

    /** Whether a text holds anything {@link #escape} would change. */
    public static boolean isPlain(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (needsEscape(text, i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean needsEscape(String text, int i) {
        char c = text.charAt(i);
        if (c < 0x20 || c >= 0x7f && c < 0xa0) {
            return true;
        }
        if (c < 0xa0) {
            return false;
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1));
        }
        int type = Character.getType(c);
        return type == Character.FORMAT || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.CONTROL || c == '\u00ad';
    }
}
