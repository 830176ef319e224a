package org.okl.core;

import java.util.List;
import java.util.Map;

/**
 * Where a model came from, in typed parts built in one place ({@link ProvenanceFactory}): the platform that fitted
 * it (versions, JVM, operating system, processors, linear-algebra back-end and BLAS, device), the training data, the
 * pipeline's chosen values and what fitted it, and the model selection that chose them. The accessors of the flat
 * record this was before ({@link #oklVersion()}, {@link #chosen()}, {@link #validationCurve()}, ...) read the parts.
 *
 * @param created  when the model was fitted, ISO-8601
 * @param platform what the fit ran on
 * @param data     what it was fitted on
 * @param pipeline the chosen values and what fitted the model
 * @param tuning   how the values were chosen: the selection, its validation curve and its cost
 * @param auto     what the automatic pipeline chose and why, or {@code null} for a pipeline given in full
 */
public record Provenance(String created, Platform platform, DataProvenance data, PipelineProvenance pipeline,
        SearchProvenance tuning, Auto auto) {

    /** The same provenance with what the automatic pipeline chose. */
    public Provenance withAuto(Auto choice) {
        return new Provenance(created, platform, data, pipeline, tuning, choice);
    }

    /** The OKL version that fitted the model. */
    public String oklVersion() {
        return platform.oklVersion();
    }

    /** The linear-algebra back-end ({@code native}, {@code java}). */
    public String backEnd() {
        return platform.linearAlgebra();
    }

    /**
     * Where the fit ran: {@code cpu}, or the compute device and what ran there ({@code cuda:0 NVIDIA H100 80GB HBM3:
     * ...}); {@code null} in files written before devices.
     */
    public String device() {
        return platform.device();
    }

    /** The seed. */
    public long seed() {
        return pipeline.seed();
    }

    /** SHA-256 of the training inputs, outputs and unlabelled data. */
    public String dataSha256() {
        return data.sha256();
    }

    /** The plugins loaded, {@code name@version}. */
    public List<String> plugins() {
        return pipeline.plugins();
    }

    /** The chosen values: the path parameter and any grid parameters. */
    public Map<String, Object> chosen() {
        return pipeline.chosen();
    }

    /** The id of the solver that fitted the model ({@code separable-eigen}, {@code falkon}, ...). */
    public String solver() {
        return pipeline.solver();
    }

    /** The kernel sketch and its size ({@code nystrom, m = 2000}), or {@code null} without one. */
    public String sketch() {
        return pipeline.sketch();
    }

    /** How the values were chosen ({@code none (a single parameter value)}, {@code 5-fold cross-validation ...}). */
    public String selection() {
        return tuning.selection();
    }

    /** The validation error at every grid and path point (empty without a selection). */
    public List<CurvePoint> validationCurve() {
        return tuning.validationCurve();
    }

    /** What the model selection cost, or {@code null} when nothing was selected. */
    public Search search() {
        return tuning.cost();
    }

    /**
     * What a fit ran on. Results can differ in their last digits between BLAS libraries, their kernel sets and
     * thread counts, so all of them are recorded. The members from {@code javaVendor} to {@code blasKernels} are
     * {@code null} (the counts 0) in model files written before they were recorded.
     *
     * @param oklVersion    the OKL version
     * @param javaVendor    the JVM's vendor ({@code java.vendor})
     * @param javaVersion   the JVM's version ({@code java.runtime.version})
     * @param os            the operating system ({@code os.name})
     * @param osVersion     its version ({@code os.version})
     * @param architecture  the processor architecture ({@code os.arch})
     * @param processors    the processors available to the JVM
     * @param workerThreads the threads of the runtime's worker pool (its own, else the process's: {@code okl.threads},
     *                      else the processors)
     * @param linearAlgebra the linear-algebra back-end ({@code native}, {@code java})
     * @param blas          the BLAS library its products ran on, as it describes itself ({@code OpenBLAS 0.3.21
     *                      DYNAMIC_ARCH ... (/usr/lib/.../libopenblas.so.0)}, {@code netlib VectorBLAS 3.0.3}); empty
     *                      for a back-end that is not OKL's
     * @param blasKernels   the BLAS's kernel (core) type when it tells ({@code Haswell}, {@code SkylakeX}); else empty
     * @param device        where the fit ran: {@code cpu}, or the compute device and what ran there; {@code null} in
     *                      files written before devices
     */
    public record Platform(String oklVersion, String javaVendor, String javaVersion, String os, String osVersion,
            String architecture, int processors, int workerThreads, String linearAlgebra, String blas,
            String blasKernels, String device) {
    }

    /**
     * What a model was fitted on.
     *
     * @param sha256 SHA-256 of the training inputs, outputs and unlabelled data (of a streamed fit: of the rows in
     *               order, inputs then outputs, as little-endian doubles)
     * @param rows   the training rows; 0 in model files written before it was recorded
     */
    public record DataProvenance(String sha256, long rows) {
    }

    /**
     * The pipeline's chosen values and what fitted the model.
     *
     * @param seed    the seed
     * @param plugins the plugins loaded, {@code name@version}
     * @param chosen  the chosen values: the path parameter and any grid parameters
     * @param solver  the id of the solver that fitted the model ({@code separable-eigen}, {@code falkon}, ...)
     * @param sketch  the kernel sketch and its size ({@code nystrom, m = 2000}), or {@code null} without one
     */
    public record PipelineProvenance(long seed, List<String> plugins, Map<String, Object> chosen, String solver,
            String sketch) {
    }

    /**
     * How the chosen values were chosen.
     *
     * @param selection       how ({@code none (a single parameter value)}, {@code kfold 5 on mse}, ...)
     * @param validationCurve the validation error at every grid and path point (empty without a selection)
     * @param cost            what the selection cost (candidates, splits, decompositions, time), or {@code null}
     *                        when nothing was selected
     */
    public record SearchProvenance(String selection, List<CurvePoint> validationCurve, Search cost) {
    }

    /**
     * What a model selection cost.
     *
     * @param candidates     the candidates scored (grid points times path points)
     * @param splits         the validation splits
     * @param decompositions the eigendecompositions or solver runs it took (every path point of one run is free)
     * @param seconds        the wall-clock seconds of the selection, the refit excluded
     */
    public record Search(int candidates, int splits, int decompositions, double seconds) {
    }

    /**
     * What the automatic pipeline ({@code {"preset": "auto"}}) chose.
     *
     * @param task    the task the data describe ({@code regression}, {@code multi-label}, ...)
     * @param reasons one line per choice, with why
     */
    public record Auto(String task, List<String> reasons) {
    }

    /**
     * One point of a validation curve.
     *
     * @param grid      the grid values of this point (empty without a grid)
     * @param pathValue the path parameter (lambda or iterations)
     * @param error     the mean validation error (a higher-is-better metric is negated)
     */
    public record CurvePoint(Map<String, Object> grid, double pathValue, double error) {
    }
}
