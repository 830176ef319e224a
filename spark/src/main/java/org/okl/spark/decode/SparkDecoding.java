package org.okl.spark.decode;

import java.util.Optional;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.core.Model;
import org.okl.decoders.output.CandidateScoring;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Jobs;
import org.okl.spark.data.RowBlock;
import org.okl.spark.data.SerializerCheck;
import org.okl.spark.data.SparkErrors;
import org.okl.spark.exec.ArrayData;
import org.okl.spark.exec.ModelBroadcast;
import org.okl.spark.fit.SparkRows;

/**
 * Candidate pre-images over a candidate set held as a Spark data set (the {@code candidates} decoder of IOKR, OEL and
 * the KDE pipelines at scale): the predictions h of the test inputs are computed once on the driver; the model and h
 * are broadcast; every partition reads its candidates in blocks, scores each block against blocks of predictions
 * with the model's fitted output embedding (its candidate side computed once per block when the embedding offers
 * it), keeps the k best per prediction, and {@code treeAggregate} merges the partitions' best. One pass over the
 * candidates, nothing persisted; a block of scores takes at most the budget's bytes.
 */
public final class SparkDecoding {
    /** The default memory of one block of scores: 64 MiB, as the one-machine decoder. */
    public static final long DEFAULT_BUDGET = 64L << 20;

    private SparkDecoding() {
    }

    /**
     * The k best candidates of every test input.
     *
     * @param model      the fitted model
     * @param inputs     the test inputs (t x p), on the driver
     * @param candidates the candidate set
     * @param columns    its columns, giving the candidates' output values (q of them, as the model's outputs)
     * @param k          the candidates kept per test input
     * @param budget     the bytes of one block of scores
     * @throws OklException for k below 1 or candidates of another width than the model's outputs
     */
    public static CandidateRanking decode(Model model, Matrix inputs, Dataset<Row> candidates, ColumnLayout columns,
            int k, long budget) {
        return decode(ModelBroadcast.of(model), inputs, candidates, columns, k, budget);
    }

    /**
     * The k best candidates of every test input, for a model as the executors receive it (with the folder plugins it
     * names).
     *
     * @see #decode(Model, Matrix, Dataset, ColumnLayout, int, long)
     */
    public static CandidateRanking decode(ModelBroadcast shipped, Matrix inputs, Dataset<Row> candidates,
            ColumnLayout columns, int k, long budget) {
        Model model = shipped.model();
        if (k < 1) {
            throw new OklException(ErrorCode.INVALID_PARAMETER, "decoding keeps k >= 1 candidates, got " + k);
        }
        Matrix h = model.predictRegression(inputs);
        int t = h.rows();
        int q = model.outputCount();
        int blockRows = (int) Math.max(64, Math.min(8192, budget / (8L * Math.max(1, t))));
        int rowBlock = (int) Math.max(1, Math.min(t, budget / (8L * blockRows)));
        JavaRDD<RowBlock> blocks = SparkRows.blocks(candidates, columns, Optional.empty(), blockRows);
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(candidates.sparkSession().sparkContext());
        SerializerCheck.require(sc.getConf());
        Broadcast<ModelBroadcast> shared = sc.broadcast(shipped);
        Broadcast<ArrayData> predictions = sc.broadcast(ArrayData.of(h));
        int partitions = blocks.getNumPartitions();
        try {
            TopCandidates best = Jobs.described(sc.sc(), "top " + k + " of the candidates for " + t + " inputs",
                    () -> blocks.treeAggregate(new TopCandidates(t, k, q, partitions),
                            (TopCandidates acc, RowBlock b) -> score(acc, b, shared.value().model().embedding(),
                                    predictions.value().matrix(), q, rowBlock, columns),
                            TopCandidates::merge, 2));
            CandidateRanking ranking = best.ranking();
            if (ranking.searched() < k) {
                throw new OklException(ErrorCode.INVALID_PARAMETER, "decoding keeps k = " + k + " candidates but "
                        + "the candidate set has " + ranking.searched());
            }
            return ranking;
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        } finally {
            shared.destroy();
            predictions.destroy();
        }
    }

    /** Scores one block of candidates against every prediction, by blocks of predictions. */
    private static TopCandidates score(TopCandidates acc, RowBlock block, FittedOutputEmbedding embedding, Matrix h,
            int q, int rowBlock, ColumnLayout columns) {
        Matrix candidates = block.inputs().toDense();
        if (candidates.cols() != q) {
            throw new OklException(ErrorCode.INVALID_DATA, "candidate columns " + columns.names() + " give "
                    + candidates.cols() + " values but the model's outputs have " + q);
        }
        acc.count(block.partition(), block.rows());
        CandidateScoring.PreparedCandidates prepared = embedding instanceof CandidateScoring scoring
                ? scoring.prepare(candidates) : rows -> embedding.candidateDistances(rows, candidates);
        for (int r0 = 0; r0 < h.rows(); r0 += rowBlock) {
            int r1 = Math.min(h.rows(), r0 + rowBlock);
            acc.offer(prepared.distances(h.rowRange(r0, r1)), r0, candidates, block.partition(),
                    block.firstInPartition());
        }
        return acc;
    }
}
