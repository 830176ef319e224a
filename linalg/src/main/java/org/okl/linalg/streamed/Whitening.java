package org.okl.linalg.streamed;

import java.util.Optional;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.SymmetricSpectrum;

/**
 * The map T (m x r) from whitened features {@code z = T^T phi} to sketch weights, with {@code T T^T = M^+}: from the
 * eigendecomposition {@code M = V diag(e) V^T} of the sketch's metric, {@code T = V_r diag(e_r^-1/2)} over the
 * eigenvalues above {@value #RTOL} of the largest (the pseudo-inverse convention), so {@code Z Z^T = Phi M^+ Phi^T}
 * is the sketched kernel. Without a metric (explicit features) T is the identity.
 */
public final class Whitening {
    /** Relative threshold below which eigenvalues count as zero (docs/conventions.md). */
    public static final double RTOL = 1e-10;

    private final Matrix map;
    private final int features;

    private Whitening(Matrix map, int features) {
        this.map = map;
        this.features = features;
    }

    /**
     * The whitening of a sketch's metric.
     *
     * @param metric        M (m x m), or empty for the identity
     * @param features      m
     * @param linearAlgebra the back-end
     * @throws IllegalArgumentException when M is zero
     */
    public static Whitening of(Optional<Matrix> metric, int features, LinearAlgebra linearAlgebra) {
        if (metric.isEmpty()) {
            return new Whitening(null, features);
        }
        SymmetricSpectrum spectrum = SymmetricSpectrum.of(metric.get(), linearAlgebra);
        double[] e = spectrum.values();
        int rank = 0;
        while (rank < e.length && e[rank] > RTOL * e[0]) {
            rank++;
        }
        if (rank == 0) {
            throw new IllegalArgumentException("the sketch's metric is zero: the kernel vanishes on its landmarks");
        }
        Matrix t = spectrum.vectors().columnRange(0, rank);
        int m = t.rows();
        double[] d = t.data();
        for (int j = 0; j < rank; j++) {
            double f = 1 / Math.sqrt(e[j]);
            for (int i = j * m; i < (j + 1) * m; i++) {
                d[i] *= f;
            }
        }
        return new Whitening(t, features);
    }

    /** The number of sketch features m. */
    public int features() {
        return features;
    }

    /** The number of whitened features r (the rank of the metric). */
    public int rank() {
        return map == null ? features : map.cols();
    }

    /** T itself (m x r), or empty for the identity. */
    public Optional<Matrix> map() {
        return Optional.ofNullable(map);
    }

    /** {@code T^T G T} (r x r) for a symmetric G (m x m). */
    public Matrix congruence(Matrix g, LinearAlgebra linearAlgebra) {
        if (map == null) {
            return g;
        }
        return linearAlgebra.multiply(map, true, linearAlgebra.multiply(g, map), false);
    }

    /** {@code T^T R} (r x d) for R (m x d). */
    public Matrix left(Matrix r, LinearAlgebra linearAlgebra) {
        return map == null ? r : linearAlgebra.multiply(map, true, r, false);
    }

    /** {@code T B} (m x d) for B (r x d): whitened weights back to sketch weights. */
    public Matrix back(Matrix b, LinearAlgebra linearAlgebra) {
        return map == null ? b : linearAlgebra.multiply(map, b);
    }
}
