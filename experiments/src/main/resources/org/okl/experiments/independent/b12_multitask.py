#!/usr/bin/env python3
"""Independent check of OKL's multi-task nu-method with the common-similarity kernel (Baldassarre et al. 2012).

Reads, from the folder given as the first argument: x.csv (inputs, one column), task.csv (task index of every row),
y.csv (outputs), validation.csv (1 for the rows of the hold-out, 0 for training rows), xt.csv and tt.csv (test
inputs and their tasks). Arguments after the folder: sigma iterations omega1,omega2,...

Written from the paper and docs/conventions.md, not from OKL's code: the task-indexed kernel
k(x, x') * (omega + (1 - omega) [t = t']) with a Gaussian k, the nu-method (nu = 1) on Gamma / n with the step
1 / s_max (s_max the largest eigenvalue of Gamma / n, from numpy's eigvalsh), the validation MSE of every
(omega, iteration) on the hold-out rows after training on the others (first minimum kept, omega in the given order,
iterations increasing), then the chosen model refitted on all rows and evaluated on the test inputs. Writes
pred.csv (test predictions) and chosen.csv (omega, iterations); prints one JSON line.
"""
import json
import sys

import numpy as np


def gram(xa, ta, xb, tb, sigma, omega):
    k = np.exp(-((xa[:, None] - xb[None, :]) ** 2) / (2 * sigma ** 2))
    return k * (omega + (1 - omega) * (ta[:, None] == tb[None, :]))


def nu_path(g, y, iterations, nu=1.0):
    """Coefficients after every iteration 1..t of the nu-method on Gamma (conventions: scaled operator Gamma/(n s_max))."""
    n = len(y)
    s_max = np.linalg.eigvalsh(g / n)[-1]
    sc = 1.0 / (n * s_max)
    previous = np.zeros_like(y)
    current = (4 * nu + 2) / (4 * nu + 1) * sc * y
    path = [current]
    for i in range(2, iterations + 1):
        u = (i - 1) * (2 * i - 3) * (2 * i + 2 * nu - 1) / ((i + 2 * nu - 1) * (2 * i + 4 * nu - 1) * (2 * i + 2 * nu - 3))
        w = 4 * (2 * i + 2 * nu - 1) * (i + nu - 1) / ((i + 2 * nu - 1) * (2 * i + 4 * nu - 1))
        nxt = current + u * (current - previous) + w * sc * (y - g @ current)
        previous, current = current, nxt
        path.append(current)
    return path


def main():
    folder = sys.argv[1]
    sigma, iterations = float(sys.argv[2]), int(sys.argv[3])
    omegas = [float(v) for v in sys.argv[4].split(",")]
    load = lambda name: np.loadtxt(f"{folder}/{name}.csv", delimiter=",", ndmin=1)
    x, t, y, val, xt, tt = load("x"), load("task"), load("y"), load("validation"), load("xt"), load("tt")
    train = val == 0
    best = (np.inf, None, None)
    for omega in omegas:
        g = gram(x[train], t[train], x[train], t[train], sigma, omega)
        gv = gram(x[~train], t[~train], x[train], t[train], sigma, omega)
        for i, c in enumerate(nu_path(g, y[train], iterations)):
            error = np.mean((gv @ c - y[~train]) ** 2)
            if error < best[0]:
                best = (error, omega, i + 1)
    _, omega, steps = best
    c = nu_path(gram(x, t, x, t, sigma, omega), y, steps)[-1]
    pred = gram(xt, tt, x, t, sigma, omega) @ c
    np.savetxt(f"{folder}/pred.csv", pred.reshape(-1, 1), delimiter=",", fmt="%.17g")
    np.savetxt(f"{folder}/chosen.csv", np.array([[omega, steps]]), delimiter=",", fmt="%.17g")
    print(json.dumps({"omega": omega, "iterations": steps, "validation_mse": best[0]}))


if __name__ == "__main__":
    main()
