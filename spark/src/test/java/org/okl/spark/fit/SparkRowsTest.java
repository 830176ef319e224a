package org.okl.spark.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;
import org.okl.api.rows.MatrixRows;
import org.okl.spark.LocalSpark;
import org.okl.spark.SyntheticData;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Invalid;
import org.okl.spark.data.RowBlock;

class SparkRowsTest {

    @Test
    void rowsKeepTheirOrderAndGlobalIndices() {
        SyntheticData d = SyntheticData.draw(1000, 3, 2, 1);
        Matrix x = d.x();
        Matrix y = d.y();
        Dataset<Row> data = d.dataset(LocalSpark.session(), 3);
        try (SparkRows rows = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("features"), "inputs"),
                Optional.of(ColumnLayout.of(data.schema(), List.of("y0", "y1"), "outputs")),
                new SparkRows.Settings(128, 0, 2))) {
            assertThat(rows.size()).isEqualTo(1000);
            assertThat(rows.dimension()).isEqualTo(3);
            assertThat(rows.outputDimension()).isEqualTo(2);
            Matrix back = Matrix.zeros(1000, 3);
            Matrix backY = Matrix.zeros(1000, 2);
            rows.forEachRowBlock((first, inputs, outputs) -> {
                for (int i = 0; i < inputs.rows(); i++) {
                    for (int j = 0; j < 3; j++) {
                        back.set((int) first + i, j, inputs.get(i, j));
                    }
                    for (int j = 0; j < 2; j++) {
                        backY.set((int) first + i, j, outputs.get(i, j));
                    }
                }
            });
            assertThat(back.maxAbsDifference(x)).isZero();
            assertThat(backY.maxAbsDifference(y)).isZero();
        }
    }

    @Test
    void uniformSampleIsTheOneMachineReservoirSample() {
        Matrix x = SyntheticData.draw(5000, 2, 1, 3).x();
        Dataset<Row> data = new SyntheticData(x, Matrix.zeros(5000, 0)).dataset(LocalSpark.session(), 4);
        try (SparkRows rows = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("features"), "inputs"),
                Optional.empty(), new SparkRows.Settings(300, 0, 2))) {
            for (int count : new int[] {1, 37, 5000, 6000}) {
                Matrix expected = new MatrixRows(x, Matrix.zeros(5000, 0)).uniformSample(count, 11);
                assertThat(rows.uniformSample(count, 11).maxAbsDifference(expected)).isZero();
            }
        }
    }

    @Test
    void nullValuesAndUnevenVectorsAreUserErrors() {
        StructType schema = new StructType().add("x", SQLDataTypes.VectorType(), true)
                .add("y", DataTypes.DoubleType, true);
        Dataset<Row> nulls = LocalSpark.session().createDataFrame(List.of(
                RowFactory.create(Vectors.dense(1, 2), 1.0), RowFactory.create(Vectors.dense(1, 2), null)), schema);
        assertThatThrownBy(() -> SparkRows.of(nulls, ColumnLayout.of(schema, List.of("x"), "inputs"),
                Optional.of(ColumnLayout.of(schema, List.of("y"), "outputs"))))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("outputs column 'y' has no value");
        Dataset<Row> uneven = LocalSpark.session().createDataFrame(List.of(
                RowFactory.create(Vectors.dense(1, 2), 1.0), RowFactory.create(Vectors.dense(1, 2, 3), 2.0)), schema)
                .coalesce(1);
        assertThatThrownBy(() -> SparkRows.of(uneven, ColumnLayout.of(schema, List.of("x"), "inputs"),
                Optional.empty()))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("give 3 values where the first row gave 2");
        assertThatThrownBy(() -> ColumnLayout.of(schema, List.of("z"), "inputs"))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("inputs column 'z' is not in the data set; its columns: x, y");
    }

    private static Dataset<Row> vectors(List<Row> rows, boolean withWeight) {
        StructType schema = new StructType().add("x", SQLDataTypes.VectorType(), true)
                .add("y", DataTypes.DoubleType, true);
        if (withWeight) {
            schema = schema.add("w", DataTypes.DoubleType, true);
        }
        return LocalSpark.session().createDataFrame(rows, schema);
    }

    /** Wide dense rows: blocks of at most 32 MiB (an int product of 8192 rows by 2^18 columns overflowed). */
    @Test
    void blocksAreSizedByBytes() {
        int p = 1 << 18;
        List<Row> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            double[] v = new double[p];
            v[i] = 1;
            v[p - 1] = i;
            rows.add(RowFactory.create(Vectors.dense(v), (double) i));
        }
        Dataset<Row> data = vectors(rows, false).coalesce(1);
        try (SparkRows wide = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("x"), "inputs"),
                Optional.of(ColumnLayout.of(data.schema(), List.of("y"), "outputs")))) {
            List<RowBlock> blocks = wide.blocks().collect();
            assertThat(blocks).hasSize(2);
            assertThat(blocks.get(0).rows()).isEqualTo((int) ((32L << 20) / (8L * (p + 2))));
            assertThat(blocks).allMatch(b -> b.bytes() <= 32L << 20);
            assertThat(wide.size()).isEqualTo(20);
            assertThat(wide.sparse()).isFalse();
        }
    }

    @Test
    void sparseVectorsStaySparseAndSampleAsOnOneMachine() {
        int p = 1 << 18;
        List<Row> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 600; i++) {
            rows.add(RowFactory.create(Vectors.sparse(p, new int[] {i % 97, 1000 + i, p - 1},
                    new double[] {1, i, -i}), (double) i));
        }
        Dataset<Row> data = vectors(rows, false).repartition(3);
        try (SparkRows sparse = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("x"), "inputs"),
                Optional.of(ColumnLayout.of(data.schema(), List.of("y"), "outputs")))) {
            assertThat(sparse.sparse()).isTrue();
            assertThat(sparse.dimension()).isEqualTo(p);
            assertThat(sparse.summary(true).cachedBytes()).as("600 rows of 3 entries, and their outputs")
                    .isLessThan(600 * (3 * 12 + 4 + 8) + 3 * 64);
            InputRows sample = sparse.sample(40, 7);
            assertThat(sample).isInstanceOf(SparseMatrix.class);
            org.okl.api.sketch.ReservoirSample expected = new org.okl.api.sketch.ReservoirSample(40, p, 7);
            List<Long> order = new java.util.ArrayList<>();
            sparse.forEachInputRowBlock((first, inputs, outputs) -> {
                expected.offer(inputs);
                for (int i = 0; i < inputs.rows(); i++) {
                    order.add((long) outputs.get(i, 0));
                }
            });
            SparseMatrix got = (SparseMatrix) sample;
            SparseMatrix want = (SparseMatrix) expected.sample();
            assertThat(got.starts()).containsExactly(want.starts());
            assertThat(got.columns()).containsExactly(want.columns());
            assertThat(got.values()).containsExactly(want.values());
            assertThat(order).hasSize(600);
        }
    }

    @Test
    void invalidRowsAreNamedOrSkippedAndCounted() {
        List<Row> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 30; i++) {
            double[] v = {i, 1};
            if (i == 7) {
                v[1] = Double.NaN;
            }
            rows.add(RowFactory.create(Vectors.dense(v), i == 12 ? null : (double) i, i == 20 ? -1.0 : 1.0));
        }
        rows.add(RowFactory.create(Vectors.dense(1, 2, 3), 1.0, 1.0));
        Dataset<Row> data = vectors(rows, true).coalesce(1);
        ColumnLayout x = ColumnLayout.of(data.schema(), List.of("x"), "inputs");
        ColumnLayout y = ColumnLayout.of(data.schema(), List.of("y"), "outputs");
        assertThatThrownBy(() -> SparkRows.of(data, x, Optional.of(y), Optional.of("w"), SparkRows.Settings.DEFAULT))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("row 8 of partition 0: inputs column 'x' holds NaN at element 1")
                .hasMessageContaining("set handleInvalid to 'skip'");
        SparkRows.Settings skip = new SparkRows.Settings(4, 0, 2, Invalid.SKIP, true);
        try (SparkRows kept = SparkRows.of(data, x, Optional.of(y), Optional.of("w"), skip)) {
            assertThat(kept.size()).isEqualTo(27);
            assertThat(kept.skipped()).isEqualTo(4);
            assertThat(kept.weighted()).isTrue();
            List<Double> ys = new java.util.ArrayList<>();
            assertThatThrownBy(() -> kept.forEachRowBlock((first, in, out) -> { }))
                    .isInstanceOf(OklException.class).hasMessageContaining("requireDistributed is on");
            kept.blocks().collect().forEach(b -> {
                for (int i = 0; i < b.rows(); i++) {
                    ys.add(b.outputs().get(i, 0));
                }
            });
            assertThat(ys).doesNotContain(7.0, 12.0, 20.0).hasSize(27);
            try (SparkRows unweighted = SparkRows.of(data, x, Optional.of(y), Optional.empty(), skip)) {
                assertThat(unweighted.checksum()).as("weights are part of the rows' checksum")
                        .isNotEqualTo(kept.checksum());
            }
        }
    }
}
