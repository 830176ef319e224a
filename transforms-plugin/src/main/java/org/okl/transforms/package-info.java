/**
 * OKL's built-in transforms of inputs and regression targets ({@code standardize}, {@code min-max}, {@code one-hot},
 * {@code log1p}, {@code pca}, {@code drop-constant}), each fitted from statistics gathered in one pass over the
 * training rows in bounded memory, and their typed specs ({@link org.okl.transforms.Transforms}).
 */
package org.okl.transforms;
