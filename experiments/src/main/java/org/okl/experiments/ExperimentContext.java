package org.okl.experiments;

import java.io.PrintWriter;
import org.okl.core.Okl;

/**
 * What an experiment runs with.
 *
 * @param okl      the OKL runtime (registry, back-end, data directory)
 * @param quick    whether to run the reduced protocol (CI: under two minutes)
 * @param seed     the seed of every random choice
 * @param progress where to print progress lines (stderr)
 */
public record ExperimentContext(Okl okl, boolean quick, long seed, PrintWriter progress) {
}
