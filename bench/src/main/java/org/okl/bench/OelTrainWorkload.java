package org.okl.bench;

import org.okl.core.Okl;
import org.okl.core.PipelineSpec;

/**
 * {@code oel_train}: fitting output embedding learning (preset {@code oel}, c = 0.15, with p = 128 and the randomized
 * eigendecomposition of the mixed Gram) on n = 1000 labelled USPS digits and m = 6000 unlabelled bottom halves.
 * Timed: {@code Pipeline.fit} (input and output Grams, W, the (n + m) x (n + m) mixed Gram's top-p eigenpairs, the
 * embedded targets and the regression).
 */
public final class OelTrainWorkload implements Workload {

    @Override
    public String name() {
        return "oel_train";
    }

    @Override
    public String description() {
        return "Pipeline.fit of preset oel (c = 0.15, randomized SVD, p components) on n labelled + m unlabelled "
                + "USPS outputs";
    }

    @Override
    public boolean scalesWithN() {
        return false;
    }

    @Override
    public int size(BenchEnvironment environment, int n) {
        return environment.structured().uspsLabelled();
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        Okl okl = environment.okl();
        StructuredSizes sizes = environment.structured();
        UspsSplit split = UspsSplit.load(okl, sizes);
        PipelineSpec spec = Pipelines.parse(okl, name(), "{\"preset\": \"oel\", \"output\": {\"name\": \"oel\", "
                + "\"kernel\": {\"name\": \"gaussian\", \"sigma\": 3.1622776601683795}, \"c\": 0.15, \"p\": "
                + sizes.oelComponents() + ", \"svd\": \"randomized\"}}");
        return () -> okl.pipeline(spec).fit(split.training());
    }
}
