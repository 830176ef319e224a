package org.okl.api.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UserTextTest {

    @Test
    void plainTextIsQuotedAsItIs() {
        assertThat(UserText.quote("x1")).isEqualTo("'x1'");
        assertThat(UserText.quote("température")).isEqualTo("'température'");
        assertThat(UserText.quote(null)).isEqualTo("(null)");
        assertThat(UserText.isPlain("a,b c")).isTrue();
    }

    /** Escape sequences (clear screen, terminal title), C1 controls and bidirectional overrides are escaped. */
    @Test
    void controlAndFormattingCharactersAreEscaped() {
        assertThat(UserText.quote("\u001b[2J")).isEqualTo("'\\x1b[2J'");
        assertThat(UserText.quote("\u001b]0;owned\u0007")).isEqualTo("'\\x1b]0;owned\\x07'");
        assertThat(UserText.escape("a\nb\tc\rd\u007f\u009b")).isEqualTo("a\\nb\\tc\\rd\\x7f\\x9b");
        assertThat(UserText.escape("abc\u202edef\u200b\u2028")).isEqualTo("abc\\u202edef\\u200b\\u2028");
        assertThat(UserText.escape("\ud800x")).as("an unpaired surrogate").isEqualTo("\\ud800x");
        assertThat(UserText.escape("\ud83d\ude00")).as("a paired surrogate is text").isEqualTo("\ud83d\ude00");
        assertThat(UserText.escape("C:\\data\\x.csv")).as("backslashes stay").isEqualTo("C:\\data\\x.csv");
        assertThat(UserText.isPlain("\u001b")).isFalse();
    }

    @Test
    void longTextIsCutWithItsLengthSaid() {
        String quoted = UserText.quote("x".repeat(200_000_000 / 100));
        assertThat(quoted).isEqualTo("'" + "x".repeat(UserText.LIMIT) + "...' (2000000 characters)");
        assertThat(UserText.quote("abcdef", 3)).isEqualTo("'abc...' (6 characters)");
        assertThat(UserText.quote("ab\ud83d\ude00cd", 3)).as("never half a surrogate pair")
                .isEqualTo("'ab...' (6 characters)");
    }
}
