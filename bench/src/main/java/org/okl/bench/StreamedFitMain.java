package org.okl.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.okl.core.Okl;
import org.okl.core.data.FileRows;
import org.okl.core.pipeline.StreamingFit;

/**
 * The process {@code stream_csv} times: what {@code okl fit} does on a CSV file with a sketched pipeline (rows read
 * in blocks, selection in the same pass, the model written), printing where the time went as one JSON object.
 *
 * <p>Arguments: pipeline file, CSV file, p (the first p columns are inputs), d (the next d are outputs), model file.
 */
public final class StreamedFitMain {
    private StreamedFitMain() {
    }

    /** Fits and prints {@code {"rows", "draw_s", "wait_s", "parse_s", "kernel_s", "products_s", "solve_s"}}. */
    public static void main(String[] args) {
        if (args.length != 5) {
            System.err.println("usage: StreamedFitMain PIPELINE CSV P D MODEL");
            System.exit(2);
        }
        int p = Integer.parseInt(args[2]);
        int d = Integer.parseInt(args[3]);
        Okl okl = Okl.builder().build();
        FileRows rows = new FileRows(Path.of(args[1]), okl.tables(), IntStream.range(0, p).toArray(),
                IntStream.range(p, p + d).toArray());
        StreamingFit.Result result = okl.pipeline(okl.readPipeline(Path.of(args[0]))).fit(rows);
        result.model().save(Path.of(args[4]));
        ObjectNode out = new ObjectMapper().createObjectNode();
        out.put("rows", result.timings().rows());
        out.put("passes", result.timings().passes());
        out.put("draw_s", result.timings().drawSeconds());
        out.put("wait_s", result.timings().readSeconds());
        out.put("parse_s", rows.parseSeconds());
        out.put("kernel_s", result.timings().kernelSeconds());
        out.put("products_s", result.timings().productSeconds());
        out.put("solve_s", result.timings().solveSeconds());
        out.put("solver", result.model().provenance().solver());
        System.out.println(out);
    }
}
