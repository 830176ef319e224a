package org.okl.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.rows.RowSource;
import org.okl.api.sketch.SketchRows;
import org.okl.core.transform.FittedTransforms;
import org.okl.core.transform.TransformChain;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.device.DeviceWork;
import org.okl.linalg.memory.MemoryBudget;
import org.okl.linalg.parallel.Workers;
import org.okl.linalg.streamed.RouteProblem;
import org.okl.linalg.streamed.SketchRoute;
import org.okl.linalg.streamed.SketchSelection;

/**
 * The passes of a streamed fit over rows read here: checked and hashed on their first pass ({@link DigestingRows}),
 * the transforms' statistics and the sketch's draw read here, and the route run on the runtime's compute device when
 * it takes the work (dense rows, OKL's own route, a device form of it), else on this machine's threads.
 */
final class LocalPasses implements FitPasses {
    private final DigestingRows rows;

    LocalPasses(RowSource rows, Workers workers) {
        this.rows = new DigestingRows(rows, workers);
    }

    @Override
    public RowSource rows() {
        return rows;
    }

    @Override
    public String checksum() {
        return rows.digest();
    }

    @Override
    public TransformChain.Parts transformParts(PipelineSpec spec, boolean inputs) {
        return null;
    }

    @Override
    public SketchRows sketchRows(PipelineSpec spec, FittedTransforms transforms, RowSource transformed) {
        return transformed;
    }

    @Override
    public boolean takesAnyStreamingSolver() {
        return true;
    }

    /**
     * The device's form of the route when the runtime's device takes the work; else the route on this machine, OKL's
     * eigen route reading the rows once for as many output matrices as the heap holds the weights of, Falkon and a
     * plugin's solver one output matrix after the other.
     */
    @Override
    public Placed fit(Run run) {
        RowSource in = run.rows();
        int m = run.features().size();
        Optional<SketchRoute> onDevice = Optional.empty();
        if (!in.sparse() && run.own() != null) {
            onDevice = run.okl().devices().forWork(() -> (double) in.size() * m * m).flatMap(device -> device
                    .sketchRoute(run.own(), run.features(), run.problem().targets(), run.scheme(), run.filter(),
                            in.size()));
        }
        if (onDevice.isPresent()) {
            return new Placed(onDevice.get().fitEach(run.features(), in, run.encode(), run.scheme(), run.outputs(),
                    run.filter(), run.timings()), run.outputs().size(), DeviceWork.of(onDevice.get()));
        }
        long solverBytes = FitPasses.reserveHeap(run);
        List<SketchSelection.Result> results = new ArrayList<>();
        if (run.own() != null) {
            int batch = outputsAtOnce(run.outputs().size(), m, run.problem().targets(), run.filter(), solverBytes);
            int solverRuns = run.own().sharesPasses() ? (run.outputs().size() + batch - 1) / batch
                    : run.outputs().size();
            for (int first = 0; first < run.outputs().size(); first += batch) {
                results.addAll(run.own().fitEach(run.features(), in, run.encode(), run.scheme(), run.outputs()
                        .subList(first, Math.min(run.outputs().size(), first + batch)), run.filter(), run.timings()));
            }
            return new Placed(results, solverRuns, ComputeDevices.CPU);
        }
        for (int v = 0; v < run.outputs().size(); v++) {
            RouteProblem each = new RouteProblem(run.features(), in, run.encode(), run.scheme(), run.outputs().get(v),
                    run.filters().get(v), run.timings(), run.okl().context());
            results.add(StreamingFit.SketchRoutes.result(run.solver().fitStreamed(each)));
        }
        return new Placed(results, run.outputs().size(), ComputeDevices.CPU);
    }

    /**
     * How many output matrices one pass serves: as many as the free heap holds the weights of (every path point's
     * m x d weights, for the validation folds' and the final model's), after the route's own sums.
     */
    private static int outputsAtOnce(int outputs, int features, int targets, SpectralFilter filter,
            long routeBytes) {
        long each = 2L * 8 * filter.pathLength() * features * Math.max(1, targets);
        long free = MemoryBudget.available() - routeBytes;
        return (int) Math.max(1, Math.min(outputs, free / Math.max(1, each)));
    }
}
