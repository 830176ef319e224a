package org.okl.gpu.compute;

import org.okl.api.linalg.Accelerator;
import org.okl.api.linalg.Matrix;
import org.okl.gpu.device.Device;
import org.okl.gpu.device.DeviceBuffer;

/**
 * Candidate search on a device: the scores {@code self[c] - 2 (h op(cross))[i][c]} of a block of candidates by one
 * product, then OKL's {@code topK} kernel merges them into every prediction's running best k; blocks of candidates
 * follow one another on the card, and only t x k indices and scores come back.
 */
final class DeviceTopK {
    /** The most candidates kept per prediction on the card. */
    static final int MAX_K = 64;

    private DeviceTopK() {
    }

    /** Rows per block of predictions. */
    static int rowBlock(int t) {
        return Math.max(1, Math.min(t, 1 << 16));
    }

    /** Candidates per block, so that a block of scores holds at most 2^27 doubles. */
    static int candidateBlock(int rows, int candidates) {
        return Math.max(1, Math.min(candidates, (1 << 27) / Math.max(1, rows)));
    }

    /** Device bytes of a search. */
    static long bytes(Device device, int t, int r, int candidates, int k) {
        int rows = rowBlock(t);
        long block = candidateBlock(rows, candidates);
        return 8L * ((long) t * r + (long) r * candidates + candidates + block * rows + 2L * rows * k
                + device.topKWork(rows, k));
    }

    static Accelerator.BestCandidates search(Device device, Matrix h, Matrix cross, boolean transposeCross,
            double[] self, int k) {
        int t = h.rows();
        int r = h.cols();
        int nc = self.length;
        int rows = rowBlock(t);
        int block = candidateBlock(rows, nc);
        int[][] indices = new int[t][k];
        double[][] scores = new double[t][k];
        try (DeviceBuffer dh = device.allocate(Math.max(1, (long) t * r), "the predictions");
                DeviceBuffer dc = device.allocate(Math.max(1, (long) r * nc), "the candidates");
                DeviceBuffer ds = device.allocate(nc, "the candidates' own terms");
                DeviceBuffer scoresBlock = device.allocate((long) block * rows, "a block of scores");
                DeviceBuffer values = device.allocate((long) rows * k, "the best scores");
                DeviceBuffer best = device.allocate((long) rows * k, "the best candidates");
                DeviceBuffer work = device.allocate(Math.max(1, device.topKWork(rows, k)), "top-k work");
                Device.Stream s = device.stream()) {
            device.write(h.data(), 0, dh, t * r);
            device.write(cross.data(), 0, dc, r * nc);
            device.write(self, 0, ds, nc);
            double[] v = new double[rows * k];
            double[] ix = new double[rows * k];
            for (int r0 = 0; r0 < t; r0 += rows) {
                int tb = Math.min(rows, t - r0);
                device.fill(values, (long) tb * k, Double.POSITIVE_INFINITY, s);
                device.fill(best, (long) tb * k, -1.0, s);
                for (int c0 = 0; c0 < nc; c0 += block) {
                    int cb = Math.min(block, nc - c0);
                    if (transposeCross) {
                        device.gemm(s, false, true, cb, tb, r, -2.0, dc.at(c0), nc, dh.at(r0), t, 0.0, scoresBlock,
                                cb);
                    } else {
                        device.gemm(s, true, true, cb, tb, r, -2.0, dc.at((long) c0 * r), Math.max(1, r), dh.at(r0), t,
                                0.0, scoresBlock, cb);
                    }
                    device.topK(s, tb, cb, k, scoresBlock, cb, ds.at(c0), c0, values, best, work);
                }
                device.read(values, v, 0, tb * k);
                device.read(best, ix, 0, tb * k);
                for (int i = 0; i < tb; i++) {
                    for (int q = 0; q < k; q++) {
                        scores[r0 + i][q] = v[i * k + q];
                        indices[r0 + i][q] = (int) ix[i * k + q];
                    }
                }
            }
        }
        return new Accelerator.BestCandidates(indices, scores);
    }
}
