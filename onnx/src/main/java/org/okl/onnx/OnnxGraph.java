package org.okl.onnx;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.linalg.Matrix;
import org.okl.onnx.proto.OnnxProto.AttributeProto;
import org.okl.onnx.proto.OnnxProto.GraphProto;
import org.okl.onnx.proto.OnnxProto.NodeProto;
import org.okl.onnx.proto.OnnxProto.TensorProto;

/**
 * A graph being built from standard {@code ai.onnx} operators, with every real number in one element type (float64,
 * or float32 on request): constants become initializers, each node gets a fresh output name.
 */
final class OnnxGraph {
    private final GraphProto.Builder graph = GraphProto.newBuilder();
    private final boolean float32;
    private int names;

    OnnxGraph(boolean float32) {
        this.float32 = float32;
    }

    /** The ONNX element type of the graph's real numbers. */
    int realType() {
        return float32 ? TensorProto.DataType.FLOAT_VALUE : TensorProto.DataType.DOUBLE_VALUE;
    }

    GraphProto.Builder proto() {
        return graph;
    }

    private String fresh(String hint) {
        return hint + "_" + names++;
    }

    /** A real constant of the given shape, its values in row-major order. */
    String real(String hint, double[] rowMajor, long... dims) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(fresh(hint)).setDataType(realType());
        for (long d : dims) {
            t.addDims(d);
        }
        for (double v : rowMajor) {
            if (float32) {
                t.addFloatData((float) v);
            } else {
                t.addDoubleData(v);
            }
        }
        graph.addInitializer(t);
        return t.getName();
    }

    /** A real scalar constant. */
    String scalar(String hint, double v) {
        return real(hint, new double[] {v});
    }

    /** A matrix constant (rows x cols). */
    String matrix(String hint, Matrix m) {
        return real(hint, rowMajor(m), m.rows(), m.cols());
    }

    /** A row constant (1 x length), broadcast over the rows of a batch. */
    String row(String hint, double[] values) {
        return real(hint, values, 1, values.length);
    }

    /** An int64 constant (a 1-d list, or a scalar with {@code scalar}). */
    String longs(String hint, boolean scalar, long... values) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(fresh(hint))
                .setDataType(TensorProto.DataType.INT64_VALUE);
        if (!scalar) {
            t.addDims(values.length);
        }
        for (long v : values) {
            t.addInt64Data(v);
        }
        graph.addInitializer(t);
        return t.getName();
    }

    /** One node of the given operator, its single output named after it. */
    String op(String type, List<String> inputs, AttributeProto... attributes) {
        String out = fresh(type.toLowerCase(java.util.Locale.ROOT));
        NodeProto.Builder n = NodeProto.newBuilder().setOpType(type).setName(out).addOutput(out);
        inputs.forEach(n::addInput);
        for (AttributeProto a : attributes) {
            n.addAttribute(a);
        }
        graph.addNode(n);
        return out;
    }

    String op(String type, String... inputs) {
        return op(type, List.of(inputs));
    }

    /** Renames a value by an {@code Identity} node (a graph output's name). */
    void identity(String input, String output) {
        graph.addNode(NodeProto.newBuilder().setOpType("Identity").setName(output).addInput(input).addOutput(output));
    }

    static AttributeProto intAttribute(String name, long value) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INT).setI(value).build();
    }

    static AttributeProto intsAttribute(String name, long... values) {
        AttributeProto.Builder a = AttributeProto.newBuilder().setName(name)
                .setType(AttributeProto.AttributeType.INTS);
        for (long v : values) {
            a.addInts(v);
        }
        return a.build();
    }

    /** The values of a column-major matrix in row-major order. */
    static double[] rowMajor(Matrix m) {
        double[] out = new double[m.rows() * m.cols()];
        for (int i = 0; i < m.rows(); i++) {
            for (int j = 0; j < m.cols(); j++) {
                out[i * m.cols() + j] = m.get(i, j);
            }
        }
        return out;
    }

    /** A list of names (for {@link #op(String, List, AttributeProto...)} with many inputs). */
    static List<String> names(List<String> first, String... more) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(more));
        return all;
    }
}
