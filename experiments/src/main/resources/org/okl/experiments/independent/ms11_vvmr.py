#!/usr/bin/env python3
"""Independent check of OKL's vector-valued manifold regularization (Minh & Sindhwani 2011, eq. 17).

Reads, from the folder given as the first argument: xl.csv (labelled inputs), yl.csv (their labels, 0/1 or +-1),
xu.csv (unlabelled inputs, in the order they enter the graph after the labelled ones) and xt.csv (inputs to score).
Arguments after the folder: sigma lambda gammaI gammaO k_input k_output.

Builds everything with numpy/scipy from the paper's definitions (not from OKL's code): the Gaussian Gram over
labelled + unlabelled inputs, the symmetrised ("or") binary k-NN input graph and its normalised Laplacian
L = I - D^-1/2 W D^-1/2, the binary k-NN graph over the label columns and A = gammaO pinv(L_out) + (1 - gammaO) I,
then solves (J K + l gammaI L K) C A + l lambda C = [Y; 0] by diagonalising A (one dense N x N solve per eigenvalue)
and writes the scores F = k(xt, X) C A to scores.csv. Prints one JSON line with the sizes.
"""
import json
import sys

import numpy as np
from scipy.spatial.distance import cdist


def knn_graph(d2, k):
    """Symmetrised binary k-NN graph from squared distances (self excluded, ties to the lower index)."""
    n = d2.shape[0]
    d2 = d2.copy()
    np.fill_diagonal(d2, np.inf)
    w = np.zeros((n, n))
    order = np.argsort(d2, axis=1, kind="stable")[:, :k]
    for i in range(n):
        w[i, order[i]] = 1.0
    return np.maximum(w, w.T)


def normalised_laplacian(w):
    deg = w.sum(axis=1)
    s = np.where(deg > 0, 1.0 / np.sqrt(np.where(deg > 0, deg, 1.0)), 0.0)
    return np.eye(len(w)) - s[:, None] * w * s[None, :]


def main():
    folder = sys.argv[1]
    sigma, lam, gamma_i, gamma_o = (float(v) for v in sys.argv[2:6])
    k_in, k_out = int(sys.argv[6]), int(sys.argv[7])
    load = lambda name: np.loadtxt(f"{folder}/{name}.csv", delimiter=",", ndmin=2)
    xl, yl, xu, xt = load("xl"), load("yl"), load("xu"), load("xt")
    y = 2.0 * yl - 1.0 if set(np.unique(yl)) <= {0.0, 1.0} else yl
    x = np.vstack([xl, xu])
    n, l, d = len(x), len(xl), y.shape[1]
    d2 = cdist(x, x, "sqeuclidean")
    k = np.exp(-d2 / (2 * sigma ** 2))
    lap = normalised_laplacian(knn_graph(d2, k_in))
    lap_out = normalised_laplacian(knn_graph(cdist(y.T, y.T, "sqeuclidean"), min(k_out, d - 1)))
    a = gamma_o * np.linalg.pinv(lap_out) + (1 - gamma_o) * np.eye(d)
    a = (a + a.T) / 2
    j = np.zeros((n, 1))
    j[:l] = 1.0
    m = j * k + l * gamma_i * lap @ k
    eigenvalues, v = np.linalg.eigh(a)
    rhs = np.vstack([y, np.zeros((n - l, d))]) @ v
    beta = np.column_stack([np.linalg.solve(eigenvalues[c] * m + l * lam * np.eye(n), rhs[:, c]) for c in range(d)])
    scores = np.exp(-cdist(xt, x, "sqeuclidean") / (2 * sigma ** 2)) @ beta @ np.diag(eigenvalues) @ v.T
    np.savetxt(f"{folder}/scores.csv", scores, delimiter=",", fmt="%.17g")
    print(json.dumps({"labelled": l, "graph": n, "labels": d, "scored": len(xt)}))


if __name__ == "__main__":
    main()
