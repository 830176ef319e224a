package example;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Runs the quick-start and checks what it printed against what a trivial predictor would do. */
class QuickStartTest {

    @Test
    void quickStartCompletesTheDigitsFarBetterThanTheMean() throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            QuickStart.main(new String[0]);
        } finally {
            System.setOut(stdout);
        }
        String line = printed.toString(StandardCharsets.UTF_8).strip();
        stdout.println(line);
        assertTrue(line.startsWith("chosen {filter.lambda="), line);
        double mse = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
        // pixels are 0..16: predicting the mean bottom half gives an MSE near 30
        assertTrue(mse > 0.5 && mse < 15, "test MSE " + mse);
        assertTrue(Files.size(Path.of("digits.okl")) > 0);
    }
}
