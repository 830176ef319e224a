package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.tuning.TunableDecoder;

/**
 * The contract every {@link Decoder} must meet. A subclass supplies the decoder, a decoding context (fitted embedding
 * and training outputs), predictions suited to it, and a case with ties and the outputs the tie rule gives; the tests
 * check the output shape, determinism, that rows decode independently (so decoding by blocks is safe), the tie
 * rule, and for a {@link TunableDecoder} that its ways of tuning are as many on any data (model selection compares
 * them way by way across splits).
 */
public abstract class DecoderContract {

    /** A new instance of the decoder under test. */
    protected abstract Decoder decoder();

    /** The context the decoder decodes with. */
    protected abstract DecodingContext decodingContext();

    /** Predictions H (t x width the embedding expects), t at least 3, without ties. */
    protected abstract Matrix predictions();

    /** Predictions that tie between outputs. */
    protected abstract Matrix tiedPredictions();

    /** The outputs the decoder's tie rule gives for {@link #tiedPredictions()}. */
    protected abstract Matrix expectedTiedOutputs();

    @Test
    void outputsHaveOneRowPerPredictionAndTheOutputWidth() {
        Matrix h = predictions();
        Decoded decoded = decoder().decode(h, decodingContext());
        assertThat(decoded.outputs().rows()).isEqualTo(h.rows());
        assertThat(decoded.outputs().cols()).isEqualTo(decodingContext().trainingOutputs().cols());
        assertThat(decoded.outputs().isFinite()).isTrue();
        decoded.scores().ifPresent(s -> assertThat(s.rows()).isEqualTo(h.rows()));
        decoded.ranking().ifPresent(r -> assertThat(r.indices().length).isEqualTo(h.rows()));
    }

    @Test
    void decodingIsDeterministic() {
        Matrix h = predictions();
        Decoded first = decoder().decode(h, decodingContext());
        Decoded second = decoder().decode(h.copy(), decodingContext());
        assertThat(second.outputs().data()).containsExactly(first.outputs().data());
        assertThat(second.ranking().isPresent()).isEqualTo(first.ranking().isPresent());
        first.ranking().ifPresent(r -> assertThat(second.ranking().orElseThrow().indices()).isDeepEqualTo(r.indices()));
    }

    @Test
    void rowsDecodeIndependently() {
        Matrix h = predictions();
        Matrix all = decoder().decode(h, decodingContext()).outputs();
        int[] reversed = new int[h.rows() - 1];
        for (int k = 0; k < reversed.length; k++) {
            reversed[k] = h.rows() - 1 - k;
        }
        Matrix part = decoder().decode(h.selectRows(reversed), decodingContext()).outputs();
        TestMatrices.assertClose(all.selectRows(reversed), part, 0.0);
    }

    @Test
    void tiesFollowTheDocumentedRule() {
        Matrix decoded = decoder().decode(tiedPredictions(), decodingContext()).outputs();
        TestMatrices.assertClose(expectedTiedOutputs(), decoded, 0.0);
    }

    @Test
    void aTunableDecoderTunesAsManyWaysOnAnyData() {
        if (!(decoder() instanceof TunableDecoder tunable)) {
            return;
        }
        DifferingEntries differing = new DifferingEntries();
        Matrix h = predictions();
        Matrix truth = decoder().decode(h, decodingContext()).outputs();
        List<Optional<ComponentSpec>> all = tunable.tuneEachWay(h, truth, decodingContext(),
                differing);
        int[] some = {h.rows() - 1, 0};
        List<Optional<ComponentSpec>> part = tunable.tuneEachWay(h.selectRows(some),
                truth.selectRows(some), decodingContext(), differing);
        assertThat(all).isNotEmpty().doesNotContainNull();
        assertThat(part).hasSameSizeAs(all).doesNotContainNull();
    }

    /**
     * A plain {@link DecodingContext} for tests: a fitted embedding, training and unlabelled outputs, and candidate
     * files served from a map of names to matrices.
     *
     * @param embedding         the fitted embedding
     * @param trainingOutputs   the training outputs (n x q)
     * @param unlabelledOutputs the unlabelled outputs, if any
     * @param files             candidate sets by location
     * @param componentContext  back-end and seed
     */
    public record SimpleDecodingContext(FittedOutputEmbedding embedding, Matrix trainingOutputs,
            Optional<Matrix> unlabelledOutputs, Map<String, Matrix> files, ComponentContext componentContext)
            implements DecodingContext {

        /** A context without unlabelled outputs or candidate files. */
        public static SimpleDecodingContext of(FittedOutputEmbedding embedding, Matrix trainingOutputs,
                ComponentContext componentContext) {
            return new SimpleDecodingContext(embedding, trainingOutputs, Optional.empty(), Map.of(), componentContext);
        }

        @Override
        public Matrix readCandidates(String location) {
            Matrix m = files.get(location);
            if (m == null) {
                throw new IllegalArgumentException("no candidate file " + location);
            }
            return m;
        }
    }
}
