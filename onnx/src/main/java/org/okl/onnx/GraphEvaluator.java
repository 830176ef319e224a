package org.okl.onnx;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.okl.onnx.proto.OnnxProto.AttributeProto;
import org.okl.onnx.proto.OnnxProto.GraphProto;
import org.okl.onnx.proto.OnnxProto.NodeProto;
import org.okl.onnx.proto.OnnxProto.TensorProto;

/**
 * Evaluates an exported graph in Java, in the graph's own arithmetic: with {@code float32} every real constant is
 * the float the graph holds and every operation's result is rounded to float (products and sums of a MatMul or a
 * ReduceSum accumulated in float, with fused multiply-adds as optimized engines do); otherwise in double. It runs
 * the operators the exporter writes on the way to a real output, not a general ONNX engine: it measures the error
 * of a float32 export without one. An operator it does not know is reported by name.
 */
final class GraphEvaluator {
    /** A tensor: its shape and values (indices and booleans as 0/1 held as doubles too), row-major. */
    record Tensor(long[] shape, double[] values) {
        int rank() {
            return shape.length;
        }

        int size() {
            return values.length;
        }
    }

    private final GraphProto graph;
    private final boolean float32;

    GraphEvaluator(GraphProto graph, boolean float32) {
        this.graph = graph;
        this.float32 = float32;
    }

    /**
     * The value of {@code output} for the given input rows (row-major, rows x columns).
     *
     * @throws UnsupportedOperationException naming an operator this evaluator does not run
     */
    Tensor run(String input, double[] rows, int count, String output) {
        Map<String, Tensor> values = new HashMap<>();
        double[] x = rows.clone();
        round(x);
        values.put(input, new Tensor(new long[] {count, rows.length / Math.max(1, count)}, x));
        for (TensorProto t : graph.getInitializerList()) {
            values.put(t.getName(), constant(t));
        }
        Set<String> needed = needed(output);
        for (NodeProto n : graph.getNodeList()) {
            if (!needed.contains(n.getOutput(0))) {
                continue;
            }
            Tensor[] in = new Tensor[n.getInputCount()];
            for (int k = 0; k < in.length; k++) {
                in[k] = values.get(n.getInput(k));
                if (in[k] == null) {
                    throw new IllegalStateException("the graph uses " + n.getInput(k) + " before it is computed");
                }
            }
            values.put(n.getOutput(0), apply(n, in));
        }
        return values.get(output);
    }

    /** The nodes' outputs that {@code output} depends on. */
    private Set<String> needed(String output) {
        Map<String, NodeProto> producers = new HashMap<>();
        for (NodeProto n : graph.getNodeList()) {
            producers.put(n.getOutput(0), n);
        }
        Set<String> seen = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(output));
        while (!todo.isEmpty()) {
            String v = todo.pop();
            NodeProto n = producers.get(v);
            if (n != null && seen.add(v)) {
                todo.addAll(n.getInputList());
            }
        }
        return seen;
    }

    private Tensor constant(TensorProto t) {
        long[] shape = t.getDimsList().stream().mapToLong(Long::longValue).toArray();
        double[] v;
        if (t.getFloatDataCount() > 0) {
            v = new double[t.getFloatDataCount()];
            for (int i = 0; i < v.length; i++) {
                v[i] = t.getFloatData(i);
            }
        } else if (t.getDoubleDataCount() > 0) {
            v = t.getDoubleDataList().stream().mapToDouble(Double::doubleValue).toArray();
            round(v);
        } else {
            v = t.getInt64DataList().stream().mapToDouble(Long::doubleValue).toArray();
        }
        return new Tensor(shape, v);
    }

    private double r(double v) {
        return float32 ? (float) v : v;
    }

    private void round(double[] v) {
        if (float32) {
            for (int i = 0; i < v.length; i++) {
                v[i] = (float) v[i];
            }
        }
    }

    private static long attribute(NodeProto n, String name, long otherwise) {
        for (AttributeProto a : n.getAttributeList()) {
            if (a.getName().equals(name)) {
                return a.getI();
            }
        }
        return otherwise;
    }

    private Tensor apply(NodeProto n, Tensor[] in) {
        return switch (n.getOpType()) {
            case "Identity" -> in[0];
            case "Add" -> broadcast(in[0], in[1], (a, b) -> r(a + b));
            case "Sub" -> broadcast(in[0], in[1], (a, b) -> r(a - b));
            case "Mul" -> broadcast(in[0], in[1], (a, b) -> r(a * b));
            case "Div" -> broadcast(in[0], in[1], (a, b) -> r(a / b));
            case "Pow" -> broadcast(in[0], in[1], (a, b) -> r(Math.pow(a, b)));
            case "Max" -> broadcast(in[0], in[1], (a, b) -> Math.max(a, b));
            case "Equal" -> broadcast(in[0], in[1], (a, b) -> a == b ? 1 : 0);
            case "Greater" -> broadcast(in[0], in[1], (a, b) -> a > b ? 1 : 0);
            case "GreaterOrEqual" -> broadcast(in[0], in[1], (a, b) -> a >= b ? 1 : 0);
            case "Exp" -> map(in[0], a -> r(Math.exp(a)));
            case "Abs" -> map(in[0], Math::abs);
            case "Cast" -> map(in[0], this::r);
            case "Where" -> where(in[0], in[1], in[2]);
            case "MatMul" -> matMul(in[0], in[1]);
            case "ReduceSum" -> reduceSum(in[0], in[1], attribute(n, "keepdims", 1) != 0);
            case "Unsqueeze" -> unsqueeze(in[0], in[1]);
            case "Gather" -> gather(in[0], in[1], attribute(n, "axis", 0));
            case "Concat" -> concat(in, attribute(n, "axis", 0));
            default -> throw new UnsupportedOperationException("the operator " + n.getOpType());
        };
    }

    private static Tensor map(Tensor a, java.util.function.DoubleUnaryOperator f) {
        double[] out = new double[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = f.applyAsDouble(a.values()[i]);
        }
        return new Tensor(a.shape(), out);
    }

    /** Numpy broadcasting of two tensors. */
    private static Tensor broadcast(Tensor a, Tensor b, java.util.function.DoubleBinaryOperator f) {
        int rank = Math.max(a.rank(), b.rank());
        long[] shape = new long[rank];
        for (int d = 0; d < rank; d++) {
            long da = dim(a, d, rank);
            long db = dim(b, d, rank);
            if (da != db && da != 1 && db != 1) {
                throw new IllegalStateException("shapes " + Arrays.toString(a.shape()) + " and "
                        + Arrays.toString(b.shape()) + " do not broadcast");
            }
            shape[d] = Math.max(da, db);
        }
        long[] sa = strides(a, rank);
        long[] sb = strides(b, rank);
        int size = (int) Arrays.stream(shape).reduce(1, (x, y) -> x * y);
        double[] out = new double[size];
        long[] index = new long[rank];
        for (int i = 0; i < size; i++) {
            long ia = 0;
            long ib = 0;
            for (int d = 0; d < rank; d++) {
                ia += index[d] * sa[d];
                ib += index[d] * sb[d];
            }
            out[i] = f.applyAsDouble(a.values()[(int) ia], b.values()[(int) ib]);
            for (int d = rank - 1; d >= 0; d--) {
                if (++index[d] < shape[d]) {
                    break;
                }
                index[d] = 0;
            }
        }
        return new Tensor(shape, out);
    }

    private static long dim(Tensor t, int d, int rank) {
        int k = d - (rank - t.rank());
        return k < 0 ? 1 : t.shape()[k];
    }

    /** Strides of a tensor aligned to {@code rank} dimensions, 0 along broadcast ones. */
    private static long[] strides(Tensor t, int rank) {
        long[] s = new long[rank];
        long step = 1;
        for (int d = rank - 1; d >= 0; d--) {
            long size = dim(t, d, rank);
            s[d] = size == 1 ? 0 : step;
            step *= size;
        }
        return s;
    }

    private static Tensor where(Tensor c, Tensor a, Tensor b) {
        Tensor ca = broadcast(c, a, (x, y) -> x != 0 ? y : Double.NaN);
        return broadcast(ca, b, (x, y) -> Double.isNaN(x) ? y : x);
    }

    private Tensor matMul(Tensor a, Tensor b) {
        if (a.rank() != 2 || b.rank() != 2 || a.shape()[1] != b.shape()[0]) {
            throw new UnsupportedOperationException("MatMul of shapes " + Arrays.toString(a.shape()) + " and "
                    + Arrays.toString(b.shape()));
        }
        int n = (int) a.shape()[0];
        int k = (int) a.shape()[1];
        int m = (int) b.shape()[1];
        double[] out = new double[n * m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                if (float32) {
                    float s = 0;
                    for (int l = 0; l < k; l++) {
                        s = Math.fma((float) a.values()[i * k + l], (float) b.values()[l * m + j], s);
                    }
                    out[i * m + j] = s;
                } else {
                    double s = 0;
                    for (int l = 0; l < k; l++) {
                        s += a.values()[i * k + l] * b.values()[l * m + j];
                    }
                    out[i * m + j] = s;
                }
            }
        }
        return new Tensor(new long[] {n, m}, out);
    }

    private Tensor reduceSum(Tensor a, Tensor axes, boolean keep) {
        if (axes.size() != 1) {
            throw new UnsupportedOperationException("ReduceSum over " + axes.size() + " axes");
        }
        int axis = (int) axes.values()[0];
        axis = axis < 0 ? axis + a.rank() : axis;
        long outer = 1;
        for (int d = 0; d < axis; d++) {
            outer *= a.shape()[d];
        }
        long inner = 1;
        for (int d = axis + 1; d < a.rank(); d++) {
            inner *= a.shape()[d];
        }
        long along = a.shape()[axis];
        double[] out = new double[(int) (outer * inner)];
        for (long o = 0; o < outer; o++) {
            for (long i = 0; i < inner; i++) {
                double s = 0;
                for (long l = 0; l < along; l++) {
                    s = r(s + a.values()[(int) ((o * along + l) * inner + i)]);
                }
                out[(int) (o * inner + i)] = s;
            }
        }
        long[] shape = keep ? a.shape().clone() : new long[a.rank() - 1];
        if (keep) {
            shape[axis] = 1;
        } else {
            for (int d = 0, k = 0; d < a.rank(); d++) {
                if (d != axis) {
                    shape[k++] = a.shape()[d];
                }
            }
        }
        return new Tensor(shape, out);
    }

    private static Tensor unsqueeze(Tensor a, Tensor axes) {
        long[] shape = a.shape();
        for (double v : axes.values()) {
            int axis = (int) v;
            long[] next = new long[shape.length + 1];
            axis = axis < 0 ? axis + next.length : axis;
            for (int d = 0, k = 0; d < next.length; d++) {
                next[d] = d == axis ? 1 : shape[k++];
            }
            shape = next;
        }
        return new Tensor(shape, a.values());
    }

    private static Tensor gather(Tensor a, Tensor indices, long axis) {
        if (axis != 1 || a.rank() != 2 || indices.rank() != 1) {
            throw new UnsupportedOperationException("Gather on axis " + axis + " of a rank-" + a.rank() + " tensor");
        }
        int n = (int) a.shape()[0];
        int w = (int) a.shape()[1];
        int k = indices.size();
        double[] out = new double[n * k];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                out[i * k + j] = a.values()[i * w + (int) indices.values()[j]];
            }
        }
        return new Tensor(new long[] {n, k}, out);
    }

    private static Tensor concat(Tensor[] parts, long axis) {
        if (axis != 1) {
            throw new UnsupportedOperationException("Concat on axis " + axis);
        }
        int n = (int) parts[0].shape()[0];
        int width = 0;
        for (Tensor t : parts) {
            width += (int) t.shape()[1];
        }
        double[] out = new double[n * width];
        int at = 0;
        for (Tensor t : parts) {
            int w = (int) t.shape()[1];
            for (int i = 0; i < n; i++) {
                System.arraycopy(t.values(), i * w, out, i * width + at, w);
            }
            at += w;
        }
        return new Tensor(new long[] {n, width}, out);
    }
}
