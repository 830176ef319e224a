package org.okl.core;

import java.util.List;
import java.util.Map;

/**
 * The {@code provenance} member of {@code model.json} ({@code docs/model-format.md}), which {@link ModelArchive}
 * writes and reads: the fourteen flat members of the files written before the provenance had typed parts, kept as
 * they were so that files and readers of either age agree, then the members recorded since, {@code rows} and the
 * {@code platform} object. A file without them loads with {@code rows} 0 and the platform's new members
 * {@code null}.
 */
record ProvenanceMembers(String oklVersion, String created, String backEnd, long seed, String dataSha256,
        List<String> plugins, Map<String, Object> chosen, String selection,
        List<Provenance.CurvePoint> validationCurve, String solver, String sketch, String device,
        Provenance.Search search, Provenance.Auto auto, long rows, PlatformMembers platform) {

    /** The members of {@link Provenance.Platform} that the flat members do not hold. */
    record PlatformMembers(String javaVendor, String javaVersion, String os, String osVersion, String architecture,
            int processors, int workerThreads, String blas, String blasKernels) {
    }

    /** The members that hold a provenance. */
    static ProvenanceMembers written(Provenance p) {
        Provenance.Platform f = p.platform();
        return new ProvenanceMembers(p.oklVersion(), p.created(), p.backEnd(), p.seed(), p.dataSha256(), p.plugins(),
                p.chosen(), p.selection(), p.validationCurve(), p.solver(), p.sketch(), p.device(), p.search(),
                p.auto(), p.data().rows(), new PlatformMembers(f.javaVendor(), f.javaVersion(), f.os(),
                        f.osVersion(), f.architecture(), f.processors(), f.workerThreads(), f.blas(),
                        f.blasKernels()));
    }

    /** The provenance these members hold. */
    Provenance read() {
        PlatformMembers m = platform != null ? platform
                : new PlatformMembers(null, null, null, null, null, 0, 0, null, null);
        return new Provenance(created, new Provenance.Platform(oklVersion, m.javaVendor(), m.javaVersion(), m.os(),
                m.osVersion(), m.architecture(), m.processors(), m.workerThreads(), backEnd, m.blas(),
                m.blasKernels(), device), new Provenance.DataProvenance(dataSha256, rows),
                new Provenance.PipelineProvenance(seed, plugins, chosen, solver, sketch),
                new Provenance.SearchProvenance(selection, validationCurve, search), auto);
    }
}
