package org.okl.app.report;

import org.okl.api.text.UserText;

/**
 * Text in an HTML page or inline SVG: control and invisible formatting characters written as visible escapes
 * ({@link UserText#escape}: {@code \x1b}, {@code \u202e}), then the five characters HTML gives a meaning to written as
 * entities, so that a column name such as {@code <script>} is shown, never run, and cannot close an attribute.
 */
final class HtmlText {
    /** The most characters of a name shown in a legend or a table (the report's JSON has the whole name). */
    static final int NAME_LIMIT = 80;

    private HtmlText() {
    }

    /** The text escaped for an element's content or a quoted attribute value. */
    static String escape(String text) {
        String visible = UserText.escape(text == null ? "" : text);
        StringBuilder out = new StringBuilder(visible.length() + 16);
        for (int i = 0; i < visible.length(); i++) {
            char c = visible.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A name from a data file, cut to {@value #NAME_LIMIT} characters (saying how long it was), escaped. */
    static String name(String text) {
        String s = text == null ? "" : text;
        if (s.length() <= NAME_LIMIT) {
            return escape(s);
        }
        int end = NAME_LIMIT;
        if (Character.isHighSurrogate(s.charAt(end - 1))) {
            end--;
        }
        return escape(s.substring(0, end)) + "&hellip; (" + s.length() + " characters)";
    }
}
