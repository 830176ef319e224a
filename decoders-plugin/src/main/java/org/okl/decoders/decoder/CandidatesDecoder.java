package org.okl.decoders.decoder;

import java.util.Optional;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Ranking;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Accelerator;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.text.UserText;
import org.okl.decoders.output.CandidateScoring;

/**
 * The {@code candidates} decoder: the pre-image over a candidate set, {@code argmin_c l(y_c, y_c) - 2 <h(x),
 * psi(y_c)>} (docs/conventions.md#output-embeddings-and-decoders), ties to the lowest candidate index. Candidates come
 * from the training outputs ({@code train}), the unlabelled outputs ({@code unlabelled}), both in that order ({@code
 * train+unlabelled}; the training outputs alone when none are unlabelled) or a {@code file} of candidate outputs,
 * read through the decoding context (so a model reads the copy it keeps, never the path).
 *
 * <p>Memory stays bounded: predictions are scored by blocks so that one block of scores holds at most
 * {@code budget} bytes, and, for this plugin's embeddings ({@link CandidateScoring}), the candidate-side quantities
 * are computed once per block of candidates (at most four budgets of them). Each block costs one gemm. The result
 * keeps the {@code rank} best candidates per prediction in {@link Decoded#ranking()}. When the context offers an
 * {@link Accelerator} (a GPU) and the embedding's criterion has the pre-image form, each block of candidates is
 * scored and selected there instead, and only the best come back.
 */
public final class CandidatesDecoder implements Decoder {

    /** The component id. */
    public static final String ID = "candidates";
    /** Candidates from the training outputs. */
    public static final String TRAIN = "train";
    /** Candidates from the unlabelled outputs. */
    public static final String UNLABELLED = "unlabelled";
    /** Candidates from the training then the unlabelled outputs. */
    public static final String TRAIN_AND_UNLABELLED = "train+unlabelled";
    /** The default memory for one block of scores: 64 MiB. */
    public static final long DEFAULT_BUDGET = 64L << 20;

    private final String from;
    private final String file;
    private final int rank;
    private final long budget;

    /**
     * @param from   which of the pipeline's outputs are the candidates
     * @param rank   how many best candidates to keep per prediction
     * @param budget bytes for one block of scores
     */
    public CandidatesDecoder(String from, int rank, long budget) {
        this(from, null, rank, budget);
    }

    /**
     * @param from   which of the pipeline's outputs are the candidates ({@link #TRAIN} when a file is given)
     * @param file   a file of candidate outputs, or {@code null}
     * @param rank   how many best candidates to keep per prediction
     * @param budget bytes for one block of scores
     */
    public CandidatesDecoder(String from, String file, int rank, long budget) {
        if (rank < 1) {
            throw new InvalidParameterException(ID, "rank", "must be >= 1, got " + rank);
        }
        if (!from.equals(TRAIN) && !from.equals(UNLABELLED) && !from.equals(TRAIN_AND_UNLABELLED)) {
            throw new InvalidParameterException(ID, "from", "must be train, unlabelled or train+unlabelled, got "
                    + UserText.quote(from) + "; a file of candidate outputs is given as \"file\"");
        }
        if (file != null && !from.equals(TRAIN)) {
            throw new InvalidParameterException(ID, "file", "gives the candidates; leave \"from\" out");
        }
        this.from = from;
        this.file = file;
        this.rank = rank;
        this.budget = Math.max(8, budget);
    }

    /** The candidate set named by {@code from}. */
    Matrix candidates(DecodingContext context) {
        if (file != null) {
            Matrix candidates = context.readCandidates(file);
            if (candidates.rows() == 0) {
                throw new InvalidParameterException(ID, "file", UserText.quote(file) + " gives no candidate");
            }
            return candidates;
        }
        Matrix train = context.trainingOutputs();
        Matrix candidates = switch (from) {
            case UNLABELLED -> context.unlabelledOutputs().orElseThrow(() -> new InvalidParameterException(ID,
                    "from", "is 'unlabelled' but the pipeline has no unlabelled outputs"));
            case TRAIN_AND_UNLABELLED -> context.unlabelledOutputs().map(train::stackRows).orElse(train);
            default -> train;
        };
        if (candidates.rows() == 0) {
            throw new InvalidParameterException(ID, "from", "'" + from + "' gives no candidate");
        }
        if (candidates.cols() != train.cols()) {
            throw new InvalidParameterException(ID, "from", "'" + from + "' gives candidates with "
                    + candidates.cols() + " columns, the training outputs have " + train.cols());
        }
        return candidates;
    }

    @Override
    public Decoded decode(Matrix h, DecodingContext context) {
        Matrix candidates = candidates(context);
        int nc = candidates.rows();
        if (rank > nc) {
            throw new InvalidParameterException(ID, "rank", "is " + rank + " but there are only " + nc
                    + " candidates");
        }
        int t = h.rows();
        RunningBest best = new RunningBest(t, rank);
        FittedOutputEmbedding embedding = context.embedding();
        if (embedding instanceof CandidateScoring scoring) {
            int candidateBlock = blockSize(4 * budget, Math.max(1, h.cols()), nc);
            Optional<Accelerator> accelerator = context.componentContext().accelerator();
            for (int c0 = 0; c0 < nc; c0 += candidateBlock) {
                int c1 = Math.min(nc, c0 + candidateBlock);
                CandidateScoring.PreparedCandidates prepared = scoring.prepare(candidates.rowRange(c0, c1));
                int k = Math.min(rank, c1 - c0);
                Optional<Accelerator.BestCandidates> onDevice = accelerator.flatMap(a -> prepared.terms(h)
                        .flatMap(terms -> a.smallestScores(terms.h(), terms.cross(), terms.transposeCross(),
                                terms.self(), k)));
                if (onDevice.isPresent()) {
                    best.offer(onDevice.get().indices(), onDevice.get().scores(), c0);
                    continue;
                }
                int rowBlock = blockSize(budget, c1 - c0, t);
                for (int r0 = 0; r0 < t; r0 += rowBlock) {
                    int r1 = Math.min(t, r0 + rowBlock);
                    best.offer(prepared.distances(h.rowRange(r0, r1)), r0, c0);
                }
            }
        } else {
            int rowBlock = blockSize(budget, nc, t);
            for (int r0 = 0; r0 < t; r0 += rowBlock) {
                int r1 = Math.min(t, r0 + rowBlock);
                best.offer(embedding.candidateDistances(h.rowRange(r0, r1), candidates), r0, 0);
            }
        }
        return new Decoded(candidates.selectRows(best.best()), Optional.empty(), Optional.of(new Ranking(best.ranking(), candidates)));
    }

    /** How many rows of {@code width} doubles fit in {@code bytes}, between 1 and {@code total}. */
    private static int blockSize(long bytes, int width, int total) {
        return (int) Math.max(1, Math.min(Math.max(total, 1), bytes / (8L * width)));
    }
}
