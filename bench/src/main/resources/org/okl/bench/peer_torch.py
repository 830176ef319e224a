#!/usr/bin/env python3
"""PyTorch on the GPU doing what OKL's GPU route does for the large-n benchmark, on the same numbers.

  peer_torch.py sums DIR N P D M FOLDS SIGMA LAMBDA...

DIR holds what `GpuBenchMain sums ... peer DIR` wrote: train.f64 (N x (P + D), row-major float64), landmarks.f64
(M x P, the landmarks OKL drew), folds.i32 (every row's fold, OKL's FoldScheme) and test.f64. The program is what a
PyTorch user writes for Nystrom kernel ridge regression with k-fold selection in one pass over the rows: the rows
to the card, sorted by fold; per fold the Gaussian features of blocks of rows (norms and one matrix product, then
exp) and their sums Phi^T Phi, Phi^T Y (torch.addmm: PyTorch has no symmetric rank-k update, so this is the full
product, twice the flops of OKL's dsyrk); then per training set the whitening by the eigendecomposition of
k(L, L), the eigendecomposition of the whitened m x m Gram, every lambda's weights and validation error (the same
formulas as OKL's SketchSolve), the lambda of the smallest mean validation MSE, and the test MSE. FP64 throughout.
Timed after a warm-up (CUDA context, cuBLAS, cuSOLVER), with torch.cuda.synchronize() at each boundary. Prints one
JSON object.
"""
import json
import sys
import time
from pathlib import Path

import numpy as np
import torch


def synchronized():
    torch.cuda.synchronize()
    return time.perf_counter()


def gaussian(x, landmarks, landmark_norms, scale):
    d2 = (x * x).sum(dim=1, keepdim=True) + landmark_norms[None, :] - 2.0 * (x @ landmarks.T)
    return torch.exp(-scale * d2.clamp_min(0.0))


def sums(directory, n, p, d, m, folds, sigma, lambdas):
    dev = torch.device("cuda")
    f64 = torch.float64
    train = np.fromfile(directory / "train.f64", dtype="<f8").reshape(n, p + d)
    landmarks_host = np.fromfile(directory / "landmarks.f64", dtype="<f8").reshape(m, p)
    fold_host = np.fromfile(directory / "folds.i32", dtype="<i4")
    test = np.fromfile(directory / "test.f64", dtype="<f8").reshape(-1, p + d)
    # warm-up: context, cuBLAS, cuSOLVER
    w = torch.randn(256, 256, dtype=f64, device=dev)
    torch.linalg.eigh(w @ w.T)
    synchronized()

    start = time.perf_counter()
    x_all = torch.from_numpy(train[:, :p]).to(dev)
    y_all = torch.from_numpy(train[:, p:]).to(dev)
    fold = torch.from_numpy(fold_host).to(dev)
    landmarks = torch.from_numpy(landmarks_host).to(dev)
    order = torch.argsort(fold, stable=True)
    x_all = x_all[order]
    y_all = y_all[order]
    counts = torch.bincount(fold.long(), minlength=folds).tolist()
    scale = 1.0 / (2.0 * sigma * sigma)
    landmark_norms = (landmarks * landmarks).sum(dim=1)
    gram = torch.zeros(folds, m, m, dtype=f64, device=dev)
    cross = torch.zeros(folds, m, d, dtype=f64, device=dev)
    y_sums = torch.zeros(folds, d, dtype=f64, device=dev)
    y_squares = torch.zeros(folds, d, dtype=f64, device=dev)
    block = max(256, min(65536, (1 << 27) // m))
    first = 0
    for f in range(folds):
        last = first + counts[f]
        for b0 in range(first, last, block):
            b1 = min(last, b0 + block)
            phi = gaussian(x_all[b0:b1], landmarks, landmark_norms, scale)
            yb = y_all[b0:b1]
            gram[f].addmm_(phi.T, phi)
            cross[f].addmm_(phi.T, yb)
            y_sums[f] += yb.sum(dim=0)
            y_squares[f] += (yb * yb).sum(dim=0)
        first = last
    sums_done = synchronized()

    metric = gaussian(landmarks, landmarks, landmark_norms, scale)
    e, v = torch.linalg.eigh((metric + metric.T) / 2)
    keep = e > 1e-10 * e.max()
    t = v[:, keep] / torch.sqrt(e[keep])[None, :]
    curve = [0.0] * len(lambdas)
    weights_all = None
    for s in range(folds + 1):
        training = [g for g in range(folds) if g != s]
        g_s = gram[training].sum(dim=0)
        r_s = cross[training].sum(dim=0)
        n_s = sum(counts[g] for g in training)
        whitened = t.T @ g_s @ t
        sv, wv = torch.linalg.eigh((whitened + whitened.T) / 2)
        sv = sv.clamp_min(0.0)
        rotated = wv.T @ (t.T @ r_s)
        weights = [t @ (wv @ (rotated / (sv + n_s * lam)[:, None])) for lam in lambdas]
        if s < folds:
            for j, beta in enumerate(weights):
                errors = y_squares[s] - 2.0 * (beta * cross[s]).sum(dim=0) + (beta * (gram[s] @ beta)).sum(dim=0)
                curve[j] += float(errors.clamp_min(0.0).sum() / (counts[s] * d)) / folds
        else:
            weights_all = weights
    best = int(np.argmin(curve))
    beta = weights_all[best]
    solve_done = synchronized()

    x_test = torch.from_numpy(test[:, :p]).to(dev)
    y_test = torch.from_numpy(test[:, p:]).to(dev)
    predicted = gaussian(x_test, landmarks, landmark_norms, scale) @ beta
    test_mse = float(((predicted - y_test) ** 2).mean())
    return {
        "peer": "pytorch " + torch.__version__ + " on " + torch.cuda.get_device_name(0),
        "torch_sums_s": sums_done - start,
        "torch_solve_s": solve_done - sums_done,
        "torch_total_s": solve_done - start,
        "lambda": lambdas[best],
        "curve": curve,
        "test_mse": test_mse,
        "rows": n,
    }


def main(argv):
    if len(argv) < 9 or argv[1] != "sums":
        print(__doc__, file=sys.stderr)
        return 2
    directory = Path(argv[2])
    n, p, d, m, folds = (int(a) for a in argv[3:8])
    sigma = float(argv[8])
    lambdas = [float(a) for a in argv[9:]]
    print(json.dumps(sums(directory, n, p, d, m, folds, sigma, lambdas)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
