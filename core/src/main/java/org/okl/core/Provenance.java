package org.okl.core;

import java.util.List;
import java.util.Map;
import org.okl.linalg.device.ComputeDevices;

/**
 * Where a model came from: versions, back-end, seed, a checksum of the training data, the hyper-parameters chosen
 * and the validation curve they were chosen on.
 *
 * @param oklVersion      the OKL version that fitted the model
 * @param created         when, ISO-8601
 * @param backEnd         the linear-algebra back-end
 * @param seed            the seed
 * @param dataSha256      SHA-256 of the training inputs, outputs and unlabelled data
 * @param plugins         the plugins loaded, {@code name@version}
 * @param chosen          the chosen values: the path parameter and any grid parameters
 * @param selection       how they were chosen ({@code none}, {@code kfold 5 on mse}, ...)
 * @param validationCurve the validation error at every grid and path point
 * @param solver          the id of the solver that fitted the model ({@code separable-eigen}, {@code falkon}, ...)
 * @param sketch          the kernel sketch and its size ({@code nystrom, m = 2000}), or {@code null} without one
 * @param device          where the fit ran: {@code cpu}, or the compute device and what ran there
 *                        ({@code cuda:0 NVIDIA H100 80GB HBM3: ...}); {@code null} in files written before devices
 * @param search          what the model selection cost, or {@code null} when nothing was selected
 * @param auto            what the automatic pipeline chose and why, or {@code null} for a pipeline given in full
 */
public record Provenance(String oklVersion, String created, String backEnd, long seed, String dataSha256,
        List<String> plugins, Map<String, Object> chosen, String selection, List<CurvePoint> validationCurve,
        String solver, String sketch, String device, Search search, Auto auto) {

    /** Provenance of a fit that ran on the CPU. */
    public Provenance(String oklVersion, String created, String backEnd, long seed, String dataSha256,
            List<String> plugins, Map<String, Object> chosen, String selection, List<CurvePoint> validationCurve,
            String solver, String sketch, Search search, Auto auto) {
        this(oklVersion, created, backEnd, seed, dataSha256, plugins, chosen, selection, validationCurve, solver,
                sketch, ComputeDevices.CPU, search, auto);
    }

    /** The same provenance with what the automatic pipeline chose. */
    public Provenance withAuto(Auto choice) {
        return new Provenance(oklVersion, created, backEnd, seed, dataSha256, plugins, chosen, selection,
                validationCurve, solver, sketch, device, search, choice);
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
