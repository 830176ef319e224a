/**
 * The OKL test kit, for plugin authors and OKL's own plugins alike (depend on {@code okl-testkit} in test scope):
 *
 * <ul>
 *   <li>contract tests every component of a kind must pass, as abstract JUnit 5 classes to extend:
 *       {@link org.okl.testkit.KernelContract}, {@link org.okl.testkit.OperatorKernelContract},
 *       {@link org.okl.testkit.FilterContract}, {@link org.okl.testkit.OutputEmbeddingContract},
 *       {@link org.okl.testkit.DecoderContract};</li>
 *   <li>{@link org.okl.testkit.PipelineTestKit}, which runs whole pipelines with the plugin in process (fit, predict,
 *       score, cross-validate, model-file round trip), as JUnit's {@code EngineTestKit} runs an engine;</li>
 *   <li>{@link org.okl.testkit.TestContext}, a component context with a chosen back-end and seed 42, and
 *       {@link org.okl.testkit.TestMatrices}, seeded matrices, naive oracles and a matrix assertion;</li>
 *   <li>{@link org.okl.testkit.SolveFixtures}, small components and dense (nd x nd) oracles for testing filters,
 *       regularizers and solvers against core's solvers.</li>
 * </ul>
 */
package org.okl.testkit;
