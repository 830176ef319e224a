package org.okl.gpu.device;

/**
 * The primitives OKL's GPU algorithms are written in. Matrices are column-major doubles (FP64) in
 * {@link DeviceBuffer}s, given as a buffer (a view at the matrix's first entry) and a leading dimension. Work is
 * queued on {@link Stream}s and runs in order on each; {@link Event}s order work across streams and with the CPU.
 * {@link #write} and {@link #read} are synchronous and wait for all queued work first.
 *
 * <p>Implementations serialize their calls (one caller at a time) and check the memory they allocate against what
 * the device has free.
 */
public interface Device extends AutoCloseable {

    /** A short name, for example {@code cuda:0}. */
    String name();

    /** A one-line description: the card, its memory, the library versions. */
    String description();

    /** The card's name, for example {@code NVIDIA H100 80GB HBM3}. */
    String card();

    /** Bytes of device memory free now. */
    long freeBytes();

    /** Bytes of device memory in all. */
    long totalBytes();

    /**
     * Allocates doubles of device memory.
     *
     * @param doubles how many
     * @param what    what for, for the error message
     * @throws org.okl.api.error.OklException {@code OUT_OF_MEMORY} with advice when the device has too little free
     */
    DeviceBuffer allocate(long doubles, String what);

    /** Allocates doubles of pinned host memory. */
    HostBuffer pinned(long doubles);

    /** A new stream. */
    Stream stream();

    /** Marks the work queued on a stream so far. */
    Event record(Stream stream);

    /** Makes a stream wait for an event before its later work. */
    void await(Stream stream, Event event);

    /** Blocks the CPU until the work before an event is done. */
    void synchronize(Event event);

    /** Blocks the CPU until the work queued on a stream is done. */
    void synchronize(Stream stream);

    /** Queues a copy of {@code count} doubles from pinned host memory to the device. */
    void upload(HostBuffer source, long from, DeviceBuffer target, long count, Stream stream);

    /** Queues a copy of {@code count} doubles from the device to pinned host memory. */
    void download(DeviceBuffer source, HostBuffer target, long to, long count, Stream stream);

    /** Queues a copy of {@code count} doubles on the device. */
    void copy(DeviceBuffer source, DeviceBuffer target, long count, Stream stream);

    /** Queues a strided copy: {@code target[i·targetStride] = source[i·sourceStride]} for i below count. */
    void copyStrided(int count, DeviceBuffer source, int sourceStride, DeviceBuffer target, int targetStride,
            Stream stream);

    /** Queues setting {@code count} doubles to a value. */
    void fill(DeviceBuffer target, long count, double value, Stream stream);

    /** Copies doubles from the Java heap to the device, after all queued work. */
    void write(double[] source, int from, DeviceBuffer target, int count);

    /** Copies doubles from the device to the Java heap, after all queued work. */
    void read(DeviceBuffer source, double[] target, int to, int count);

    /** {@code C = alpha op(A) op(B) + beta C} with op(A) m x k, op(B) k x n. */
    void gemm(Stream stream, boolean transA, boolean transB, int m, int n, int k, double alpha, DeviceBuffer a,
            int lda, DeviceBuffer b, int ldb, double beta, DeviceBuffer c, int ldc);

    /**
     * The lower triangle of {@code C = alpha op(A)^T op(A) + beta C}: {@code A^T A} with A k x n when
     * {@code transpose}, else {@code A A^T} with A n x k.
     */
    void syrk(Stream stream, boolean transpose, int n, int k, double alpha, DeviceBuffer a, int lda, double beta,
            DeviceBuffer c, int ldc);

    /**
     * Solves {@code op(T) X = alpha B} (left) or {@code X op(T) = alpha B} (right) in place of B (m x n), T triangular
     * with a non-unit diagonal.
     */
    void trsm(Stream stream, boolean left, boolean lower, boolean transpose, int m, int n, double alpha,
            DeviceBuffer t, int ldt, DeviceBuffer b, int ldb);

    /**
     * The lower Cholesky factor in place of A's lower triangle (the strict upper triangle is left as it was); waits
     * for the result.
     *
     * @return 0, or the order of the first minor that is not positive definite
     */
    int potrf(Stream stream, int n, DeviceBuffer a, int lda);

    /** Device bytes {@link #syevd} needs beside A and W for order n. */
    long syevdBytes(int n);

    /**
     * Every eigenpair of the symmetric A (lower triangle read): eigenvectors in place of A, eigenvalues increasing
     * in W; waits for the result.
     *
     * @return 0, or LAPACK's info when the decomposition failed
     */
    int syevd(Stream stream, int n, DeviceBuffer a, int lda, DeviceBuffer w);

    /**
     * The Gaussian kernel block {@code out[i, j] = exp(-scale ||x_i - l_j||^2)} of rows x_i of X (rows x dim) and l_j
     * of L (cols x dim).
     */
    void gaussian(Stream stream, int rows, int cols, int dim, DeviceBuffer x, int ldx, DeviceBuffer l, int ldl,
            double scale, DeviceBuffer out, int ldo);

    /** {@code p[i, c] = 0} wherever {@code rowGroups[i] == columnGroups[c]}. */
    void maskGroups(Stream stream, int rows, int cols, DeviceBuffer p, int ldp, DeviceBuffer rowGroups,
            DeviceBuffer columnGroups);

    /**
     * Spreads targets by group: {@code out[i, g·d + c] = y[i, c]} when row i is in group g, else 0, for groups
     * below {@code groups}.
     */
    void spreadGroups(Stream stream, int rows, int d, int groups, DeviceBuffer y, int ldy, DeviceBuffer rowGroups,
            DeviceBuffer out, int ldo);

    /**
     * Adds masked squared residuals per column: {@code out[c] += sum_i [rowGroups[i] == columnGroups[c]]
     * (y[i, columnOutputs[c]] - p[i, c])^2}.
     */
    void groupResiduals(Stream stream, int rows, int cols, DeviceBuffer p, int ldp, DeviceBuffer y, int ldy,
            DeviceBuffer rowGroups, DeviceBuffer columnGroups, DeviceBuffer columnOutputs, DeviceBuffer out);

    /** {@code out[c] = sum_i a[i, c] b[i, c]}. */
    void columnDots(Stream stream, int rows, int cols, DeviceBuffer a, int lda, DeviceBuffer b, int ldb,
            DeviceBuffer out);

    /** {@code y[:, c] += alpha[c] x[:, c]}. */
    void columnAxpy(Stream stream, int rows, int cols, DeviceBuffer alpha, DeviceBuffer x, int ldx, DeviceBuffer y,
            int ldy);

    /** {@code y[:, c] = x[:, c] + beta[c] y[:, c]}. */
    void columnXpby(Stream stream, int rows, int cols, DeviceBuffer x, int ldx, DeviceBuffer beta, DeviceBuffer y,
            int ldy);

    /** {@code x[:, c] *= alpha[c]}. */
    void columnScale(Stream stream, int rows, int cols, DeviceBuffer alpha, DeviceBuffer x, int ldx);

    /** {@code a[i, i] += value}. */
    void addDiagonal(Stream stream, int n, DeviceBuffer a, int lda, double value);

    /** Sets the strict upper triangle of A (n x n) to zero. */
    void zeroUpper(Stream stream, int n, DeviceBuffer a, int lda);

    /** Copies the strict lower triangle of A (n x n) onto the upper one: A symmetric from its lower triangle. */
    void mirrorLower(Stream stream, int n, DeviceBuffer a, int lda);

    /** Doubles of work space {@link #topK} needs for the given rows and k. */
    long topKWork(int rows, int k);

    /**
     * Merges a block of candidates into the running best k of every row. The block's scores are
     * {@code self[c] + s[c, i]} for candidate c below {@code candidates} of row i (s candidates x rows); NaN counts
     * as +Infinity. The running best are {@code values[i·k + r]} and {@code indices[i·k + r]} (as doubles),
     * increasing by (score, index), with index -1 and score +Infinity for an empty place; the block's candidate c
     * has index {@code firstIndex + c}.
     */
    void topK(Stream stream, int rows, int candidates, int k, DeviceBuffer s, int lds, DeviceBuffer self,
            long firstIndex, DeviceBuffer values, DeviceBuffer indices, DeviceBuffer work);

    /** Frees the device's resources. */
    @Override
    void close();

    /** An ordered queue of device work; closing it waits for its work and frees it. */
    interface Stream extends AutoCloseable {
        @Override
        void close();
    }

    /** A point in a stream's work. */
    interface Event {
    }
}
