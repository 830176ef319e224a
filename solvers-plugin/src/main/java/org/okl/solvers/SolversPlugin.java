package org.okl.solvers;

import java.util.Collection;
import java.util.List;
import org.okl.api.OklVersion;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.solve.RegressionSolver;
import org.okl.solvers.block.BlockSolver;
import org.okl.solvers.kde.CovarianceKdeSolver;
import org.okl.solvers.kde.IncompleteCholeskySettings;
import org.okl.solvers.lowrank.FalkonSolver;
import org.okl.solvers.lowrank.FourierSketch;
import org.okl.solvers.lowrank.IncompleteCholeskySketch;
import org.okl.solvers.lowrank.LowRankEigenSolver;
import org.okl.solvers.lowrank.NystromSketch;
import org.okl.solvers.manifold.ManifoldSolver;
import org.okl.solvers.multitask.MultitaskSolver;
import org.okl.solvers.separable.SeparableSolver;

/**
 * OKL's own solvers and kernel sketches, registered through the same {@link OklPlugin} SPI as every third-party
 * component (listed in core's {@code META-INF/services}), so {@code okl plugins} shows them, pipelines name them,
 * and a plugin adds a solver or a sketch the same way.
 */
public final class SolversPlugin implements OklPlugin {
    private static final ParameterSpec BLOCK_ROWS = ParameterSpec.integer("blockRows", 0, 0,
            "the most rows of one kernel block (0: about 8 M features per block, 256-8192 rows); memory is "
                    + "O(blockRows x m) besides the m x m sums");

    @Override
    public String name() {
        return "okl-core";
    }

    @Override
    public String version() {
        return OklVersion.get();
    }

    @Override
    public Collection<ComponentFactory<RegressionSolver>> solvers() {
        return List.of(
                solver("manifold-sylvester", "vector-valued manifold regularization: Hessenberg-Schur or per-column "
                        + "LU (MS11)", List.of(), new ManifoldSolver()),
                solver("covariance-kde", "Kadri's covariance and conditional-covariance KDE: exact O(n^3) eigen "
                        + "route, or incomplete Cholesky", List.of(), new CovarianceKdeSolver()),
                SimpleComponentFactory.of("low-rank-eigen", RegressionSolver.class,
                        "separable kernels with a sketch: m x m sums in one blocked pass, every filter's path from "
                                + "one m x m eigendecomposition; O(n m^2 + m^3) time, O(m^2 + block m) memory",
                        List.of(BLOCK_ROWS), (p, c) -> new LowRankEigenSolver(p.getInt("blockRows"))),
                SimpleComponentFactory.of("falkon", RegressionSolver.class,
                        "separable kernels with a Nystrom sketch, Falkon: CG preconditioned by Cholesky factors of "
                                + "k(L, L), one blocked pass per iteration, no m x m eigendecomposition; preferred "
                                + "above 4096 landmarks",
                        List.of(BLOCK_ROWS, ParameterSpec.integer("iterations", 50, 1,
                                        "the most conjugate-gradient iterations (passes over the rows) per solve"),
                                ParameterSpec.positive("tolerance", 1e-7, "the relative residual at which "
                                        + "conjugate gradients stop")),
                        (p, c) -> new FalkonSolver(p.getInt("blockRows"), p.getInt("iterations"),
                                p.getDouble("tolerance"))),
                solver("multitask", "task-indexed kernels k(x,x') A[t,t'] (B12 multi-task)", List.of(),
                        new MultitaskSolver()),
                solver("separable-eigen", "separable kernels k A: eigen or tridiagonal route for the whole path "
                        + "(Rifkin-Lippert), matrix-free iterations", List.of(), new SeparableSolver()),
                solver("block-iterative", "general operator-valued kernels (div-free, curl-free): block Gram, "
                        + "iterative filters matrix-free", List.of(), new BlockSolver()));
    }

    @Override
    public Collection<ComponentFactory<KernelSketch>> sketches() {
        return List.of(
                SimpleComponentFactory.of(NystromSketch.ID, KernelSketch.class,
                        "Nystrom landmarks, uniform or by ridge leverage scores: phi(x) = k(x, L), M = k(L, L)",
                        List.of(ParameterSpec.integer("rank", 500, 1, "the number of landmarks m (at most n)"),
                                ParameterSpec.choice("sampling", "uniform", List.of("uniform", "leverage"),
                                        "how landmarks are drawn"),
                                ParameterSpec.positive("lambda", 1e-3, "the ridge of the leverage scores")),
                        (p, c) -> new NystromSketch(p.getInt("rank"), p.getString("sampling").equals("leverage"),
                                p.getDouble("lambda"))),
                SimpleComponentFactory.of(FourierSketch.ID, KernelSketch.class,
                        "random Fourier features of a shift-invariant kernel (Rahimi-Recht)",
                        List.of(ParameterSpec.integer("features", 1000, 1, "the number of features r")),
                        (p, c) -> new FourierSketch(p.getInt("features"))),
                SimpleComponentFactory.of(IncompleteCholeskySettings.NAME, KernelSketch.class,
                        "pivoted incomplete Cholesky (rows in memory): its pivots as landmarks; the covariance KDE "
                                + "also factors the output Gram",
                        List.of(ParameterSpec.integer("rank", null, 1, "the largest rank m1 of the input factor"),
                                new ParameterSpec("outputRank", org.okl.api.component.ParameterType.INTEGER, null,
                                        false, "the largest rank m2 of the output factor (covariance KDE; default "
                                        + "rank)", 1, true, Double.POSITIVE_INFINITY, true, List.of(), null),
                                ParameterSpec.nonNegative("tolerance", 0.0, "stop once the residual trace is at "
                                        + "most this")),
                        (p, c) -> new IncompleteCholeskySketch(IncompleteCholeskySettings.parse(p.spec()))));
    }

    private static ComponentFactory<RegressionSolver> solver(String id, String description,
            List<ParameterSpec> parameters, RegressionSolver solver) {
        return SimpleComponentFactory.of(id, RegressionSolver.class, description, parameters, (p, c) -> solver);
    }
}
