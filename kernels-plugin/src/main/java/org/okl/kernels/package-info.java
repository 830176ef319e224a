/** The built-in kernels plugin of OKL: scalar kernels, output matrices and operator-valued kernels. */
package org.okl.kernels;
