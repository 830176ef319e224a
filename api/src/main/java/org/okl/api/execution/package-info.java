/**
 * Where OKL's work runs besides the threads of this JVM: {@link org.okl.api.execution.ExecutionBackEnd} is what a
 * plugin offers (a compute device, a cluster that holds the rows), {@link org.okl.api.execution.Execution} is the
 * back-end as one runtime opened it. The runtime asks an opened back-end for what it can do by type
 * ({@link org.okl.api.execution.Execution#facet}).
 */
package org.okl.api.execution;
