#!/usr/bin/python3
"""scikit-learn's Nystroem + Ridge refit loop, the peer of OKL's lowrank_cv workload (okl bench).

Usage: peer_lowrank.py DATA N TEST P D RANK FOLDS LAMBDA...
DATA holds (N + TEST) rows of P inputs then D outputs as little-endian float64, row-major, written by OKL's bench
(the same numbers OKL fits). Gaussian kernel with sigma = sqrt(P). What a scikit-learn user does: for each of FOLDS
folds, Nystroem(RANK) is fitted on the training part and both parts are transformed once, then Ridge is refitted for
every lambda (alpha = n_train * lambda and no intercept: OKL's normalised lambda); the lambda with the lowest mean
validation MSE is refitted on all N rows (Nystroem and Ridge). The timed region is all of it. The test MSE on the
TEST rows depends on which landmarks were drawn (by about 1 % at N = 200,000), so the final model is refitted
outside the clock with two more landmark draws (random_state 1 and 2) and the mean of the three test MSEs is
reported beside the first. Prints one JSON object.
"""
import json, sys, time
import numpy as np

def main(path, n, test, p, d, rank, folds, lams):
    from sklearn.kernel_approximation import Nystroem
    from sklearn.linear_model import Ridge
    from sklearn.model_selection import KFold
    rows = np.fromfile(path, dtype='<f8').reshape(n + test, p + d)
    X, Y = rows[:n, :p], rows[:n, p:]
    Xt, Yt = rows[n:, :p], rows[n:, p:]
    gamma = 1.0 / (2.0 * p)
    t0 = time.perf_counter()
    errors = np.zeros(len(lams))
    for tr, va in KFold(folds, shuffle=True, random_state=0).split(X):
        nys = Nystroem(gamma=gamma, n_components=rank, random_state=0).fit(X[tr])
        ztr, zva = nys.transform(X[tr]), nys.transform(X[va])
        for j, lam in enumerate(lams):
            ridge = Ridge(alpha=len(tr) * lam, fit_intercept=False).fit(ztr, Y[tr])
            errors[j] += ((ridge.predict(zva) - Y[va]) ** 2).mean() / folds
    best = int(np.argmin(errors))
    mses = []
    for draw in range(3):
        nys = Nystroem(gamma=gamma, n_components=rank, random_state=draw).fit(X)
        ridge = Ridge(alpha=n * lams[best], fit_intercept=False).fit(nys.transform(X), Y)
        if draw == 0:
            seconds = time.perf_counter() - t0
        mses.append(float(((ridge.predict(nys.transform(Xt)) - Yt) ** 2).mean()))
    print(json.dumps({"n": n, "lowrank_cv_s": seconds, "lowrank_test_mse": float(np.mean(mses)),
                      "lowrank_test_mse_first": mses[0], "lowrank_lambda": lams[best],
                      "lowrank_curve": errors.tolist()}))

if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], int(a[1]), int(a[2]), int(a[3]), int(a[4]), int(a[5]), int(a[6]), [float(x) for x in a[7:]])
