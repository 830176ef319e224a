package org.okl.experiments;

import java.io.PrintWriter;
import org.okl.core.Okl;

/**
 * What an experiment runs with. Make one per experiment run: its {@link TestSeal} refuses a second scoring of any
 * evaluation set within the run.
 *
 * @param okl      the OKL runtime (registry, back-end, data directory)
 * @param quick    whether to run the reduced protocol (CI: under two minutes)
 * @param seed     the seed of every random choice
 * @param progress where to print progress lines (stderr)
 * @param seal     the registry of this run's sealed evaluation sets
 * @param checkpoints where long experiments keep their finished units ({@link Checkpoints#none()}: nowhere)
 */
public record ExperimentContext(Okl okl, boolean quick, long seed, PrintWriter progress, TestSeal seal,
        Checkpoints checkpoints) {

    /** A context with a fresh seal and no checkpoints, for one experiment run. */
    public ExperimentContext(Okl okl, boolean quick, long seed, PrintWriter progress) {
        this(okl, quick, seed, progress, new TestSeal(), Checkpoints.none());
    }

    /** A context with the given seal and no checkpoints. */
    public ExperimentContext(Okl okl, boolean quick, long seed, PrintWriter progress, TestSeal seal) {
        this(okl, quick, seed, progress, seal, Checkpoints.none());
    }
}
