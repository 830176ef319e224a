/**
 * General operator-valued kernels known through their block Gram or block product (divergence-free, curl-free, ...).
 */
package org.okl.solvers.block;
