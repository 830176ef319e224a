package org.okl.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ConsoleProgressTest {

    @Test
    void drawsAProportionalBarAndClearsItWhenDone() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleProgress p = new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        p.progress("cv", 1, 2);
        String half = bytes.toString(StandardCharsets.UTF_8);
        assertThat(half).isEqualTo("\rcv [" + "#".repeat(15) + " ".repeat(15) + "] 1/2");
        p.progress("cv", 2, 2);
        String all = bytes.toString(StandardCharsets.UTF_8).substring(half.length());
        assertThat(all).startsWith("\rcv [" + "#".repeat(30) + "] 2/2").endsWith("\r");
    }
}
