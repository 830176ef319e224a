package org.okl.spark.data;

import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.okl.api.rows.FoldScheme;

/**
 * Which rows of a data set are held out as calibration rows for split conformal intervals: each row gets a uniform
 * number in [0, 1) from Spark's 64-bit xxHash of a seed and a key (the value of a key column, or else the row's own
 * input and output values), its top 53 bits times 2^-53, and is a calibration row when the number is below the
 * calibration fraction. The draw is a column expression, computed where the row is: it depends on nothing but the
 * row and the seed, so a partition computed again (a lost executor) draws the same rows, and so does any
 * partitioning of the same rows, which the global row index of a fit ({@link SourceOrder}) would not. Rows with equal
 * keys (duplicates, for the row's values) fall on the same side; the numbers of the calibration rows are uniform
 * below the fraction, so those below a smaller bound are a uniform sample of them (the cap on kept residuals).
 */
public final class CalibrationDraw {
    /** The scale of the top 53 bits of a hash: 2^-53. */
    private static final double UNIT = 1.0 / (1L << 53);
    /** Mixed with the seed, so that the draw differs from the other draws of the same seed. */
    private static final long SALT = 0x5A17C0DEL;

    private CalibrationDraw() {
    }

    /**
     * The uniform number of every row, as a column expression.
     *
     * @param keys the columns hashed: the key column, or the input and output columns
     * @param seed the seed (the estimator's)
     */
    public static Column uniform(List<String> keys, long seed) {
        Column[] hashed = new Column[keys.size() + 1];
        hashed[0] = functions.lit(FoldScheme.mix(seed, SALT));
        for (int i = 0; i < keys.size(); i++) {
            hashed[i + 1] = functions.col(quoted(keys.get(i)));
        }
        return functions.shiftrightunsigned(functions.xxhash64(hashed), 11).cast("double")
                .multiply(functions.lit(UNIT));
    }

    /** A column name as an expression reads it (dots and spaces kept). */
    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
