/**
 * Test support shipped in core's test JAR for every module's unit tests: {@link org.okl.core.testing.TestContext}
 * (a {@link org.okl.api.component.ComponentContext} with a chosen linear-algebra back-end and seed 42) and
 * {@link org.okl.core.testing.TestMatrices} (seeded matrices, naive oracles and a matrix assertion).
 */
package org.okl.core.testing;
