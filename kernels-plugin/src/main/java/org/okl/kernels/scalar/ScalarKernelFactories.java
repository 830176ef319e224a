package org.okl.kernels.scalar;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.ParameterType;
import org.okl.api.component.Parameters;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.kernel.DataDependentKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.kernels.bandwidth.DataDependentWidthKernel;
import org.okl.kernels.bandwidth.UnresolvedCompositeKernel;

/** The factories of the scalar kernels, with ids and parameters as in docs/conventions.md#scalar-kernels. */
public final class ScalarKernelFactories {
    private static final double INF = Double.POSITIVE_INFINITY;

    private ScalarKernelFactories() {
    }

    /** Every scalar kernel factory of the plugin. */
    public static List<ComponentFactory<VectorKernel>> all() {
        return List.of(linear(), polynomial(), gaussian(), laplacian(), tanimoto(), gaussianTanimoto(),
                sequenceOneHot(), normalized(), sum(), product(), scaled(), ardGaussian(), ardLaplacian());
    }

    static ComponentFactory<VectorKernel> linear() {
        return SimpleComponentFactory.of("linear", VectorKernel.class, "linear kernel <x, x'>", List.of(),
                (p, c) -> new LinearKernel(c.linearAlgebra()));
    }

    static ComponentFactory<VectorKernel> polynomial() {
        return SimpleComponentFactory.of("polynomial", VectorKernel.class,
                "polynomial kernel (<x, x'> + offset)^degree",
                List.of(ParameterSpec.integer("degree", 3, 1, "the whole exponent"),
                        ParameterSpec.nonNegative("offset", 1.0, "the constant added to the inner product")),
                (p, c) -> new PolynomialKernel(p.getInt("degree"), p.getDouble("offset"), c.linearAlgebra()));
    }

    static ComponentFactory<VectorKernel> gaussian() {
        List<ParameterSpec> params = new ArrayList<>(List.of(ParameterSpec.optionalPositive("sigma", "the width"),
                ParameterSpec.optionalPositive("gamma", "1/(2 sigma^2), instead of sigma")));
        params.addAll(widthFromData("median pairwise Euclidean distance"));
        return SimpleComponentFactory.of("gaussian", VectorKernel.class,
                "Gaussian kernel exp(-||x - x'||^2 / (2 sigma^2)); give sigma, gamma = 1/(2 sigma^2) or bandwidth",
                params, ScalarKernelFactories::createGaussian);
    }

    /** The parameters of a width taken from the training inputs. */
    private static List<ParameterSpec> widthFromData(String median) {
        return List.of(new ParameterSpec("bandwidth", ParameterType.STRING, null, false,
                        "width from the training inputs: median (" + median + "), or knn (mean distance to the "
                                + "nearest neighbours)",
                        Double.NEGATIVE_INFINITY, true, INF, true, List.of("median", "knn"), null),
                ParameterSpec.range("neighbours-fraction", 0.2, 0.0, false, 1.0, true,
                        "k = fraction of the training points, for bandwidth knn"),
                ParameterSpec.positive("factor", 1.0, "multiplies the width from the training inputs (a grid of "
                        + "factors searches around it)"));
    }

    private static VectorKernel createGaussian(Parameters p, ComponentContext c) {
        int given = (p.has("sigma") ? 1 : 0) + (p.has("gamma") ? 1 : 0) + (p.has("bandwidth") ? 1 : 0);
        if (given != 1) {
            throw new InvalidParameterException("gaussian", "sigma",
                    "must be given, or else exactly one of 'gamma' (= 1/(2 sigma^2)) and 'bandwidth' (median or knn);"
                            + " got " + given + " of the three");
        }
        if (p.has("bandwidth")) {
            return fromData(p, DataDependentWidthKernel.Family.GAUSSIAN);
        }
        double sigma = p.has("sigma") ? p.getDouble("sigma") : Math.sqrt(1.0 / (2.0 * p.getDouble("gamma")));
        requireWidth("gaussian", p.has("sigma") ? "sigma" : "gamma", sigma);
        requireNoFactor(p);
        return new GaussianKernel(sigma, c.linearAlgebra());
    }

    private static VectorKernel fromData(Parameters p, DataDependentWidthKernel.Family family) {
        if (p.has("sigma")) {
            throw new InvalidParameterException(family.id(), "sigma", "give either 'sigma' or 'bandwidth', not both");
        }
        DataDependentWidthKernel.Rule rule =
                DataDependentWidthKernel.Rule.valueOf(p.getString("bandwidth").toUpperCase(Locale.ROOT));
        return new DataDependentWidthKernel(family, rule, p.getDouble("neighbours-fraction"),
                requireWidth(family.id(), "factor", p.getDouble("factor")));
    }

    private static void requireNoFactor(Parameters p) {
        if (p.has("factor") && p.getDouble("factor") != 1.0) {
            throw new InvalidParameterException(p.spec().name(), "factor", "multiplies a width taken from the "
                    + "training inputs; it needs 'bandwidth' (median or knn), not a fixed width");
        }
    }

    static ComponentFactory<VectorKernel> laplacian() {
        List<ParameterSpec> params = new ArrayList<>(List.of(ParameterSpec.optionalPositive("sigma",
                "the width (default 1 unless bandwidth is given)")));
        params.addAll(widthFromData("median pairwise L1 distance"));
        return SimpleComponentFactory.of("laplacian", VectorKernel.class, "Laplacian kernel exp(-||x - x'||_1 / sigma)",
                params, (p, c) -> {
                    if (p.has("bandwidth")) {
                        return fromData(p, DataDependentWidthKernel.Family.LAPLACIAN);
                    }
                    requireNoFactor(p);
                    return new LaplacianKernel(requireWidth("laplacian", "sigma",
                            p.has("sigma") ? p.getDouble("sigma") : 1.0));
                });
    }

    static ComponentFactory<VectorKernel> ardGaussian() {
        return SimpleComponentFactory.of("ard-gaussian", VectorKernel.class,
                "Gaussian kernel with one width per feature, exp(-sum_f (x_f - x'_f)^2 / (2 w_f^2))",
                List.of(widthList()), (p, c) -> ArdKernel.gaussian(widths("ard-gaussian", p), c.linearAlgebra()));
    }

    static ComponentFactory<VectorKernel> ardLaplacian() {
        return SimpleComponentFactory.of("ard-laplacian", VectorKernel.class,
                "Laplacian kernel with one width per feature, exp(-sum_f |x_f - x'_f| / w_f)",
                List.of(widthList()), (p, c) -> ArdKernel.laplacian(widths("ard-laplacian", p)));
    }

    private static ParameterSpec widthList() {
        return new ParameterSpec("widths", ParameterType.DOUBLE_LIST, null, true,
                "one width > 0 per input feature (after the pipeline's input transforms)", 0.0, false, INF, true,
                List.of(), null);
    }

    private static double[] widths(String component, Parameters p) {
        List<Double> w = p.getDoubles("widths");
        if (w.isEmpty()) {
            throw new InvalidParameterException(component, "widths", "must list one width per input feature");
        }
        double[] out = new double[w.size()];
        for (int f = 0; f < out.length; f++) {
            out[f] = requireWidth(component, "widths", w.get(f));
        }
        return out;
    }

    static ComponentFactory<VectorKernel> tanimoto() {
        return SimpleComponentFactory.of("tanimoto", VectorKernel.class,
                "Tanimoto kernel <y, y'> / (||y||^2 + ||y'||^2 - <y, y'>), T(0, 0) = 1", List.of(),
                (p, c) -> new TanimotoKernel(c.linearAlgebra()));
    }

    static ComponentFactory<VectorKernel> gaussianTanimoto() {
        List<ParameterSpec> params = new ArrayList<>(List.of(ParameterSpec.optionalPositive("sigma",
                "the width (default 1 unless bandwidth is given)")));
        params.addAll(widthFromData("median pairwise distance sqrt(2 - 2T)"));
        return SimpleComponentFactory.of("gaussian-tanimoto", VectorKernel.class,
                "Gaussian-Tanimoto kernel exp(-(2 - 2 T(y, y')) / (2 sigma^2))", params, (p, c) -> {
                    if (p.has("bandwidth")) {
                        return fromData(p, DataDependentWidthKernel.Family.GAUSSIAN_TANIMOTO);
                    }
                    requireNoFactor(p);
                    return new GaussianTanimotoKernel(requireWidth("gaussian-tanimoto", "sigma",
                            p.has("sigma") ? p.getDouble("sigma") : 1.0), c.linearAlgebra());
                });
    }

    static ComponentFactory<VectorKernel> sequenceOneHot() {
        return SimpleComponentFactory.of("sequence-one-hot", VectorKernel.class,
                "linear kernel on one-hot-per-position sequences (0 = padding, 1..alphabet = symbols)",
                List.of(ParameterSpec.integer("alphabet", 26, 1, "the number of symbols")),
                (p, c) -> new SequenceOneHotKernel(p.getInt("alphabet")));
    }

    static ComponentFactory<VectorKernel> normalized() {
        return SimpleComponentFactory.of("normalized", VectorKernel.class,
                "cosine normalisation k(x, x') / sqrt(k(x, x) k(x', x'))",
                List.of(ParameterSpec.component("kernel", VectorKernel.class, null, "the kernel to normalise")),
                (p, c) -> composite(p, c, "kernel", false, parts -> new NormalizedKernel(parts.get(0))));
    }

    static ComponentFactory<VectorKernel> sum() {
        return SimpleComponentFactory.of("sum", VectorKernel.class, "sum of kernels",
                List.of(componentList("kernels", "the kernels to add")),
                (p, c) -> composite(p, c, "kernels", true, SumKernel::new));
    }

    static ComponentFactory<VectorKernel> product() {
        return SimpleComponentFactory.of("product", VectorKernel.class, "element-wise product of kernels",
                List.of(componentList("kernels", "the kernels to multiply")),
                (p, c) -> composite(p, c, "kernels", true, ProductKernel::new));
    }

    static ComponentFactory<VectorKernel> scaled() {
        return SimpleComponentFactory.of("scaled", VectorKernel.class, "a kernel times a positive factor",
                List.of(ParameterSpec.positive("factor", null, "the positive factor"),
                        ParameterSpec.component("kernel", VectorKernel.class, null, "the kernel to scale")),
                (p, c) -> composite(p, c, "kernel", false,
                        parts -> new ScaledKernel(requireWidth("scaled", "factor", p.getDouble("factor")),
                                parts.get(0))));
    }

    private static ParameterSpec componentList(String name, String description) {
        return new ParameterSpec(name, ParameterType.COMPONENT_LIST, null, true, description, Double.NEGATIVE_INFINITY,
                true, INF, true, List.of(), VectorKernel.class);
    }

    /**
     * Creates the parts of a combination kernel and then the combination, or an {@link UnresolvedCompositeKernel}
     * when a part takes its parameters from the training inputs.
     */
    private static VectorKernel composite(Parameters p, ComponentContext c, String parameter, boolean list,
            Function<List<VectorKernel>, VectorKernel> combine) {
        List<ComponentSpec> specs = list ? p.getComponents(parameter) : List.of(p.getComponent(parameter));
        String name = p.spec().name();
        if (specs.isEmpty()) {
            throw new InvalidParameterException(name, parameter, "must list at least one kernel");
        }
        List<VectorKernel> parts = new ArrayList<>();
        boolean dataDependent = false;
        for (ComponentSpec s : specs) {
            VectorKernel k = c.create(VectorKernel.class, s);
            dataDependent |= k instanceof DataDependentKernel;
            parts.add(k);
        }
        if (dataDependent) {
            return new UnresolvedCompositeKernel(p.spec(), parameter, list, specs, parts);
        }
        return combine.apply(parts);
    }

    private static double requireWidth(String component, String parameter, double value) {
        if (!(value > 0.0) || Double.isInfinite(value)) {
            throw new InvalidParameterException(component, parameter, "must be > 0 and finite, got " + value);
        }
        return value;
    }
}
