package org.okl.bench;

import org.okl.core.Model;
import org.okl.core.Okl;

/**
 * {@code usps_decode}: predicting the bottom halves of the 2007 USPS test digits with IOKR (preset {@code iokr}:
 * implicit {@code kernel} output embedding, Gaussian output kernel, {@code candidates} decoder over the 1000 labelled
 * plus 6000 unlabelled training bottom halves, 7000 candidates). The model is fitted outside the clock. Timed:
 * {@code Model.predict} on the test top halves (cross Gram, regression weights, candidate scores, argmin).
 */
public final class UspsDecodeWorkload implements Workload {

    @Override
    public String name() {
        return "usps_decode";
    }

    @Override
    public String description() {
        return "Model.predict of a fitted iokr pipeline: decoding t test digits against n + m candidate bottom "
                + "halves (candidates decoder, implicit kernel embedding)";
    }

    @Override
    public boolean scalesWithN() {
        return false;
    }

    @Override
    public int size(BenchEnvironment environment, int n) {
        return environment.structured().uspsTest();
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        Okl okl = environment.okl();
        UspsSplit split = UspsSplit.load(okl, environment.structured());
        Model model = okl.pipeline(Pipelines.parse(okl, name(), "{\"preset\": \"iokr\"}")).fit(split.training());
        return () -> model.predict(split.testInputs());
    }
}
