package org.okl.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;

class ArrowRequestTest {
    private static final List<String> ABC = List.of("a", "b", "c");
    private static final long MEMORY = 1 << 24;

    private static ArrowRequest.Block read(byte[] body, List<String> columns, boolean multiTask, int maxRows) {
        return ArrowRequest.read(body, columns, multiTask, maxRows, MEMORY);
    }

    /** The error a body gets: a 400 with the data's code, and no allocator left holding memory behind it. */
    private static String refused(byte[] body, List<String> columns, int maxRows) {
        ServeException e = catchThrowableOfType(ServeException.class, () -> read(body, columns, false, maxRows));
        assertThat(e).as("refused").isNotNull();
        assertThat(e.status()).isEqualTo(400);
        assertThat(e.errorCode().code()).isEqualTo("OKL-E007");
        // closing an allocator whose buffers are still held throws, and would show here as suppressed
        assertThat(e.getSuppressed()).isEmpty();
        assertThat(e.getMessage()).startsWith("[OKL-E007] ");
        return e.getMessage().substring("[OKL-E007] ".length());
    }

    @Test
    void float64ColumnsInAnyOrderAndSeveralBatchesGiveTheRowsAsJsonReadsThem() {
        Matrix x = TestModels.inputs(11, 3);
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < x.rows(); i++) {
            json.append(i == 0 ? "" : ",").append(Arrays.toString(x.row(i)));
        }
        Matrix fromJson = Matrix.fromRows(RequestRows.parse(json.append("]").toString().getBytes(
                java.nio.charset.StandardCharsets.UTF_8), "application/json", ABC, 100));
        for (int[] batches : List.of(new int[] {11}, new int[] {4, 0, 6, 1})) {
            ArrowRequest.Block block = read(ArrowBodies.doubles(x, ABC, new int[] {2, 0, 1}, batches), ABC, false,
                    100);
            assertThat(block.tasks()).isNull();
            assertThat(block.inputs().rows()).isEqualTo(11);
            assertThat(block.inputs().cols()).isEqualTo(3);
            // bit for bit: the same doubles as the JSON body's rows, in the matrix's column-major layout
            assertThat(block.inputs().data()).isEqualTo(fromJson.data());
        }
    }

    @Test
    void float32IntegerAndBooleanColumnsAreReadAsTheirExactDoubles() {
        List<String> names = List.of("f", "i", "s", "l", "u", "t");
        byte[] body = ArrowBodies.stream(List.of(
                ArrowBodies.field("t", new ArrowType.Bool()),
                ArrowBodies.field("f", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                ArrowBodies.field("i", new ArrowType.Int(32, true)),
                ArrowBodies.field("s", new ArrowType.Int(16, true)),
                ArrowBodies.field("l", new ArrowType.Int(64, true)),
                ArrowBodies.field("u", new ArrowType.Int(64, false))), root -> {
                    ((BitVector) root.getVector(0)).setSafe(0, 1);
                    ((BitVector) root.getVector(0)).setSafe(1, 0);
                    ((Float4Vector) root.getVector(1)).setSafe(0, 0.1f);
                    ((Float4Vector) root.getVector(1)).setSafe(1, -3.5e30f);
                    ((IntVector) root.getVector(2)).setSafe(0, -7);
                    ((IntVector) root.getVector(2)).setSafe(1, Integer.MAX_VALUE);
                    ((SmallIntVector) root.getVector(3)).setSafe(0, (short) -300);
                    ((SmallIntVector) root.getVector(3)).setSafe(1, (short) 12);
                    ((BigIntVector) root.getVector(4)).setSafe(0, 1L << 40);
                    ((BigIntVector) root.getVector(4)).setSafe(1, -5L);
                    ((UInt8Vector) root.getVector(5)).setSafe(0, -1L); // 2^64 - 1 unsigned
                    ((UInt8Vector) root.getVector(5)).setSafe(1, 9L);
                    root.setRowCount(2);
                });
        Matrix m = read(body, names, false, 10).inputs();
        assertThat(m.row(0)).containsExactly((double) 0.1f, -7, -300, 0x1p40, 0x1p64, 1);
        assertThat(m.row(1)).containsExactly((double) -3.5e30f, Integer.MAX_VALUE, 12, -5, 9, 0);
    }

    @Test
    void aMultiTaskRequestTakesItsTasksFromTheTaskColumn() {
        List<String> columns = List.of("a", "b", ServedModel.TASK);
        byte[] body = ArrowBodies.stream(List.of(ArrowBodies.field("task", new ArrowType.Int(32, true)),
                ArrowBodies.field("b", ArrowBodies.FLOAT64), ArrowBodies.field("a", ArrowBodies.FLOAT64)), root -> {
                    for (int i = 0; i < 3; i++) {
                        ((IntVector) root.getVector(0)).setSafe(i, 2 - i);
                        ((Float8Vector) root.getVector(1)).setSafe(i, 10 + i);
                        ((Float8Vector) root.getVector(2)).setSafe(i, 20 + i);
                    }
                    root.setRowCount(3);
                });
        ArrowRequest.Block block = read(body, columns, true, 10);
        assertThat(block.tasks()).containsExactly(2, 1, 0);
        assertThat(block.inputs().cols()).isEqualTo(2);
        assertThat(block.inputs().data()).containsExactly(20, 21, 22, 10, 11, 12);
        byte[] bad = ArrowBodies.stream(List.of(ArrowBodies.field("task", ArrowBodies.FLOAT64),
                ArrowBodies.field("b", ArrowBodies.FLOAT64), ArrowBodies.field("a", ArrowBodies.FLOAT64)), root -> {
                    ((Float8Vector) root.getVector(0)).setSafe(0, 1.5);
                    ((Float8Vector) root.getVector(1)).setSafe(0, 1);
                    ((Float8Vector) root.getVector(2)).setSafe(0, 1);
                    root.setRowCount(1);
                });
        ServeException e = catchThrowableOfType(ServeException.class, () -> read(bad, columns, true, 10));
        assertThat(e.getMessage()).contains("row 1: the task must be a whole number from 0 on");
    }

    @Test
    void everyBadBodyIsA400NamingItsMistake() {
        Matrix x = TestModels.inputs(6, 5);
        byte[] good = ArrowBodies.doubles(x, ABC, new int[] {0, 1, 2}, 6);
        assertThat(refused(ArrowBodies.doubles(x, List.of("a", "b", "z"), new int[] {0, 1, 2}, 6), ABC, 10))
                .isEqualTo("the Arrow stream's column 3 is 'z', which the model was not fitted on; "
                        + "the stream's columns name the model's input columns ['a', 'b', 'c']");
        assertThat(refused(ArrowBodies.doubles(x, ABC, new int[] {0, 1}, 6), ABC, 10))
                .isEqualTo("the Arrow stream has no column 'c'; the model's input columns are ['a', 'b', 'c']");
        assertThat(refused(ArrowBodies.doubles(x, ABC, new int[] {0, 1, 2, 0}, 6), ABC, 10))
                .contains("column 4 is 'a', a second time");
        assertThat(refused(good, ABC, 5))
                .isEqualTo("6 rows in one request, more than the server takes (5); split the request");
        assertThat(refused(ArrowBodies.doubles(x, ABC, new int[] {0, 1, 2}, 3, 3), ABC, 5))
                .startsWith("6 rows in one request");
        assertThat(refused(ArrowBodies.doubles(x, ABC, new int[] {0, 1, 2}), ABC, 5))
                .isEqualTo("no rows to predict");
        byte[] nulls = ArrowBodies.stream(List.of(ArrowBodies.field("a", ArrowBodies.FLOAT64),
                ArrowBodies.field("b", new ArrowType.Int(32, true)), ArrowBodies.field("c", ArrowBodies.FLOAT64)),
                root -> {
                    for (int i = 0; i < 3; i++) {
                        ((Float8Vector) root.getVector(0)).setSafe(i, i);
                        ((Float8Vector) root.getVector(2)).setSafe(i, i);
                        if (i != 1) {
                            ((IntVector) root.getVector(1)).setSafe(i, i);
                        }
                    }
                    ((IntVector) root.getVector(1)).setNull(1);
                    root.setRowCount(3);
                });
        assertThat(refused(nulls, ABC, 10))
                .isEqualTo("row 2, column 'b': a null where a number is expected");
        byte[] text = ArrowBodies.stream(List.of(ArrowBodies.field("a", ArrowBodies.FLOAT64),
                ArrowBodies.field("b", new ArrowType.Utf8()), ArrowBodies.field("c", ArrowBodies.FLOAT64)), root -> {
                    ((VarCharVector) root.getVector(1)).setSafe(0, new byte[] {'x'});
                    root.setRowCount(1);
                });
        assertThat(refused(text, ABC, 10)).isEqualTo("the Arrow stream's column 'b' holds Utf8 values, "
                + "not numbers; send float64, float32, integer or boolean columns");
        byte[] dates = ArrowBodies.stream(List.of(ArrowBodies.field("a", new ArrowType.Date(DateUnit.DAY)),
                ArrowBodies.field("b", ArrowBodies.FLOAT64), ArrowBodies.field("c", ArrowBodies.FLOAT64)), root -> {
                    ((DateDayVector) root.getVector(0)).setSafe(0, 3);
                    root.setRowCount(1);
                });
        assertThat(refused(dates, ABC, 10)).contains("column 'a' holds Date(DAY) values");
        assertThat(refused(new byte[0], ABC, 10)).startsWith("not a readable Arrow IPC stream (");
        assertThat(refused("[[1, 2, 3]]".getBytes(java.nio.charset.StandardCharsets.UTF_8), ABC, 10))
                .startsWith("not a readable Arrow IPC stream (");
        for (int cut : new int[] {good.length / 2, good.length - 20, 12}) {
            assertThat(refused(Arrays.copyOf(good, cut), ABC, 10)).as("cut at " + cut)
                    .containsAnyOf("not a readable Arrow IPC stream (", "record batch 1 cannot be read (");
        }
        byte[] damaged = good.clone();
        for (int i = good.length / 3; i < good.length / 3 + 24; i++) {
            damaged[i] = (byte) 0xff;
        }
        ServeException e = catchThrowableOfType(ServeException.class, () -> read(damaged, ABC, false, 10));
        if (e != null) {
            // a damage Arrow cannot see (inside the values) is values; any it sees is a 400
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.getSuppressed()).isEmpty();
        }
        // a stream that declares more memory than a request may take
        Matrix big = TestModels.inputs(4000, 6);
        ServeException over = catchThrowableOfType(ServeException.class,
                () -> ArrowRequest.read(ArrowBodies.doubles(big, ABC, new int[] {0, 1, 2}, 4000), ABC, false, 5000,
                        4096));
        assertThat(over.status()).isEqualTo(400);
        assertThat(over.getMessage()).contains("record batch 1 cannot be read (");
    }

    @Test
    void nonFiniteValuesArePassedOnForTheModelToRefuse() {
        Matrix x = TestModels.inputs(2, 9);
        x.set(0, 1, Double.NaN);
        x.set(1, 2, Double.NEGATIVE_INFINITY);
        Matrix m = read(ArrowBodies.doubles(x, ABC, new int[] {0, 1, 2}, 2), ABC, false, 10).inputs();
        assertThat(m.data()).isEqualTo(x.data());
    }
}
