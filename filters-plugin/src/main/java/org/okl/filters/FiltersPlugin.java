package org.okl.filters;

import java.util.Collection;
import java.util.List;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.ParameterType;
import org.okl.api.component.Parameters;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.regularizer.Regularizer;
import org.okl.filters.regularizer.OutputCouplingRegularizer;
import org.okl.filters.spectral.IteratedTikhonov;
import org.okl.filters.spectral.Landweber;
import org.okl.filters.spectral.NuMethod;
import org.okl.filters.spectral.Tikhonov;
import org.okl.filters.spectral.TruncatedSvd;

/**
 * The built-in spectral filters of Baldassarre et al. 2012 ({@code tikhonov}, {@code tsvd},
 * {@code iterated-tikhonov}, {@code landweber}, {@code nu-method}) and the output-coupling regularizers
 * ({@code output-graph}, {@code output-clusters}).
 *
 * <p>Defaults: lambda = 1e-3 (a single path point; give a list for a path), 5 solves for iterated Tikhonov, 100
 * Landweber iterations with step 1/s_max, 50 nu-method iterations with nu = 1.
 */
public final class FiltersPlugin implements OklPlugin {
    /** The default lambda of the lambda-path filters. */
    public static final double DEFAULT_LAMBDA = 1e-3;

    /**
     * The iterative filters' {@code earlyStopping}: every iteration a path point, the selection choosing where to stop
     * (the default), or the t-th iterate alone (exactly t iterations; the selection has nothing to choose).
     */
    private static final ParameterSpec EARLY_STOPPING = ParameterSpec.bool("earlyStopping", true, "every iteration"
            + " 1..t is a point the selection may stop at; false: exactly t iterations, the last iterate alone");

    private static final ParameterSpec LAMBDA = ParameterSpec.positiveList("lambda", List.of(DEFAULT_LAMBDA),
            "regularization parameter on the normalised Gram Gamma/n; a list is a regularization path");

    @Override
    public String name() {
        return "okl-filters";
    }

    /** The version from the JAR manifest ({@code unspecified} when run from classes). */
    @Override
    public String version() {
        String v = FiltersPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "unspecified" : v;
    }

    @Override
    public Collection<ComponentFactory<SpectralFilter>> filters() {
        return List.of(
                SimpleComponentFactory.of("tikhonov", SpectralFilter.class,
                        "Tikhonov regularization (kernel ridge): g(s) = 1/(s + lambda)", List.of(LAMBDA),
                        (p, c) -> new Tikhonov(p.getDoubles("lambda"))),
                SimpleComponentFactory.of("tsvd", SpectralFilter.class,
                        "truncated SVD (spectral cut-off): g(s) = 1/s for s >= lambda, else 0", List.of(LAMBDA),
                        (p, c) -> new TruncatedSvd(p.getDoubles("lambda"))),
                SimpleComponentFactory.of("iterated-tikhonov", SpectralFilter.class,
                        "iterated Tikhonov: t ridge solves, each on the previous residual",
                        List.of(LAMBDA, ParameterSpec.integer("iterations", 5, 1, "number of solves t")),
                        (p, c) -> new IteratedTikhonov(p.getDoubles("lambda"), p.getInt("iterations"))),
                SimpleComponentFactory.of("landweber", SpectralFilter.class,
                        "Landweber iteration (L2 boosting); every iteration is a path point",
                        List.of(ParameterSpec.integer("iterations", 100, 1, "largest iteration count t"),
                                ParameterSpec.optionalPositive("step", "step eta (default 1/s_max; needs "
                                        + "eta < 2/s_max)"), EARLY_STOPPING),
                        (p, c) -> new Landweber(p.getInt("iterations"), p.findDouble("step").orElse(Double.NaN),
                                p.getBoolean("earlyStopping"))),
                SimpleComponentFactory.of("nu-method", SpectralFilter.class,
                        "nu-method (accelerated Landweber); every iteration is a path point",
                        List.of(ParameterSpec.integer("iterations", 50, 1, "largest iteration count t"),
                                ParameterSpec.positive("nu", 1.0, "qualification nu"), EARLY_STOPPING),
                        (p, c) -> new NuMethod(p.getInt("iterations"), p.getDouble("nu"), p.getBoolean("earlyStopping"))));
    }

    @Override
    public Collection<ComponentFactory<Regularizer>> regularizers() {
        return List.of(
                SimpleComponentFactory.of("output-graph", Regularizer.class,
                        "graph penalty between outputs (B12 eq. 30-31): a separable kernel with A = pinv(L_M); "
                                + "the parameters are those of the 'graph' output matrix",
                        List.of(new ParameterSpec("weights", ParameterType.DOUBLE_LIST, null, false,
                                        "the d x d non-negative symmetric output weights M, row-major", 0.0, true,
                                        Double.POSITIVE_INFINITY, true, List.of(), null),
                                ParameterSpec.optionalFile("file", "a file holding M (one row per line)")),
                        (p, c) -> coupling("graph", p, c)),
                SimpleComponentFactory.of("output-clusters", Regularizer.class,
                        "cluster penalty between outputs (B12 eq. 32): a separable kernel with A = pinv(G); "
                                + "the parameters are those of the 'clustering' output matrix",
                        List.of(ParameterSpec.positive("eps1", null, "the within-cluster weight"),
                                ParameterSpec.positive("eps2", null, "the cluster-mean weight"),
                                new ParameterSpec("clusters", ParameterType.DOUBLE_LIST, null, true,
                                        "the cluster index of every output, e.g. [0, 0, 1]", 0.0, true,
                                        Double.POSITIVE_INFINITY, true, List.of(), null)),
                        (p, c) -> coupling("clustering", p, c)));
    }

    /** Creates the output matrix of the same parameters by name, so the matrix code lives in one place. */
    private static Regularizer coupling(String matrix, Parameters parameters, ComponentContext context) {
        ComponentSpec spec = new ComponentSpec(matrix, parameters.spec().parameters());
        return new OutputCouplingRegularizer(context.create(OutputMatrix.class, spec));
    }
}
