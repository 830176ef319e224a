package org.okl.filters.manifold;

import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.regularizer.InputGraphPenalty;
import org.okl.api.regularizer.Regularizer;

/**
 * The {@code manifold} regularizer of vector-valued manifold regularization (Minh and Sindhwani 2011;
 * docs/conventions.md#manifold-regularization "Manifold regularization"): the penalty {@code gammaI <f, M f>} with M a
 * power of the Laplacian of the input k-NN graph over labelled and unlabelled inputs. The solver adds it to a Tikhonov
 * problem whose lambda is gammaA.
 */
public final class ManifoldRegularizer implements Regularizer {
    /** The component id. */
    public static final String ID = "manifold";

    private final GraphPenalty penalty;

    /** A regularizer with the given penalty. */
    public ManifoldRegularizer(GraphPenalty penalty) {
        this.penalty = penalty;
    }

    /** The factory: parameters {@code gammaI}, {@code neighbours}, {@code weights}, {@code normalised}, {@code power}. */
    public static ComponentFactory<Regularizer> factory() {
        return SimpleComponentFactory.of(ID, Regularizer.class,
                "Manifold regularization (Minh & Sindhwani 2011): gammaI <f, L^power f> over a k-NN input graph",
                List.of(ParameterSpec.nonNegative("gammaI", null, "weight of the graph penalty"),
                        ParameterSpec.integer("neighbours", 5, 1, "k of the k-nearest-neighbour input graph"),
                        ParameterSpec.choice("weights", EdgeWeights.BINARY.id(),
                                List.of(EdgeWeights.BINARY.id(), EdgeWeights.GAUSSIAN.id()),
                                "edge weights: binary, or gaussian with sigma = mean edge length"),
                        ParameterSpec.bool("normalised", true, "normalised Laplacian I - D^-1/2 W D^-1/2 (else D - W)"),
                        ParameterSpec.integer("power", 1, 1, "use L^power (iterated Laplacian)")),
                (p, context) -> new ManifoldRegularizer(new GraphPenalty(p.getDouble("gammaI"), p.getInt("neighbours"),
                        EdgeWeights.fromId(p.getString("weights")), p.getBoolean("normalised"), p.getInt("power"))));
    }

    /** The graph penalty. */
    @Override
    public Optional<InputGraphPenalty> inputPenalty() {
        return Optional.of(penalty);
    }
}
