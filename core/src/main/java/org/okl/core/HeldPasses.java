package org.okl.core;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchRows;
import org.okl.api.text.UserText;
import org.okl.core.transform.FittedTransforms;
import org.okl.core.transform.TransformChain;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.streamed.FalkonPasses;
import org.okl.linalg.streamed.FoldAggregates;
import org.okl.linalg.streamed.HeldRows;
import org.okl.linalg.streamed.OutputSpectrum;
import org.okl.linalg.streamed.SketchSelection;

/**
 * The passes of a streamed fit over rows an execution back-end holds (a cluster's data set): the checksum, the
 * transforms' statistics, the sketch's draw and the route's passes run where the rows are ({@link ClusterPasses});
 * the filters, the whole path and the model selection run here from what the passes return. OKL's own routes run
 * their passes there ({@link org.okl.linalg.streamed.SketchRoute#fitHeld}); a route or a plugin's solver whose
 * passes only run on this machine is refused with what to name instead.
 */
final class HeldPasses implements FitPasses {
    private final RowSource rows;
    private final ClusterPasses held;

    HeldPasses(RowSource rows, ClusterPasses held) {
        this.rows = rows;
        this.held = held;
    }

    @Override
    public RowSource rows() {
        return rows;
    }

    @Override
    public String checksum() {
        return held.checksum();
    }

    @Override
    public TransformChain.Parts transformParts(PipelineSpec spec, boolean inputs) {
        return (stage, before, columns) -> held.transformParts(spec, inputs, stage, before, columns);
    }

    @Override
    public SketchRows sketchRows(PipelineSpec spec, FittedTransforms transforms, RowSource transformed) {
        return held.forSketch(spec, transforms);
    }

    @Override
    public boolean takesAnyStreamingSolver() {
        return false;
    }

    @Override
    public Placed fit(Run run) {
        FitPasses.reserveHeap(run);
        HeldRows passes = new HeldRows() {
            @Override
            public FoldAggregates sums(StreamTimings timings) {
                return held.sums(run.spec(), run.transforms(), run.features(), run.scheme(), run.problem().targets(),
                        timings);
            }

            @Override
            public FalkonPasses falkonPasses(int chunkRows, StreamTimings timings) {
                return held.falkonPasses(run.spec(), run.transforms(), run.features(), run.scheme(),
                        run.problem().targets(), chunkRows, timings);
            }
        };
        List<SketchSelection.Result> results = new ArrayList<>();
        for (OutputSpectrum output : run.outputs()) {
            results.add((run.own() == null ? java.util.Optional.<SketchSelection.Result>empty()
                    : run.own().fitHeld(run.features(), passes, run.scheme(), output, run.filter(), run.timings()))
                    .orElseThrow(() -> new OklException(ErrorCode.INVALID_PIPELINE, UserText.escape(rows
                            .description()) + ": the solver '" + run.route().name() + "' does not run its passes on "
                            + "a cluster; name {\"name\": \"" + StreamingFit.EIGEN + "\"} (per-fold m x m sums, "
                            + "merged on the driver), {\"name\": \"falkon\"} (m x d sums per pass) or leave the "
                            + "solver out")));
        }
        return new Placed(results, run.outputs().size(), ComputeDevices.CPU);
    }
}
