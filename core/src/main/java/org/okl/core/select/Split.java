package org.okl.core.select;

/**
 * One training / validation split of n samples, as row indices (each sorted increasingly).
 *
 * @param train      rows to fit on
 * @param validation rows to evaluate on
 */
public record Split(int[] train, int[] validation) {
}
