package org.okl.bench.serve;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.DoubleBuffer;
import java.util.Map;
import java.util.Optional;
import org.okl.onnx.OnnxExport;

/**
 * ONNX Runtime for Java running an exported graph in this JVM, one session shared by the benchmark's threads (a
 * session runs concurrently). Only this class names ONNX Runtime, so the rest of the benchmark runs without it.
 */
final class OnnxRuntimeEngine implements AutoCloseable {
    private final OrtEnvironment environment;
    private final OrtSession session;

    private OnnxRuntimeEngine(byte[] graph) throws OrtException {
        environment = OrtEnvironment.getEnvironment();
        session = environment.createSession(graph, new OrtSession.SessionOptions());
    }

    /** Why ONNX Runtime cannot run here (not on the class path, no native library), or empty when it can. */
    static Optional<String> unavailable() {
        try {
            Class.forName("ai.onnxruntime.OrtEnvironment");
            OrtEnvironment.getEnvironment();
            return Optional.empty();
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.of("ONNX Runtime is not on the class path (" + e + ")");
        } catch (RuntimeException e) {
            return Optional.of("ONNX Runtime does not start: " + e);
        }
    }

    /** A session on the graph. */
    static OnnxRuntimeEngine open(byte[] graph) {
        try {
            return new OnnxRuntimeEngine(graph);
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime refused the exported graph: " + e.getMessage(), e);
        }
    }

    /** Runs the graph on {@code rows} rows given row-major; true when it answered both outputs. */
    boolean run(double[] rowMajor, int rows) throws OrtException {
        long[] shape = {rows, rowMajor.length / rows};
        try (OnnxTensor input = OnnxTensor.createTensor(environment, DoubleBuffer.wrap(rowMajor), shape);
                OrtSession.Result result = session.run(Map.of(OnnxExport.INPUT, input))) {
            return result.get(OnnxExport.OUTPUTS).isPresent() && result.get(OnnxExport.SCORES).isPresent();
        }
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            // closing a session at the end of a benchmark: nothing to do
        }
    }
}
