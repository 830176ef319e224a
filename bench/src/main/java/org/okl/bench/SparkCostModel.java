package org.okl.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cost model of an okl-spark streamed fit (the per-fold sums route and the Falkon route), per pass: wall seconds
 * and the memory of the driver and of each executor, from constants measured by {@code okl bench --workloads
 * spark_fit,spark_falkon --spark-alone --json}. Each pass over the rows costs a fixed part (scheduling, broadcasts,
 * task start: {@code jobSeconds} per pass) plus a part per row that the cores share evenly:
 * <ul>
 * <li>reading and caching the rows: {@code readMicros} per row per core; the landmarks' draw: a uniform sample,
 * {@code sampleMicros}, then a fetch of the m rows (a fixed part only); the data checksum: {@code checksumMicros};
 * <li>the per-fold sums: the kernel block, {@code kernelNanos} per row and landmark, and its products into the fold's
 * sums, {@code productNanos} per row and m^2 entry; then the partial sums, folds (m^2 + m d) doubles per task in
 * memory and folds (m (m + 1) / 2 + m d) on the wire (upper triangles); what the executors' timers do not see
 * (reading the cached blocks, assigning folds, the tasks' start and end), {@code otherMicros} per row; then the
 * partial sums merged by a tree of depth 2 on their way to the driver at {@code mergeBytesPerSecond}, an assumed
 * network rate ({@link #NETWORK}): one machine's loopback cannot measure it;
 * <li>Falkon's passes recompute the kernel block and multiply it: the cross sums with the d outputs, the Gram
 * products (once per conjugate-gradient iteration) with the R = (folds + 1) x lambdas x d right-hand sides there and
 * back (2 R), the validation with the lambdas x d weights of each row's fold; {@code falkonNanos} per row, landmark
 * and column multiplied;
 * <li>the driver's solve: {@code solveNanos} per m^3 and training set for the sums route's eigendecompositions,
 * {@code falkonSolveNanos} for Falkon's Cholesky factors and preconditioners.
 * </ul>
 * The constants are per core (the measured wall time times the cores, over the work), so the same numbers predict
 * {@code local[2]} and a cluster of c cores, the cluster's extra costs appearing in {@code jobSeconds} and the merge.
 *
 * @param jobSeconds          fixed wall seconds of one pass over the rows
 * @param readMicros          reading and caching, microseconds per row per core
 * @param sampleMicros        the landmarks' uniform sample (a key per row), microseconds per row per core
 * @param checksumMicros      the data checksum, microseconds per row per core
 * @param kernelNanos         one kernel entry k(x, landmark), nanoseconds per core (p = 20 inputs)
 * @param productNanos        the sums' products, nanoseconds per row and m^2 entry per core
 * @param falkonNanos         Falkon's products, nanoseconds per row, landmark and column per core
 * @param solveNanos          the driver's eigendecompositions, nanoseconds per m^3 and training set
 * @param falkonSolveNanos    the driver's Falkon factors, nanoseconds per m^3 and training set
 * @param otherMicros         the rest of the per-fold sums pass, microseconds per row per core
 * @param mergeBytesPerSecond the rate at which partial sums cross the network (assumed: {@link #NETWORK})
 * @param cachedBytesPerRow   the bytes one cached row takes on the executors
 */
public record SparkCostModel(double jobSeconds, double readMicros, double sampleMicros, double checksumMicros,
        double kernelNanos,
        double productNanos, double otherMicros, double falkonNanos, double solveNanos, double falkonSolveNanos,
        double mergeBytesPerSecond, double cachedBytesPerRow) {

    /** The network rate the merges are assumed to run at: 10 Gbit/s, about 1.1 GiB/s. */
    public static final double NETWORK = 10e9 / 8;

    /** The rows of one kernel block on an executor (the accumulator's default). */
    static final int BLOCK_ROWS = 1024;

    /**
     * The problem and the cluster a plan is for.
     *
     * @param rows        the training rows n
     * @param landmarks   the Nystrom rank m
     * @param outputs     the outputs d
     * @param folds       the folds of the selection
     * @param lambdas     the points of the regularization path
     * @param executors   the executors
     * @param cores       the cores (task slots) of each executor
     * @param iterations  Falkon's conjugate-gradient iterations (its passes over the rows)
     */
    public record Problem(long rows, int landmarks, int outputs, int folds, int lambdas, int executors, int cores,
            int iterations) {
        /** All cores of the cluster. */
        public int allCores() {
            return executors * cores;
        }

        /** Falkon's right-hand sides: every training set's every lambda and output. */
        public int rightHandSides() {
            return (folds + 1) * lambdas * outputs;
        }
    }

    /**
     * One pass of a plan.
     *
     * @param name           the pass (as okl-spark's fit summary names it)
     * @param count          how many times it runs
     * @param seconds        the wall seconds of all its runs
     * @param executorBytes  the memory one executor needs for it (its tasks' buffers and results; the cached rows
     *                       are counted apart)
     * @param driverBytes    the memory the driver needs for it
     */
    public record Pass(String name, int count, double seconds, double executorBytes, double driverBytes) {
    }

    /** The passes of the per-fold sums route, in the order they run. */
    public List<Pass> sumsRoute(Problem p) {
        double n = p.rows();
        double m = p.landmarks();
        int c = p.allCores();
        // a task's sums in memory (dense m x m per fold) and on the wire (the upper triangles)
        double partial = p.folds() * (m * m + m * p.outputs()) * 8;
        double wire = p.folds() * (m * (m + 1) / 2 + m * p.outputs()) * 8;
        double block = BLOCK_ROWS * m * 8;
        List<Pass> passes = new ArrayList<>();
        passes.add(new Pass("reading the rows", 1, jobSeconds + readMicros * 1e-6 * n / c, 0, 0));
        passes.add(draw(n, c));
        passes.add(new Pass("per-fold sums", 1, jobSeconds + ((kernelNanos * m + productNanos * m * m) * 1e-9
                + otherMicros * 1e-6) * n / c
                + merge(wire, c), p.cores() * (partial + wire + block), partial + wire));
        passes.add(new Pass("data checksum", 1, jobSeconds + checksumMicros * 1e-6 * n / c, 0, 0));
        // the driver holds the merged sums and, one training set at a time, an eigendecomposition's m x m arrays
        passes.add(new Pass("solve (driver)", 1, solveNanos * 1e-9 * (p.folds() + 1) * m * m * m, 0,
                partial + 3 * m * m * 8));
        return passes;
    }

    /** The passes of the Falkon route, in the order they run. */
    public List<Pass> falkonRoute(Problem p) {
        double n = p.rows();
        double m = p.landmarks();
        int c = p.allCores();
        int r = p.rightHandSides();
        double block = BLOCK_ROWS * m * 8.0;
        List<Pass> passes = new ArrayList<>();
        passes.add(new Pass("reading the rows", 1, jobSeconds + readMicros * 1e-6 * n / c, 0, 0));
        passes.add(draw(n, c));
        double cross = m * (p.folds() + 1) * p.outputs() * 8;
        passes.add(new Pass("falkon cross sums", 1, jobSeconds + (kernelNanos * m + falkonNanos * m * p.outputs())
                * 1e-9 * n / c + merge(cross, c), p.cores() * (block + 2 * cross), 2 * cross));
        // a task's product with the right-hand sides, its result and the result's serialized copy
        double gram = m * r * 8;
        passes.add(new Pass("falkon gram products", p.iterations(), p.iterations() * (jobSeconds + (kernelNanos * m
                + 2 * falkonNanos * m * r) * 1e-9 * n / c + merge(gram, c)), p.cores() * (block
                + BLOCK_ROWS * r * 8.0 + 2 * gram), 2 * gram));
        passes.add(new Pass("falkon validation", 1, jobSeconds + (kernelNanos * m + falkonNanos * m * p.lambdas()
                * p.outputs()) * 1e-9 * n / c, p.cores() * (block + gram), 0));
        passes.add(new Pass("data checksum", 1, jobSeconds + checksumMicros * 1e-6 * n / c, 0, 0));
        // a Cholesky factor of k(L, L) and a preconditioner per training set, and the weights of every lambda
        passes.add(new Pass("solve (driver)", 1, falkonSolveNanos * 1e-9 * (p.folds() + 1) * m * m * m, 0,
                (p.folds() + 1) * m * m * 8 + 2 * gram));
        return passes;
    }

    /** The landmarks' draw: a key for every row (a pass), then the fetch of the m chosen rows (a fixed part). */
    private Pass draw(double n, int c) {
        return new Pass("drawing the landmarks", 2, 2 * jobSeconds + sampleMicros * 1e-6 * n / c, 0, 0);
    }

    /** The bytes of the rows one executor caches. */
    public double cachedBytesPerExecutor(Problem p) {
        return cachedBytesPerRow * p.rows() / p.executors();
    }

    /** The seconds of a list of passes. */
    public static double seconds(List<Pass> passes) {
        return passes.stream().mapToDouble(Pass::seconds).sum();
    }

    /**
     * The merge of c partials of {@code bytes} each by {@code treeAggregate} with depth 2: about sqrt(c) partials
     * reach each of about sqrt(c) reducers, then the reducers' results reach the driver, which receives and adds them
     * one after another.
     */
    double merge(double bytes, int cores) {
        return merge(bytes, cores, mergeBytesPerSecond);
    }

    private static double merge(double bytes, int cores, double bytesPerSecond) {
        return 2 * Math.ceil(Math.sqrt(cores)) * bytes / bytesPerSecond;
    }

    /**
     * The constants from one run of {@code spark_fit} (per-fold sums) and one of {@code spark_falkon}, as {@code okl
     * bench --json} reports their details (the sums run's and the Falkon run's details objects).
     *
     * @param sums   the details of a {@code spark_fit} run
     * @param falkon the details of a {@code spark_falkon} run
     * @param sumsProblem   the sums run's problem
     * @param falkonProblem the Falkon run's problem
     */
    public static SparkCostModel measured(JsonNode sums, Problem sumsProblem, JsonNode falkon,
            Problem falkonProblem) {
        double n = sumsProblem.rows();
        double m = sumsProblem.landmarks();
        int c = sumsProblem.allCores();
        // the fixed part of a pass: the fetch of the m sampled rows, a job over every partition that reads almost
        // nothing
        double job = passSeconds(sums, "fetching_");
        double read = (passSeconds(sums, "reading") - job) * c / n * 1e6;
        double sample = (passSeconds(sums, "uniform_sample") - job) * c / n * 1e6;
        double checksum = (passSeconds(sums, "data_checksum") - job) * c / n * 1e6;
        // the executors' own timers split the sums' compute between the kernel and the products (task seconds)
        double kernel = sums.path("executor_kernel_s").asDouble() / (n * m) * 1e9;
        double product = sums.path("executor_products_s").asDouble() / (n * m * m) * 1e9;
        double compute = (kernel * m + product * m * m) * 1e-9 * n / c;
        double partial = sums.path("partial_mib").asDouble() * (1 << 20);
        double mergeRate = NETWORK;
        double merge = merge(partial, c, mergeRate);
        double other = Math.max(passSeconds(sums, "per-fold_sums") - job - compute - merge, 0) * c / n * 1e6;
        double solve = sums.path("solve_s").asDouble() * 1e9 / ((sumsProblem.folds() + 1) * m * m * m);
        double cachedPerRow = sums.path("cached_mib").asDouble() * (1 << 20) / n;

        double fn = falkonProblem.rows();
        double fm = falkonProblem.landmarks();
        int fc = falkonProblem.allCores();
        int r = falkonProblem.rightHandSides();
        double gram = passSeconds(falkon, "falkon_gram_products") / falkon.path("pass.falkon_gram_products.count")
                .asDouble();
        double falkonPerRow = (gram - job - merge(fm * r * 8, fc, mergeRate)) * fc / fn * 1e9;
        double falkonNanos = Math.max(falkonPerRow - kernel * fm, 0) / (2 * fm * r);
        double falkonSolve = falkon.path("solve_s").asDouble() * 1e9 / ((falkonProblem.folds() + 1) * fm * fm * fm);
        return new SparkCostModel(job, read, sample, checksum, kernel, product, other, falkonNanos, solve, falkonSolve,
                mergeRate, cachedPerRow);
    }

    /** The summed wall seconds of the passes whose key starts with {@code pass.<prefix>}. */
    static double passSeconds(JsonNode details, String prefix) {
        double total = 0;
        for (var it = details.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (key.startsWith("pass." + prefix) && key.endsWith(".s")) {
                total += details.path(key).asDouble();
            }
        }
        return total;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "per pass %.2f s; reading %.2f us/row, sample %.2f us/row, checksum %.2f "
                + "us/row, kernel %.2f ns/entry, products %.4f ns/(row m^2), rest of the sums %.2f us/row, Falkon %.4f ns/(row m column), solve %.3f "
                + "ns/m^3 (Falkon %.3f), network %.0f MiB/s (assumed), %.0f cached bytes/row (per core)", jobSeconds, readMicros,
                sampleMicros, checksumMicros,
                kernelNanos, productNanos, otherMicros, falkonNanos, solveNanos, falkonSolveNanos, mergeBytesPerSecond / (1 << 20),
                cachedBytesPerRow);
    }
}
