/**
 * OKL's errors: {@link org.okl.api.error.OklException} carries a stable {@link org.okl.api.error.ErrorCode}, each
 * explained in {@code docs/errors.md} under its code. They live in the api, as Trino keeps its standard error codes in
 * its SPI, so that plugins, back-ends and the runtime report errors the same way without depending on the runtime.
 */
package org.okl.api.error;
