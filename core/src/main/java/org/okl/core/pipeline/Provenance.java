package org.okl.core.pipeline;

import java.util.List;
import java.util.Map;
import org.okl.core.device.ComputeDevices;

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
 */
public record Provenance(String oklVersion, String created, String backEnd, long seed, String dataSha256,
        List<String> plugins, Map<String, Object> chosen, String selection, List<CurvePoint> validationCurve,
        String solver, String sketch, String device) {

    /** Provenance of a fit that ran on the CPU. */
    public Provenance(String oklVersion, String created, String backEnd, long seed, String dataSha256,
            List<String> plugins, Map<String, Object> chosen, String selection, List<CurvePoint> validationCurve,
            String solver, String sketch) {
        this(oklVersion, created, backEnd, seed, dataSha256, plugins, chosen, selection, validationCurve, solver,
                sketch, ComputeDevices.CPU);
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
