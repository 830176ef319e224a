package org.okl.kernels.operator;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.ParameterType;
import org.okl.api.component.Parameters;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.operator.BlockOperatorKernel;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.operator.SeparableOperatorKernel;

/** The factories of the operator-valued kernels (docs/conventions.md#operator-valued-kernels). */
public final class OperatorKernelFactories {
    private static final double INF = Double.POSITIVE_INFINITY;

    private OperatorKernelFactories() {
    }

    /** Every operator-kernel factory of the plugin. */
    public static List<ComponentFactory<OperatorKernel>> all() {
        return List.of(separable(), covariance(), conditionalCovariance(), divergenceFree(), curlFree(), divCurl(),
                operatorSum());
    }

    static ComponentFactory<OperatorKernel> separable() {
        return SimpleComponentFactory.of("separable", OperatorKernel.class, "Gamma(x, x') = k(x, x') A",
                List.of(ParameterSpec.component("matrix", OutputMatrix.class, ComponentSpec.of("identity"),
                        "the output matrix A")),
                (p, c) -> new SeparableKernel(c.create(OutputMatrix.class, p.getComponent("matrix"))));
    }

    static ComponentFactory<OperatorKernel> covariance() {
        return SimpleComponentFactory.of("covariance", OperatorKernel.class,
                "Kadri et al. eq. 5: k(x, x') times the output covariance operator", List.of(),
                (p, c) -> new CovarianceOperatorKernel(false, 0.0));
    }

    static ComponentFactory<OperatorKernel> conditionalCovariance() {
        return SimpleComponentFactory.of("conditional-covariance", OperatorKernel.class,
                "Kadri et al. eq. 7: k(x, x') times the conditional output covariance operator",
                List.of(ParameterSpec.positive("epsilon", null, "the inversion regulariser")),
                (p, c) -> new CovarianceOperatorKernel(true, positive("conditional-covariance", "epsilon",
                        p.getDouble("epsilon"))));
    }

    static ComponentFactory<OperatorKernel> divergenceFree() {
        return SimpleComponentFactory.of("divergence-free", OperatorKernel.class,
                "divergence-free Gaussian kernel for vector fields R^d -> R^d (B12 eq. 22)",
                List.of(sigma(), dimension()),
                (p, c) -> divCurl("divergence-free", p, 1.0));
    }

    static ComponentFactory<OperatorKernel> curlFree() {
        return SimpleComponentFactory.of("curl-free", OperatorKernel.class,
                "curl-free Gaussian kernel for vector fields R^d -> R^d (B12 eq. 23)",
                List.of(sigma(), dimension()),
                (p, c) -> divCurl("curl-free", p, 0.0));
    }

    static ComponentFactory<OperatorKernel> divCurl() {
        return SimpleComponentFactory.of("div-curl", OperatorKernel.class,
                "gamma Gamma_df + (1 - gamma) Gamma_cf for vector fields (B12)",
                List.of(sigma(), ParameterSpec.range("gamma", 0.5, 0.0, true, 1.0, true,
                        "the weight of the divergence-free part"), dimension()),
                (p, c) -> {
                    double gamma = p.getDouble("gamma");
                    if (!(gamma >= 0.0 && gamma <= 1.0)) {
                        throw new InvalidParameterException("div-curl", "gamma", "must be in [0, 1], got " + gamma);
                    }
                    return divCurl("div-curl", p, gamma);
                });
    }

    static ComponentFactory<OperatorKernel> operatorSum() {
        return SimpleComponentFactory.of("operator-sum", OperatorKernel.class,
                "sum of separable and block operator-valued kernels",
                List.of(new ParameterSpec("operators", ParameterType.COMPONENT_LIST, null, true,
                                "the kernels to add, each separable or block", Double.NEGATIVE_INFINITY, true, INF,
                                true, List.of(), OperatorKernel.class),
                        new ParameterSpec("dimension", ParameterType.INTEGER, null, false,
                                "the output dimension d, needed when every part is separable", 1, true, INF, true,
                                List.of(), null)),
                OperatorKernelFactories::createSum);
    }

    private static OperatorKernel createSum(Parameters p, ComponentContext c) {
        List<ComponentSpec> specs = p.getComponents("operators");
        if (specs.isEmpty()) {
            throw new InvalidParameterException("operator-sum", "operators", "must list at least one kernel");
        }
        List<OperatorKernel> parts = new ArrayList<>();
        Integer dimension = p.has("dimension") ? p.getInt("dimension") : null;
        for (ComponentSpec s : specs) {
            OperatorKernel part = c.create(OperatorKernel.class, s);
            if (part instanceof BlockOperatorKernel block) {
                if (dimension != null && dimension != block.outputDimension()) {
                    throw new InvalidParameterException("operator-sum", "operators", "mixes output dimensions "
                            + dimension + " and " + block.outputDimension() + " (part " + s + ")");
                }
                dimension = block.outputDimension();
            } else if (!(part instanceof SeparableOperatorKernel)) {
                throw new InvalidParameterException("operator-sum", "operators",
                        "accepts only separable and block kernels, got " + s);
            }
            parts.add(part);
        }
        if (dimension == null) {
            throw new InvalidParameterException("operator-sum", "dimension",
                    "must be given when every part is separable (the sum does not see the targets)");
        }
        return new OperatorSumKernel(parts, dimension);
    }

    private static ParameterSpec sigma() {
        return ParameterSpec.positive("sigma", null, "the width of the Gaussian");
    }

    private static ParameterSpec dimension() {
        return ParameterSpec.integer("dimension", 2, 1, "d, the dimension of the inputs and of the field");
    }

    private static OperatorKernel divCurl(String id, Parameters p, double gamma) {
        return new DivCurlKernel(id, positive(id, "sigma", p.getDouble("sigma")), gamma, p.getInt("dimension"));
    }

    private static double positive(String component, String parameter, double value) {
        if (!(value > 0.0) || Double.isInfinite(value)) {
            throw new InvalidParameterException(component, parameter, "must be > 0 and finite, got " + value);
        }
        return value;
    }
}
