package org.okl.experiments.multilabel;

import java.util.List;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;

/**
 * The IOKR, OEL0 and OEL pipelines of the multi-label comparison (Brogat-Motte et al. 2022, Table 5): Gaussian input
 * kernel of width {@code sigmaInput}, Gaussian output kernel of width {@code sigmaOutput}, Tikhonov filter, pre-image
 * over every training output (labelled then unlabelled), hyper-parameters chosen on the example-based F1 by repeated
 * 80/20 sub-sampling of the labelled set.
 *
 * @param sigmaInput  the input-kernel width σ in exp(-||x - x'||² / (2σ²))
 * @param sigmaOutput the output-kernel width σ in exp(-||y - y'||² / (2σ²))
 * @param repetitions the random 80/20 sub-samplings of the selection
 * @param seed        the seed of the sub-samplings
 */
record OelPipelines(double sigmaInput, double sigmaOutput, int repetitions, long seed) {

    /** IOKR at one λ (nothing selected). */
    PipelineSpec iokr(double lambda, Okl okl) {
        return parse("iokr", kernelOutput(), List.of(lambda), "{}", okl);
    }

    /** IOKR with λ selected on the path {@code lambdas}. */
    PipelineSpec iokrSelected(List<Double> lambdas, Okl okl) {
        return parse("iokr", kernelOutput(), lambdas, "{}", okl);
    }

    /** OEL0 (c = 1, no unlabelled block) with p and λ selected. */
    PipelineSpec oel0(List<Integer> ps, List<Double> lambdas, Okl okl) {
        return parse("oel0", oelOutput(1.0), lambdas, "{\"output.p\": " + ps + "}", okl);
    }

    /** OEL with c, p and λ selected. */
    PipelineSpec oel(List<Double> cs, List<Integer> ps, List<Double> lambdas, Okl okl) {
        return parse("oel", oelOutput(cs.get(0)), lambdas, "{\"output.c\": " + cs + ", \"output.p\": " + ps + "}",
                okl);
    }

    /** OEL0 at a fixed p (not searched), λ selected. */
    PipelineSpec oel0At(int p, List<Double> lambdas, Okl okl) {
        return parse("oel0", oelOutput(1.0, p), lambdas, "{}", okl);
    }

    /** OEL at a fixed p (not searched), c and λ selected. */
    PipelineSpec oelAt(List<Double> cs, int p, List<Double> lambdas, Okl okl) {
        return parse("oel", oelOutput(cs.get(0), p), lambdas, "{\"output.c\": " + cs + "}", okl);
    }

    private String outputKernel() {
        return "{\"name\": \"gaussian\", \"sigma\": " + sigmaOutput + "}";
    }

    private String kernelOutput() {
        return "{\"name\": \"kernel\", \"kernel\": " + outputKernel() + "}";
    }

    private String oelOutput(double c) {
        return oelOutput(c, 8);
    }

    private String oelOutput(double c, int p) {
        return "{\"name\": \"oel\", \"kernel\": " + outputKernel() + ", \"c\": " + c + ", \"p\": " + p + ","
                + " \"svd\": \"randomized\"}";
    }

    private PipelineSpec parse(String preset, String output, List<Double> lambdas, String grid, Okl okl) {
        String lambda = lambdas.size() == 1 ? String.valueOf(lambdas.get(0)) : lambdas.toString();
        String json = "{\"preset\": \"" + preset + "\", \"kernel\": {\"name\": \"gaussian\", \"sigma\": " + sigmaInput
                + "}, \"output\": " + output + ", \"filter\": {\"name\": \"tikhonov\", \"lambda\": " + lambda + "},"
                + " \"decoder\": {\"name\": \"candidates\", \"from\": \"train+unlabelled\"}, \"selection\":"
                + " {\"method\": \"subsampling\", \"repetitions\": " + repetitions + ", \"fraction\": 0.2,"
                + " \"metric\": \"f1-example\", \"seed\": " + seed + ", \"grid\": " + grid + "}}";
        return PipelineFiles.parse(json, preset, okl.registry());
    }
}
