package org.okl.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HtmlTextTest {
    @Test
    void markupAndControlCharactersBecomeVisibleText() {
        assertThat(HtmlText.escape("<script>alert('x&y')</script>\"")).isEqualTo(
                "&lt;script&gt;alert(&#39;x&amp;y&#39;)&lt;/script&gt;&quot;");
        assertThat(HtmlText.escape("a\u001b[2J\nb\u202ec")).isEqualTo("a\\x1b[2J\\nb\\u202ec");
        assertThat(HtmlText.escape(null)).isEmpty();
    }

    @Test
    void longNamesAreCutAndSayTheirLength() {
        String name = "<".repeat(200);
        assertThat(HtmlText.name(name)).isEqualTo("&lt;".repeat(HtmlText.NAME_LIMIT)
                + "&hellip; (200 characters)");
        assertThat(HtmlText.name("y1")).isEqualTo("y1");
    }
}
