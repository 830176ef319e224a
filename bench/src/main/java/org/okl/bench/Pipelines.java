package org.okl.bench;

import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;

/** Helpers of the structured workloads: pipelines from pipeline-file JSON, and data sets by name. */
final class Pipelines {

    private Pipelines() {
    }

    /** A pipeline written in the pipeline-file format (presets resolved through the registry). */
    static PipelineSpec parse(Okl okl, String workload, String json) {
        return PipelineFiles.parse(json, "bench workload " + workload, okl.registry());
    }

    /** Whether the named data set can be loaded here. */
    static boolean available(Okl okl, String dataset) {
        return okl.create(DatasetSource.class, ComponentSpec.of(dataset)).isAvailable(okl.context());
    }

    /** Loads a data set by name. */
    static Dataset load(Okl okl, String dataset) {
        return okl.create(DatasetSource.class, ComponentSpec.of(dataset)).load(okl.context());
    }

    /** The number of rows {@code wanted}, failing clearly when the data has fewer. */
    static int rows(String what, int available, int wanted) {
        if (wanted > available) {
            throw new IllegalArgumentException(what + " has " + available + " rows, the workload needs " + wanted);
        }
        return wanted;
    }
}
