#!/usr/bin/env python3
"""Independent check of OKL's low-rank conditional-covariance KDE (Kadri et al. 2013, App. C).

Reads, from the folder given as the first argument: x.csv (the N training inputs), y.csv (their outputs, which are
also the candidates) and xt.csv (test inputs). Arguments after the folder: sigma_k sigma_l lambda epsilon rank.

Written from the paper and docs/conventions.md, not from OKL's code, and by another route: the pivoted incomplete
Cholesky factors K ~ U1 U1^T and L ~ V1 V1^T (greedy largest residual diagonal, first index on ties), then the exact
KDE equation with these Gram matrices, T~ alpha K~ + n^2 lambda alpha = I with the conditional operator
T~ = P~ L~, P~ = n eps (K~ + n eps I)^-1, solved densely in the eigenbases of K~ and of the symmetric
P~^1/2 L~ P~^1/2. The prediction weights are h(x) = T~ alpha k(X, x) with the exact test kernel, and the decoded
output is the candidate minimising l(y, y) - 2 h . l(Y, y). Writes h.csv (test x N) and pred.csv; prints one JSON line.
"""
import json
import sys

import numpy as np
from scipy.spatial.distance import cdist


def gauss(a, b, sigma):
    return np.exp(-cdist(a, b, "sqeuclidean") / (2 * sigma ** 2))


def incomplete_cholesky(m, rank):
    n = len(m)
    d = np.diag(m).astype(float).copy()
    g = np.zeros((n, rank))
    for r in range(rank):
        j = int(np.argmax(d))
        g[:, r] = (m[:, j] - g[:, :r] @ g[j, :r]) / np.sqrt(d[j])
        d -= g[:, r] ** 2
    return g


def main():
    folder = sys.argv[1]
    sigma_k, sigma_l, lam, eps = (float(v) for v in sys.argv[2:6])
    rank = int(sys.argv[6])
    load = lambda name: np.loadtxt(f"{folder}/{name}.csv", delimiter=",", ndmin=2)
    x, y, xt = load("x"), load("y"), load("xt")
    n = len(x)
    l_full = gauss(y, y, sigma_l)
    u1 = incomplete_cholesky(gauss(x, x, sigma_k), rank)
    v1 = incomplete_cholesky(l_full, rank)
    s, u = np.linalg.eigh(u1 @ u1.T)
    s = np.clip(s, 0, None)
    p = n * eps / (s + n * eps)
    p_half = (u * np.sqrt(p)) @ u.T
    p_minus_half = (u / np.sqrt(p)) @ u.T
    inner = p_half @ (v1 @ v1.T) @ p_half
    w, q = np.linalg.eigh((inner + inner.T) / 2)
    w = np.clip(w, 0, None)
    v = p_half @ q
    v_inv = q.T @ p_minus_half
    core = (v_inv @ u) / (np.outer(w, s) + n * n * lam)
    t_alpha = v @ (w[:, None] * core) @ u.T
    h = (t_alpha @ gauss(x, xt, sigma_k)).T
    scores = 1.0 - 2.0 * h @ l_full
    pred = y[np.argmin(scores, axis=1)]
    np.savetxt(f"{folder}/h.csv", h, delimiter=",", fmt="%.17g")
    np.savetxt(f"{folder}/pred.csv", pred, delimiter=",", fmt="%.17g")
    print(json.dumps({"n": n, "rank": rank, "tests": len(xt)}))


if __name__ == "__main__":
    main()
