package org.okl.decoders.decoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.decoders.output.KernelEmbedding;
import org.okl.decoders.output.OelEmbedding;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.testkit.DecoderContract.SimpleDecodingContext;
import org.okl.testkit.TestMatrices;

class CandidatesDecoderTest {
    private final KernelTestContext context = new KernelTestContext();
    private final Matrix training = TestMatrices.random(20, 3, 1);
    private final Matrix unlabelled = TestMatrices.random(4, 3, 2);
    private final Matrix file = TestMatrices.random(37, 3, 3);
    private final Matrix h = TestMatrices.random(23, 20, 4);

    private SimpleDecodingContext decodingContext(FittedOutputEmbedding embedding) {
        return new SimpleDecodingContext(embedding, training, Optional.of(unlabelled), Map.of("c.csv", file),
                context);
    }

    private FittedOutputEmbedding kernel() {
        return new KernelEmbedding(KernelTestContext.gaussian(1.0)).fit(new OutputData(training, Optional.empty()),
                context);
    }

    /** The embedding seen only through the api (no candidate preparation): the generic block path. */
    private static FittedOutputEmbedding apiOnly(FittedOutputEmbedding e) {
        return new FittedOutputEmbedding() {
            @Override
            public Optional<Matrix> targets() {
                return e.targets();
            }

            @Override
            public Matrix outputGram() {
                return e.outputGram();
            }

            @Override
            public Matrix scores(Matrix x) {
                return e.scores(x);
            }

            @Override
            public Matrix toOutputs(Matrix decisions) {
                return e.toOutputs(decisions);
            }

            @Override
            public Matrix candidateDistances(Matrix x, Matrix candidates) {
                return e.candidateDistances(x, candidates);
            }
        };
    }

    /** The ranking of every row by a stable sort of the full distance matrix: the oracle. */
    private static int[][] sortedRanking(Matrix distances, int rank) {
        int[][] r = new int[distances.rows()][];
        for (int i = 0; i < distances.rows(); i++) {
            int row = i;
            r[i] = IntStream.range(0, distances.cols()).boxed()
                    .sorted(Comparator.comparingDouble(c -> distances.get(row, c)))
                    .limit(rank).mapToInt(Integer::intValue).toArray();
        }
        return r;
    }

    @Test
    void decodingByBlocksEqualsDecodingAtOnce() {
        FittedOutputEmbedding embedding = kernel();
        Matrix distances = embedding.candidateDistances(h, file);
        int[][] expected = sortedRanking(distances, 4);
        for (FittedOutputEmbedding e : new FittedOutputEmbedding[] {embedding, apiOnly(embedding)}) {
            for (long budget : new long[] {8, 8 * 5, 8 * 37 * 3, CandidatesDecoder.DEFAULT_BUDGET}) {
                Decoded d = new CandidatesDecoder("train", "c.csv", 4, budget).decode(h, decodingContext(e));
                assertThat(d.ranking().orElseThrow().indices()).as("budget %d", budget).isDeepEqualTo(expected);
                int[] best = Arrays.stream(expected).mapToInt(r -> r[0]).toArray();
                TestMatrices.assertClose(file.selectRows(best), d.outputs(), 0);
            }
        }
    }

    @Test
    void oelDecodingByBlocksEqualsDecodingAtOnce() {
        FittedOutputEmbedding oel = new OelEmbedding(KernelTestContext.gaussian(1.0), 0.5, 6,
                OelEmbedding.Svd.RANDOMIZED, 10, 2).fit(new OutputData(training, Optional.of(unlabelled)), context)
                .refine(TestMatrices.random(20, 20, 9));
        int[][] expected = sortedRanking(oel.candidateDistances(h, file), 3);
        Decoded d = new CandidatesDecoder("train", "c.csv", 3, 16).decode(h, decodingContext(oel));
        assertThat(d.ranking().orElseThrow().indices()).isDeepEqualTo(expected);
    }

    @Test
    void candidateSetsComeFromTheTrainingUnlabelledOrBothOutputs() {
        FittedOutputEmbedding embedding = kernel();
        Matrix both = training.stackRows(unlabelled);
        assertThat(new CandidatesDecoder("train", 1, 64).candidates(decodingContext(embedding)).data())
                .containsExactly(training.data());
        assertThat(new CandidatesDecoder("unlabelled", 1, 64).candidates(decodingContext(embedding)).data())
                .containsExactly(unlabelled.data());
        assertThat(new CandidatesDecoder("train+unlabelled", 1, 64).candidates(decodingContext(embedding)).data())
                .containsExactly(both.data());
        SimpleDecodingContext none = SimpleDecodingContext.of(embedding, training, context);
        assertThat(new CandidatesDecoder("train+unlabelled", 1, 64).candidates(none).data())
                .containsExactly(training.data());
        assertThatThrownBy(() -> new CandidatesDecoder("unlabelled", 1, 64).candidates(none))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("candidates: parameter 'from'");
    }

    @Test
    void aRankAboveTheNumberOfCandidatesIsRejected() {
        assertThatThrownBy(() -> new CandidatesDecoder("unlabelled", 5, 64).decode(h, decodingContext(kernel())))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("candidates: parameter 'rank' is 5 but there are only 4 candidates");
    }
}
