#!/usr/bin/env python3
"""Prediction intervals of okl (jackknife+, `okl evaluate --intervals`) beside scikit-learn's
GaussianProcessRegressor (anisotropic RBF + WhiteKernel, one GP per output, inputs and outputs standardised on the
training fold, hyperparameters by maximum marginal likelihood with 3 restarts) on the same 5 folds of the bundled
regression sets: per set and level, the coverage of (row, output) pairs and the mean interval width (outputs' own
units, averaged over outputs and rows). GP intervals are mean +- z sigma (no coverage guarantee); okl's are
jackknife+ (coverage >= 2 level - 1 for any data, near level in practice).

Usage (from the repository root, after `mvn -pl app -am package -DskipTests`):
  python3 bench/scripts/gp_intervals.py [--sets slump,enb,jura,tecator,sf1,sf2] [--levels 0.8,0.9,0.95] [--work DIR]
Needs numpy, scipy, scikit-learn; runs `java` and `./okl` (OKL_JAR set to the app JAR).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import warnings

import numpy as np
from scipy.stats import norm
from sklearn.exceptions import ConvergenceWarning
from sklearn.gaussian_process import GaussianProcessRegressor
from sklearn.gaussian_process.kernels import RBF, ConstantKernel, WhiteKernel

JAR = "app/target/okl-app-0.1.0-SNAPSHOT-all.jar"


def read(path):
    with open(path) as f:
        header = f.readline().strip().split(",")
    data = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)
    xs = [i for i, h in enumerate(header) if h.startswith("x")]
    ys = [i for i, h in enumerate(header) if h.startswith("y")]
    return data[:, xs], data[:, ys], [header[i] for i in ys]


def gp_intervals(xtr, ytr, xte, levels, seed):
    mx, sx = xtr.mean(0), xtr.std(0)
    sx[sx == 0] = 1
    a, b = (xtr - mx) / sx, (xte - mx) / sx
    out = {l: (np.zeros((len(xte), ytr.shape[1])), np.zeros((len(xte), ytr.shape[1]))) for l in levels}
    for c in range(ytr.shape[1]):
        my, sy = ytr[:, c].mean(), ytr[:, c].std() or 1.0
        kernel = ConstantKernel(1.0, (1e-3, 1e3)) * RBF(np.ones(xtr.shape[1]), (1e-2, 1e3)) \
            + WhiteKernel(0.1, (1e-6, 1e1))
        gp = GaussianProcessRegressor(kernel, n_restarts_optimizer=3, random_state=seed, normalize_y=False)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            gp.fit(a, (ytr[:, c] - my) / sy)
        mu, sd = gp.predict(b, return_std=True)
        for l in levels:
            z = norm.ppf(0.5 + l / 2)
            out[l][0][:, c] = my + sy * (mu - z * sd)
            out[l][1][:, c] = my + sy * (mu + z * sd)
    return out


def okl_scores(train, test, outputs, level):
    env = dict(os.environ, OKL_JAR=JAR)
    r = subprocess.run(["./okl", "evaluate", "--train", train, "--test", test, "--outputs", ",".join(outputs),
                        "--intervals", str(level), "--json"], capture_output=True, text=True, env=env)
    if r.returncode != 0:
        sys.exit("okl evaluate failed: " + r.stderr)
    m = json.loads(r.stdout[r.stdout.index("{"):])["metrics"]
    # an interval without a finite end (jackknife+ on so few rows that the level needs more than n residuals) is
    # written "Infinity"
    return float(m["coverage"]), float(m["mean-width"])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sets", default="slump,enb,jura,tecator,sf1,sf2")
    p.add_argument("--levels", default="0.8,0.9,0.95")
    p.add_argument("--work", default=None)
    args = p.parse_args()
    sets = args.sets.split(",")
    levels = [float(v) for v in args.levels.split(",")]
    work = args.work or tempfile.mkdtemp(prefix="okl-gp-")
    subprocess.run(["java", "-cp", JAR, "bench/scripts/ExportFolds.java", work] + sets, check=True)
    print("| set | level | okl coverage | okl mean width | GP coverage | GP mean width |")
    print("|---|---|---|---|---|---|")
    for s in sets:
        okl_cov = {l: [0.0, 0.0] for l in levels}
        gp_cov = {l: [0.0, 0.0, 0] for l in levels}
        for f in range(5):
            train = os.path.join(work, s, "fold%d-train.csv" % f)
            test = os.path.join(work, s, "fold%d-test.csv" % f)
            xtr, ytr, names = read(train)
            xte, yte, _ = read(test)
            bounds = gp_intervals(xtr, ytr, xte, levels, f)
            for l in levels:
                lo, hi = bounds[l]
                gp_cov[l][0] += np.sum((yte >= lo) & (yte <= hi))
                gp_cov[l][1] += np.sum(hi - lo)
                gp_cov[l][2] += yte.size
                cov, width = okl_scores(train, test, names, l)
                okl_cov[l][0] += cov * yte.size
                okl_cov[l][1] += width * yte.size
        for l in levels:
            n = gp_cov[l][2]
            print("| %s | %.2f | %.3f | %.4g | %.3f | %.4g |" % (s, l, okl_cov[l][0] / n, okl_cov[l][1] / n,
                                                                gp_cov[l][0] / n, gp_cov[l][1] / n))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
