package org.okl.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.RowSource;
import org.okl.core.Okl;
import org.okl.core.StreamingFit;
import org.okl.core.data.FileRows;
import org.okl.linalg.parallel.BlasThreads;

/**
 * The process {@code stream_csv} (and {@code okl bench --scaling}) times: what {@code okl fit} does on a CSV file
 * with a sketched pipeline (rows parsed on every core into a cache, landmarks and selection from the cached columns,
 * the model written), printing where the time went as one JSON object. With {@code memory:N} instead of a file, the
 * {@code lowrank_cv} problem of N rows is generated in the process (outside the clock) and fitted in memory.
 *
 * <p>Arguments: pipeline file, CSV file (or {@code memory:N}), p (the first p columns are inputs), d (the next d are
 * outputs), model file, and for {@code memory:N} the seed, the rank and the test rows of the generator.
 */
public final class StreamedFitMain {
    private StreamedFitMain() {
    }

    /**
     * Fits and prints {@code {"rows", "passes", "fit_s", "parse_s", "draw_s", "wait_s", "kernel_s", "products_s",
     * "solve_s", "threads", "blas", "solver"}}.
     */
    public static void main(String[] args) {
        if (args.length != 5 && args.length != 8) {
            System.err.println("usage: StreamedFitMain PIPELINE CSV|memory:N P D MODEL [SEED RANK TEST_ROWS]");
            System.exit(2);
        }
        int p = Integer.parseInt(args[2]);
        int d = Integer.parseInt(args[3]);
        Okl okl = Okl.builder().build();
        RowSource rows;
        FileRows file = null;
        if (args[1].startsWith("memory:")) {
            int n = Integer.parseInt(args[1].substring("memory:".length()));
            LowRankSettings settings = new LowRankSettings(Integer.parseInt(args[6]), LowRankSettings.DEFAULTS.folds(),
                    Integer.parseInt(args[7]), LowRankSettings.DEFAULTS.childHeap());
            LowRankData data = LowRankData.of(n, settings, Long.parseLong(args[5]));
            rows = new MatrixRows(LowRankData.inputs(data.train()), LowRankData.outputs(data.train()));
        } else {
            file = new FileRows(Path.of(args[1]), okl.tables(), IntStream.range(0, p).toArray(),
                    IntStream.range(p, p + d).toArray(), true, okl.workers());
            rows = file;
        }
        long start = System.nanoTime();
        StreamingFit.Result result = okl.pipeline(okl.readPipeline(Path.of(args[0]))).fit(rows);
        double fit = (System.nanoTime() - start) * 1e-9;
        result.model().save(Path.of(args[4]));
        ObjectNode out = new ObjectMapper().createObjectNode();
        out.put("rows", result.timings().rows());
        out.put("passes", result.timings().passes());
        out.put("fit_s", fit);
        out.put("parse_s", file == null ? 0.0 : file.parseSeconds());
        out.put("draw_s", result.timings().drawSeconds());
        out.put("wait_s", result.timings().readSeconds());
        out.put("kernel_s", result.timings().kernelSeconds());
        out.put("products_s", result.timings().productSeconds());
        out.put("solve_s", result.timings().solveSeconds());
        out.put("threads", okl.workers().threads());
        out.put("blas", BlasThreads.describe());
        out.put("solver", result.model().provenance().solver());
        if (file != null) {
            file.close();
        }
        System.out.println(out);
    }
}
