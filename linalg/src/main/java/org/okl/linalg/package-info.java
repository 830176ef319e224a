/**
 * The linear-algebra back-ends behind {@link org.okl.api.linalg.LinearAlgebra}: native BLAS/LAPACK (OpenBLAS through
 * netlib's JNI bindings) and a pure-Java fall-back (netlib's Java BLAS and LAPACK, ojAlgo).
 * {@link org.okl.linalg.LinearAlgebras#active()} chooses one per JVM from {@code -Dokl.linalg=native|java} or
 * {@code OKL_LINALG}, automatically otherwise.
 */
package org.okl.linalg;
