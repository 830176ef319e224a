package org.okl.serve;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;

/**
 * The JSON answer to a predict request, {@code {"model", "checksum", "outputs", "predictions", "scores"?, "top"?}},
 * streamed as bytes by Jackson's generator: no tree of nodes, the output names encoded once per answer, and the
 * numbers written as the shortest decimal that reads back as the same double (Jackson's Schubfach writer,
 * {@link Double#toString(double)}'s form), the non-finite ones as the strings {@code "NaN"} and
 * {@code "Infinity"} as before.
 */
final class PredictionAnswer {
    private static final JsonFactory JSON = JsonFactory.builder().enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .build();
    private static final SerializedString MODEL = new SerializedString("model");
    private static final SerializedString CHECKSUM = new SerializedString("checksum");
    private static final SerializedString OUTPUTS = new SerializedString("outputs");
    private static final SerializedString PREDICTIONS = new SerializedString("predictions");
    private static final SerializedString SCORES = new SerializedString("scores");
    private static final SerializedString TOP = new SerializedString("top");
    private static final SerializedString CANDIDATE = new SerializedString("candidate");
    private static final SerializedString OUTPUT = new SerializedString("output");

    private PredictionAnswer() {
    }

    /**
     * The answer's bytes: decoded outputs (and scores, the {@code top} best candidates) under the model's output
     * names.
     */
    static byte[] bytes(ServedModel m, Decoded decoded, boolean scores, int top) {
        Matrix outputs = decoded.outputs();
        ByteArrayBuilder out = new ByteArrayBuilder(Math.min(1 << 26, 256 + outputs.rows() * outputs.cols()
                * (scores ? 48 : 24)));
        try (JsonGenerator g = JSON.createGenerator(out)) {
            SerializableString[] names = names(m.outputNames(), outputs.cols());
            g.writeStartObject();
            g.writeFieldName(MODEL);
            g.writeString(m.name());
            g.writeFieldName(CHECKSUM);
            g.writeString(m.sha256());
            g.writeFieldName(OUTPUTS);
            g.writeStartArray();
            for (String name : m.outputNames()) {
                g.writeString(name);
            }
            g.writeEndArray();
            g.writeFieldName(PREDICTIONS);
            rows(g, outputs, names);
            if (scores) {
                Matrix s = decoded.scores().orElse(outputs);
                g.writeFieldName(SCORES);
                rows(g, s, s.cols() == names.length ? names : names(m.outputNames(), s.cols()));
            }
            if (decoded.ranking().isPresent() && top > 0) {
                Matrix candidates = decoded.ranking().get().candidates();
                SerializableString[] candidateNames = names(m.outputNames(), candidates.cols());
                g.writeFieldName(TOP);
                g.writeStartArray();
                for (int[] best : decoded.ranking().get().indices()) {
                    g.writeStartArray();
                    for (int k = 0; k < Math.min(top, best.length); k++) {
                        g.writeStartObject();
                        g.writeFieldName(CANDIDATE);
                        g.writeNumber(best[k]);
                        g.writeFieldName(OUTPUT);
                        row(g, candidates, best[k], candidateNames);
                        g.writeEndObject();
                    }
                    g.writeEndArray();
                }
                g.writeEndArray();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing a prediction answer in memory", e);
        }
        return out.toByteArray();
    }

    /** The names of {@code count} columns: the model's output names, {@code y<j>} beyond them. */
    private static SerializableString[] names(List<String> outputNames, int count) {
        SerializableString[] names = new SerializableString[count];
        for (int j = 0; j < count; j++) {
            names[j] = new SerializedString(j < outputNames.size() ? outputNames.get(j) : "y" + j);
        }
        return names;
    }

    private static void rows(JsonGenerator g, Matrix values, SerializableString[] names) throws IOException {
        g.writeStartArray();
        for (int i = 0; i < values.rows(); i++) {
            row(g, values, i, names);
        }
        g.writeEndArray();
    }

    private static void row(JsonGenerator g, Matrix values, int i, SerializableString[] names) throws IOException {
        g.writeStartObject();
        double[] data = values.data();
        int rows = values.rows();
        for (int j = 0; j < values.cols(); j++) {
            g.writeFieldName(names[j]);
            g.writeNumber(data[i + j * rows]);
        }
        g.writeEndObject();
    }
}
