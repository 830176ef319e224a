package org.okl.spark.data;

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
import org.okl.api.linalg.Matrix;
import org.okl.core.plugin.OklException;
import org.okl.core.stream.MatrixRows;
import org.okl.spark.LocalSpark;
import org.okl.spark.SyntheticData;

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
}
