package org.okl.transforms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.stat.correlation.Covariance;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.junit.jupiter.api.Test;
import org.okl.api.component.TypedSpec;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.FittedTransform;
import org.okl.api.transform.InputTransform;
import org.okl.api.transform.TransformStatistics;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/** Each built-in transform against an independent computation (commons-math3 or a hand-worked example). */
class TransformsTest {
    private final TestContext context = TestContext.active();

    private FittedTransform fit(TypedSpec<InputTransform> spec, Matrix rows, ColumnSchema columns, int block) {
        TransformStatistics s = context.create(InputTransform.class, spec.spec()).statistics(columns, context);
        for (int from = 0; from < rows.rows(); from += block) {
            s.add(rows.rowRange(from, Math.min(rows.rows(), from + block)));
        }
        return s.finish();
    }

    private FittedTransform fit(TypedSpec<InputTransform> spec, Matrix rows) {
        return fit(spec, rows, ColumnSchema.unnamed(rows.cols()), 11);
    }

    @Test
    void standardizeUsesThePopulationMeanAndDeviationEvenFarFromZero() {
        Matrix x = TestMatrices.random(50, 3, 7);
        for (int i = 0; i < 50; i++) {
            x.set(i, 0, 1e8 + x.get(i, 0));
            x.set(i, 2, 5.0);
        }
        Matrix z = fit(Transforms.standardize(), x).apply(x);
        for (int j = 0; j < 3; j++) {
            double[] col = x.columnValues(j);
            double mean = new Mean().evaluate(col);
            double sd = new StandardDeviation(false).evaluate(col);
            for (int i = 0; i < 50; i++) {
                double expected = sd > 0 ? (col[i] - mean) / sd : col[i] - mean;
                assertThat(z.get(i, j)).as("row %d column %d", i, j).isCloseTo(expected, within(1e-7));
            }
        }
    }

    @Test
    void standardizeLeavesMissingTargetsOutAndKeepsThemMissing() {
        Matrix y = Matrix.fromRows(new double[][] {{1}, {Double.NaN}, {3}, {5}});
        FittedTransform t = fit(Transforms.standardize(), y);
        Matrix z = t.apply(y);
        double sd = Math.sqrt(8.0 / 3.0);
        assertThat(z.get(0, 0)).isCloseTo(-2.0 / sd, within(1e-14));
        assertThat(z.get(1, 0)).isNaN();
        assertThat(t.invert(z).get(3, 0)).isCloseTo(5.0, within(1e-14));
    }

    @Test
    void minMaxMapsTheTrainingRange() {
        Matrix x = Matrix.fromRows(new double[][] {{2, 7}, {4, 7}, {6, 7}});
        FittedTransform t = fit(Transforms.minMax(-1, 1), x);
        Matrix z = t.apply(Matrix.fromRows(new double[][] {{2, 7}, {5, 9}, {8, 7}}));
        assertThat(z.get(0, 0)).isEqualTo(-1.0);
        assertThat(z.get(1, 0)).isCloseTo(0.5, within(1e-15));
        assertThat(z.get(2, 0)).isCloseTo(2.0, within(1e-15));
        assertThat(z.get(0, 1)).isEqualTo(-1.0);
        assertThat(z.get(1, 1)).isCloseTo(1.0, within(1e-15));
    }

    @Test
    void log1pTransformsTheChosenColumnsAndRefusesValuesAtMinusOne() {
        Matrix x = Matrix.fromRows(new double[][] {{0, 3, -0.5}, {Math.E - 1, 1, 2}});
        FittedTransform t = fit(Transforms.log1p("0,c2"), x, ColumnSchema.unnamed(3), 5);
        Matrix z = t.apply(x);
        assertThat(z.get(1, 0)).isCloseTo(1.0, within(1e-15));
        assertThat(z.get(0, 1)).isEqualTo(3.0);
        assertThat(z.get(0, 2)).isCloseTo(Math.log(0.5), within(1e-15));
        assertThatThrownBy(() -> t.apply(Matrix.fromRows(new double[][] {{0, 0, 0}, {0, 0, -1}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row 2, column 3");
    }

    @Test
    void oneHotCodesDeclaredLevelsInPlaceAndIgnoresUnseenValues() {
        ColumnSchema columns = new ColumnSchema(List.of("x", "colour", "n"),
                List.of(List.of(), List.of("red", "green", "blue"), List.of()));
        Matrix x = Matrix.fromRows(new double[][] {{1.5, 0, 3}, {2.5, 2, 4}, {3.5, 0, 3}});
        FittedTransform nominal = fit(Transforms.oneHot(), x, columns, 2);
        Matrix z = nominal.apply(Matrix.fromRows(new double[][] {{9, 1, 7}, {8, 5, 6}}));
        assertThat(z.toRows()).isDeepEqualTo(new double[][] {{9, 0, 1, 0, 7}, {8, 0, 0, 0, 6}});
        assertThat(nominal.columns(columns).names()).containsExactly("x", "colour=red", "colour=green",
                "colour=blue", "n");
        FittedTransform named = fit(Transforms.oneHot("n"), x, columns, 2);
        assertThat(named.apply(x).toRows()).isDeepEqualTo(new double[][] {{1.5, 0, 1, 0}, {2.5, 2, 0, 1},
                {3.5, 0, 1, 0}});
        assertThatThrownBy(() -> fit(Transforms.oneHot("size"), x, columns, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no input column 'size'")
                .hasMessageContaining("'x', 'colour', 'n'");
        assertThatThrownBy(() -> fit(Transforms.oneHot("0").with("max-levels", 2), x, columns, 2))
                .hasMessageContaining("more than 2 distinct values");
    }

    @Test
    void pcaProjectsOnTheCovarianceEigenvectors() {
        Matrix x = TestMatrices.random(60, 4, 9);
        for (int i = 0; i < 60; i++) {
            x.set(i, 1, 3 * x.get(i, 0) + 0.1 * x.get(i, 1) + 100.0);
        }
        FittedTransform t = fit(Transforms.pca(2), x, ColumnSchema.unnamed(4), 13);
        Matrix z = t.apply(x);
        RealMatrix data = new Array2DRowRealMatrix(x.toRows());
        RealMatrix cov = new Covariance(data, false).getCovarianceMatrix();
        EigenDecomposition eig = new EigenDecomposition(cov);
        double[] values = eig.getRealEigenvalues();
        Integer[] order = {0, 1, 2, 3};
        java.util.Arrays.sort(order, (a, b) -> Double.compare(values[b], values[a]));
        double[] mean = new double[4];
        for (int j = 0; j < 4; j++) {
            mean[j] = new Mean().evaluate(x.columnValues(j));
        }
        for (int k = 0; k < 2; k++) {
            double[] v = eig.getEigenvector(order[k]).toArray();
            int largest = 0;
            for (int j = 1; j < 4; j++) {
                largest = Math.abs(v[j]) > Math.abs(v[largest]) ? j : largest;
            }
            double sign = Math.signum(v[largest]);
            for (int i = 0; i < 60; i++) {
                double p = 0;
                for (int j = 0; j < 4; j++) {
                    p += (x.get(i, j) - mean[j]) * v[j] * sign;
                }
                assertThat(z.get(i, k)).isCloseTo(p, within(1e-9));
            }
        }
        double total = java.util.Arrays.stream(values).sum();
        double first = values[order[0]];
        int expected = first / total >= 0.95 ? 1 : 2;
        assertThat(fit(Transforms.pcaVariance(0.95), x).outputDimension()).isEqualTo(
                first / total >= 0.95 ? expected : (first + values[order[1]]) / total >= 0.95 ? 2 : 3);
        Matrix white = fit(Transforms.pca(2).with("whiten", true), x).apply(x);
        for (int k = 0; k < 2; k++) {
            assertThat(new StandardDeviation(false).evaluate(white.columnValues(k))).isCloseTo(1.0, within(1e-9));
        }
    }

    @Test
    void dropConstantKeepsTheColumnsThatVary() {
        Matrix x = Matrix.fromRows(new double[][] {{1, 5, 0}, {2, 5, 0}, {3, 5, 1e-9}});
        assertThat(fit(Transforms.dropConstant(), x).apply(x).toRows())
                .isDeepEqualTo(new double[][] {{1, 0}, {2, 0}, {3, 1e-9}});
        assertThat(fit(Transforms.dropConstant().with("tolerance", 1e-6), x).outputDimension()).isEqualTo(1);
        assertThatThrownBy(() -> fit(Transforms.dropConstant(), Matrix.fromRows(new double[][] {{1, 2}, {1, 2}})))
                .hasMessageContaining("every one of the 2 columns is constant");
    }

    @Test
    void aDamagedStateIsRefusedWithTheArrayNamed() {
        InputTransform standardize = context.create(InputTransform.class, Transforms.standardize().spec());
        assertThatThrownBy(() -> standardize.restore(java.util.Map.of("shift", Matrix.zeros(1, 2)), context))
                .hasMessageContaining("standardize: the stored state lacks the array");
        InputTransform pca = context.create(InputTransform.class, Transforms.pca(1).spec());
        assertThatThrownBy(() -> pca.restore(java.util.Map.of("mean", Matrix.zeros(1, 2),
                "components", Matrix.zeros(3, 1), "scale", Matrix.zeros(1, 1)), context))
                .hasMessageContaining("disagree");
    }

    /** A crafted one-hot state: counts whose int sum wraps to the number of levels, unsorted levels, huge indices. */
    @Test
    void aCraftedOneHotStateIsRefusedBeforeItAllocates() {
        InputTransform oneHot = context.create(InputTransform.class, Transforms.oneHot().spec());
        Matrix width = Matrix.fromRows(new double[][] {{2}});
        Matrix columns = Matrix.fromRows(new double[][] {{0, 1}});
        assertThatThrownBy(() -> oneHot.restore(java.util.Map.of("width", width, "columns", columns,
                "counts", Matrix.fromRows(new double[][] {{Integer.MAX_VALUE, Integer.MAX_VALUE}}),
                "levels", Matrix.fromRows(new double[][] {{1, 2}})), context)).hasMessageContaining("disagree");
        assertThatThrownBy(() -> oneHot.restore(java.util.Map.of("width", width, "columns", columns,
                "counts", Matrix.fromRows(new double[][] {{2, 1}}),
                "levels", Matrix.fromRows(new double[][] {{2, 1, 5}})), context))
                .hasMessageContaining("not increasing");
        assertThatThrownBy(() -> oneHot.restore(java.util.Map.of("width", Matrix.fromRows(new double[][] {{1e12}}),
                "columns", columns, "counts", Matrix.fromRows(new double[][] {{1, 1}}),
                "levels", Matrix.fromRows(new double[][] {{1, 2}})), context))
                .hasMessageContaining("'width' must hold the number of columns");
        assertThat(oneHot.restore(java.util.Map.of("width", Matrix.fromRows(new double[][] {{1e9}}),
                "columns", columns, "counts", Matrix.fromRows(new double[][] {{1, 1}}),
                "levels", Matrix.fromRows(new double[][] {{1, 2}})), context).inputDimension())
                .as("a large stored width is only a number until the model checks it against its data")
                .isEqualTo(1_000_000_000);
    }
}
