package org.okl.bench;

/**
 * The sizes of the structured workloads, which do not follow {@code --n}.
 *
 * @param kdeTrain         training digits of the covariance KDE fit
 * @param manifoldPoints   points (labelled + unlabelled) of the manifold-regularization solve
 * @param manifoldLabelled labelled points among them
 * @param uspsLabelled     labelled USPS digits (IOKR and OEL training)
 * @param uspsUnlabelled   unlabelled USPS bottom halves (OEL's m; also extra decoding candidates)
 * @param uspsTest         test digits decoded
 * @param oelComponents    OEL's embedding dimension p
 */
public record StructuredSizes(int kdeTrain, int manifoldPoints, int manifoldLabelled, int uspsLabelled,
        int uspsUnlabelled, int uspsTest, int oelComponents) {

    /** The sizes of the targets: KDE n = 1000, VVMR N = 2000 (500 labelled), USPS 1000 + 6000 / 2007. */
    public static final StructuredSizes DEFAULTS = new StructuredSizes(1000, 2000, 500, 1000, 6000, 2007, 128);

    /** Checks that every size is positive and the labelled points fit among all points. */
    public StructuredSizes {
        if (kdeTrain < 2 || manifoldPoints < 2 || manifoldLabelled < 1 || uspsLabelled < 2 || uspsUnlabelled < 0
                || uspsTest < 1 || oelComponents < 1) {
            throw new IllegalArgumentException("structured workload sizes must be positive");
        }
        if (manifoldLabelled > manifoldPoints) {
            throw new IllegalArgumentException(manifoldLabelled + " labelled points among " + manifoldPoints);
        }
    }
}
