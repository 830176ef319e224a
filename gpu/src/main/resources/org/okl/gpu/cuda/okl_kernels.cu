// OKL's own CUDA kernels, compiled at run time by NVRTC (okl-gpu, org.okl.gpu.cuda.CudaKernels). FP64 throughout.
// Matrices are column-major; every kernel has the semantics of the method of the same name in
// org.okl.gpu.device.Device, which org.okl.gpu.device.HostDevice implements on the CPU. No header is included:
// NVRTC provides the CUDA math functions.

#define OKL_TILE 16
#define OKL_WIDE 64
#define OKL_MAXK 64
#define OKL_SLICES 64
#define OKL_THREADS 256

// Gaussian kernel block: out[i, j] = exp(-scale * sum_k (x[i, k] - l[j, k])^2). A block of 16 x 16 threads makes a
// 64 x 64 tile of outputs, each thread 4 x 4 of them in registers, with 16 input columns of the tile's rows and
// landmarks staged in shared memory at a time; k runs in order for every entry, so the block of a sample with
// itself is exactly symmetric.
extern "C" __global__ void okl_gaussian(int rows, int cols, int dim, const double* __restrict__ x, int ldx,
                                        const double* __restrict__ l, int ldl, double scale,
                                        double* __restrict__ out, int ldo) {
    __shared__ double xs[OKL_TILE][OKL_WIDE + 1];
    __shared__ double ls[OKL_TILE][OKL_WIDE + 1];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int t = ty * OKL_TILE + tx;
    int i0 = blockIdx.x * OKL_WIDE;
    int j0 = blockIdx.y * OKL_WIDE;
    double acc[4][4];
    for (int a = 0; a < 4; a++) {
        for (int b = 0; b < 4; b++) {
            acc[a][b] = 0.0;
        }
    }
    for (int k0 = 0; k0 < dim; k0 += OKL_TILE) {
        for (int q = 0; q < 4; q++) {
            int e = t + 256 * q;
            int kk = e / OKL_WIDE;
            int ii = e % OKL_WIDE;
            int k = k0 + kk;
            xs[kk][ii] = (i0 + ii < rows && k < dim) ? x[(i0 + ii) + (long long) k * ldx] : 0.0;
            ls[kk][ii] = (j0 + ii < cols && k < dim) ? l[(j0 + ii) + (long long) k * ldl] : 0.0;
        }
        __syncthreads();
        int kn = dim - k0 < OKL_TILE ? dim - k0 : OKL_TILE;
        for (int kk = 0; kk < kn; kk++) {
            double xv[4];
            double lv[4];
            for (int a = 0; a < 4; a++) {
                xv[a] = xs[kk][tx + OKL_TILE * a];
                lv[a] = ls[kk][ty + OKL_TILE * a];
            }
            for (int a = 0; a < 4; a++) {
                for (int b = 0; b < 4; b++) {
                    double d = xv[a] - lv[b];
                    acc[a][b] += d * d;
                }
            }
        }
        __syncthreads();
    }
    for (int a = 0; a < 4; a++) {
        int i = i0 + tx + OKL_TILE * a;
        for (int b = 0; b < 4; b++) {
            int j = j0 + ty + OKL_TILE * b;
            if (i < rows && j < cols) {
                out[i + (long long) j * ldo] = exp(-scale * acc[a][b]);
            }
        }
    }
}

// p[i, c] = 0 where rowGroups[i] == columnGroups[c].
extern "C" __global__ void okl_mask_groups(int rows, int cols, double* p, int ldp, const double* rowGroups,
                                           const double* columnGroups) {
    long long total = (long long) rows * cols;
    for (long long e = blockIdx.x * (long long) blockDim.x + threadIdx.x; e < total;
         e += (long long) gridDim.x * blockDim.x) {
        int i = (int) (e % rows);
        int c = (int) (e / rows);
        if (rowGroups[i] == columnGroups[c]) {
            p[i + (long long) c * ldp] = 0.0;
        }
    }
}

// out[i, g * d + c] = y[i, c] when rowGroups[i] == g, else 0.
extern "C" __global__ void okl_spread_groups(int rows, int d, int groups, const double* y, int ldy,
                                             const double* rowGroups, double* out, int ldo) {
    long long total = (long long) rows * d * groups;
    for (long long e = blockIdx.x * (long long) blockDim.x + threadIdx.x; e < total;
         e += (long long) gridDim.x * blockDim.x) {
        int i = (int) (e % rows);
        long long col = e / rows;
        int g = (int) (col / d);
        int c = (int) (col % d);
        out[i + col * ldo] = rowGroups[i] == (double) g ? y[i + (long long) c * ldy] : 0.0;
    }
}

// out[c] += sum_i [rowGroups[i] == columnGroups[c]] (y[i, columnOutputs[c]] - p[i, c])^2; one block per column,
// a fixed reduction tree (the same sums whatever the scheduling).
extern "C" __global__ void okl_group_residuals(int rows, int cols, const double* p, int ldp, const double* y,
                                               int ldy, const double* rowGroups, const double* columnGroups,
                                               const double* columnOutputs, double* out) {
    __shared__ double part[OKL_THREADS];
    int c = blockIdx.x;
    double g = columnGroups[c];
    long long o = (long long) columnOutputs[c];
    double s = 0.0;
    for (int i = threadIdx.x; i < rows; i += blockDim.x) {
        if (rowGroups[i] == g) {
            double r = y[i + o * ldy] - p[i + (long long) c * ldp];
            s += r * r;
        }
    }
    part[threadIdx.x] = s;
    __syncthreads();
    for (int w = blockDim.x / 2; w > 0; w >>= 1) {
        if (threadIdx.x < w) {
            part[threadIdx.x] += part[threadIdx.x + w];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        out[c] += part[0];
    }
}

// out[c] = sum_i a[i, c] b[i, c]; one block per column, a fixed reduction tree.
extern "C" __global__ void okl_column_dots(int rows, int cols, const double* a, int lda, const double* b, int ldb,
                                           double* out) {
    __shared__ double part[OKL_THREADS];
    int c = blockIdx.x;
    double s = 0.0;
    for (int i = threadIdx.x; i < rows; i += blockDim.x) {
        s += a[i + (long long) c * lda] * b[i + (long long) c * ldb];
    }
    part[threadIdx.x] = s;
    __syncthreads();
    for (int w = blockDim.x / 2; w > 0; w >>= 1) {
        if (threadIdx.x < w) {
            part[threadIdx.x] += part[threadIdx.x + w];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        out[c] = part[0];
    }
}

// y[:, c] += alpha[c] x[:, c].
extern "C" __global__ void okl_column_axpy(int rows, int cols, const double* alpha, const double* x, int ldx,
                                           double* y, int ldy) {
    long long total = (long long) rows * cols;
    for (long long e = blockIdx.x * (long long) blockDim.x + threadIdx.x; e < total;
         e += (long long) gridDim.x * blockDim.x) {
        int i = (int) (e % rows);
        long long c = e / rows;
        y[i + c * ldy] += alpha[c] * x[i + c * ldx];
    }
}

// y[:, c] = x[:, c] + beta[c] y[:, c].
extern "C" __global__ void okl_column_xpby(int rows, int cols, const double* x, int ldx, const double* beta,
                                           double* y, int ldy) {
    long long total = (long long) rows * cols;
    for (long long e = blockIdx.x * (long long) blockDim.x + threadIdx.x; e < total;
         e += (long long) gridDim.x * blockDim.x) {
        int i = (int) (e % rows);
        long long c = e / rows;
        y[i + c * ldy] = x[i + c * ldx] + beta[c] * y[i + c * ldy];
    }
}

// x[:, c] *= alpha[c].
extern "C" __global__ void okl_column_scale(int rows, int cols, const double* alpha, double* x, int ldx) {
    long long total = (long long) rows * cols;
    for (long long e = blockIdx.x * (long long) blockDim.x + threadIdx.x; e < total;
         e += (long long) gridDim.x * blockDim.x) {
        int i = (int) (e % rows);
        long long c = e / rows;
        x[i + c * ldx] *= alpha[c];
    }
}

// a[i, i] += value.
extern "C" __global__ void okl_add_diagonal(int n, double* a, int lda, double value) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        a[i + (long long) i * lda] += value;
    }
}

// The strict upper triangle of a (n x n) set to zero.
extern "C" __global__ void okl_zero_upper(int n, double* a, int lda) {
    long long total = (long long) n * n;
    for (long long e = blockIdx.x * (long long) blockDim.x + threadIdx.x; e < total;
         e += (long long) gridDim.x * blockDim.x) {
        int i = (int) (e % n);
        int j = (int) (e / n);
        if (i < j) {
            a[i + (long long) j * lda] = 0.0;
        }
    }
}

// a[i, j] = a[j, i] for i < j: the upper triangle from the lower one.
extern "C" __global__ void okl_mirror_lower(int n, double* a, int lda) {
    long long total = (long long) n * n;
    for (long long e = blockIdx.x * (long long) blockDim.x + threadIdx.x; e < total;
         e += (long long) gridDim.x * blockDim.x) {
        int i = (int) (e % n);
        int j = (int) (e / n);
        if (i < j) {
            a[i + (long long) j * lda] = a[j + (long long) i * lda];
        }
    }
}

// x[0..n) = value.
extern "C" __global__ void okl_fill(long long n, double* x, double value) {
    for (long long e = blockIdx.x * (long long) blockDim.x + threadIdx.x; e < n;
         e += (long long) gridDim.x * blockDim.x) {
        x[e] = value;
    }
}

// (a, ia) comes before (b, ib): by score, then by index; an empty place (index < 0) after every candidate.
__device__ __forceinline__ bool okl_before(double a, double ia, double b, double ib) {
    if (ib < 0.0) {
        return ia >= 0.0;
    }
    if (ia < 0.0) {
        return false;
    }
    return a < b || (a == b && ia < ib);
}

__device__ __forceinline__ void okl_insert(double* v, double* ix, int k, double score, double index) {
    if (!okl_before(score, index, v[k - 1], ix[k - 1])) {
        return;
    }
    int pos = k - 1;
    while (pos > 0 && okl_before(score, index, v[pos - 1], ix[pos - 1])) {
        v[pos] = v[pos - 1];
        ix[pos] = ix[pos - 1];
        pos--;
    }
    v[pos] = score;
    ix[pos] = index;
}

// Top-k, first step: block = one row (prediction) i, thread = one slice j of the candidates (c = j, j + 64, ...);
// each thread keeps the best k of its slice of scores self[c] + s[c, i] (NaN as +inf) and writes them to
// work[((i * 64 + j) * k + r) * 2 + {0: score, 1: index}].
extern "C" __global__ void okl_topk_partial(int rows, int candidates, int k, const double* s, int lds,
                                            const double* self, double firstIndex, double infinity, double* work) {
    int i = blockIdx.x;
    int j = threadIdx.x;
    if (i >= rows) {
        return;
    }
    double v[OKL_MAXK];
    double ix[OKL_MAXK];
    for (int r = 0; r < k; r++) {
        v[r] = infinity;
        ix[r] = -1.0;
    }
    const double* column = s + (long long) i * lds;
    for (int c = j; c < candidates; c += OKL_SLICES) {
        double score = self[c] + column[c];
        if (score != score) {
            score = infinity;
        }
        okl_insert(v, ix, k, score, firstIndex + (double) c);
    }
    double* mine = work + ((long long) i * OKL_SLICES + j) * k * 2;
    for (int r = 0; r < k; r++) {
        mine[2 * r] = v[r];
        mine[2 * r + 1] = ix[r];
    }
}

// Top-k, second step: one thread per row merges the 64 slices' best into the row's running best
// (values[i * k + r], indices[i * k + r]).
extern "C" __global__ void okl_topk_merge(int rows, int k, const double* work, double* values, double* indices) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows) {
        return;
    }
    double v[OKL_MAXK];
    double ix[OKL_MAXK];
    for (int r = 0; r < k; r++) {
        v[r] = values[(long long) i * k + r];
        ix[r] = indices[(long long) i * k + r];
    }
    const double* slices = work + (long long) i * OKL_SLICES * k * 2;
    for (int q = 0; q < OKL_SLICES * k; q++) {
        double index = slices[2 * q + 1];
        if (index >= 0.0) {
            okl_insert(v, ix, k, slices[2 * q], index);
        }
    }
    for (int r = 0; r < k; r++) {
        values[(long long) i * k + r] = v[r];
        indices[(long long) i * k + r] = ix[r];
    }
}
