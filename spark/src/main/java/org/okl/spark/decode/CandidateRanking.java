package org.okl.spark.decode;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.okl.api.linalg.Matrix;

/**
 * The best candidates of every prediction, best first (ties to the candidate that comes first in the candidate set),
 * as the one-machine {@code candidates} decoder ranks them.
 *
 * @param indices    per prediction, the candidates' indices in the candidate data set's order
 * @param distances  per prediction, their pre-image criterion {@code l(y_c, y_c) - 2 <h(x), psi(y_c)>}
 * @param candidates per prediction, the candidates' output values (k x q)
 * @param searched   the number of candidates scored
 */
public record CandidateRanking(long[][] indices, double[][] distances, Matrix[] candidates, long searched) {

    /** The number of predictions. */
    public int size() {
        return indices.length;
    }

    /** The best candidate of every prediction (t x q): the decoded outputs. */
    public Matrix best() {
        int q = candidates.length == 0 ? 0 : candidates[0].cols();
        Matrix out = Matrix.zeros(indices.length, q);
        for (int i = 0; i < indices.length; i++) {
            for (int j = 0; j < q; j++) {
                out.set(i, j, candidates[i].get(0, j));
            }
        }
        return out;
    }

    /**
     * The ranking as rows {@code (row, rank, candidate, distance, output)}: the prediction's row (0-based, in the
     * order of the inputs), the rank (1 = best), the candidate's index, its criterion and its values (an ML vector).
     */
    public Dataset<Row> toDataFrame(SparkSession spark) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < indices.length; i++) {
            for (int r = 0; r < indices[i].length; r++) {
                rows.add(RowFactory.create((long) i, r + 1, indices[i][r], distances[i][r],
                        Vectors.dense(candidates[i].row(r))));
            }
        }
        StructType schema = new StructType().add("row", DataTypes.LongType, false)
                .add("rank", DataTypes.IntegerType, false).add("candidate", DataTypes.LongType, false)
                .add("distance", DataTypes.DoubleType, false).add("output", SQLDataTypes.VectorType(), false);
        return spark.createDataFrame(rows, schema);
    }
}
