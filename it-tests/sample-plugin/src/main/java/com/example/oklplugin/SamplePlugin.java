package com.example.oklplugin;

import java.util.Collection;
import java.util.List;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.plugin.OklPlugin;

/**
 * A third-party plugin compiled against the OKL api JAR alone: it adds the operator-valued kernel
 * {@code output-correlation} and the output embedding {@code standardized}.
 */
public final class SamplePlugin implements OklPlugin {
    @Override
    public String name() {
        return "sample";
    }

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public Collection<ComponentFactory<OperatorKernel>> operatorKernels() {
        return List.of(SimpleComponentFactory.of("output-correlation", OperatorKernel.class,
                "separable kernel k(x,x')·A with A = shrunk correlation matrix of the training outputs",
                List.of(ParameterSpec.range("shrinkage", 0.1, 0, true, 1, true,
                        "weight of the identity in A = (1 - s)·corr(Y) + s·I")),
                (p, c) -> new OutputCorrelationKernel(p.getDouble("shrinkage"))));
    }

    @Override
    public Collection<ComponentFactory<OutputEmbedding>> outputEmbeddings() {
        return List.of(SimpleComponentFactory.of("standardized", OutputEmbedding.class,
                "regress outputs standardised to zero mean and unit variance per column", List.of(),
                (p, c) -> new StandardizedEmbedding()));
    }
}
