package org.okl.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;
import org.okl.core.Model;

/** Reads a predictor array of a model through its model file (docs/model-format.md: {@code predictor/NAME.f64}). */
public final class ModelArrays {
    private ModelArrays() {
    }

    /** The values of the predictor's array {@code name} (little-endian doubles, column-major). */
    public static double[] predictorArray(Model model, String name) {
        try {
            Path file = Files.createTempFile("okl-model-", ".okl");
            try {
                model.save(file);
                try (ZipFile zip = new ZipFile(file.toFile())) {
                    byte[] bytes = zip.getInputStream(zip.getEntry("predictor/" + name + ".f64")).readAllBytes();
                    double[] values = new double[bytes.length / 8];
                    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(values);
                    return values;
                }
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
