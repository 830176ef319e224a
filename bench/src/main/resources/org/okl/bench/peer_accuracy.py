#!/usr/bin/python3
"""scikit-learn's baselines for OKL's accuracy benchmark (okl bench --accuracy), on the folds OKL wrote.

Usage: peer_accuracy.py DIR
DIR holds what OKL's bench wrote: task.json (n, p, q, task, repeats, folds, methods, quick), data.f64 (n rows of p
inputs then q outputs, little-endian float64, row-major) and folds.f64 (n rows of one fold index per repetition).
For every method, repetition and fold, the method is fitted on the other folds' rows (its own tuning inside, by
GridSearchCV where the method has a grid) and predicts the fold's rows; the out-of-fold predictions of repetition r
go to pred-METHOD.f64 (repeats x n x q, float64, row-major) and the seconds of every fit-and-predict to
times-METHOD.json. OKL scores every method's predictions with its own metrics, so both sides are scored by the same
code. Every random choice is seeded (random_state 0). Prints one JSON line.

With timing.json instead of task.json (n, p, q, candidates): times GridSearchCV(StandardScaler + KernelRidge, 5-fold,
MSE, refit) over kernel (rbf, laplacian) x 7 gammas x as many alphas as make at least `candidates` candidates, on
data.f64, and prints {"grid_search_s": ..., "grid": ...}.

Methods (what a scikit-learn user who tunes the baselines writes):
  regression:  krr-grid          StandardScaler + KernelRidge(rbf), GridSearchCV(5-fold, MSE) over alpha x gamma
               random-forest     RandomForestRegressor(n_estimators=100, the default)
               ridge-cv          StandardScaler + RidgeCV(alphas 1e-6..1e6)
  multi-label: svc-per-label     per label: StandardScaler + SVC(rbf), GridSearchCV(5-fold, accuracy) over C
               krr-threshold     krr-grid on the 0/1 labels, thresholded at 0.5
               classifier-chain  ClassifierChain(StandardScaler + SVC(rbf)), chain order as given
  multi-class: svc               StandardScaler + SVC(rbf), GridSearchCV(5-fold, accuracy) over C x gamma
"""
import json, os, sys, time
import numpy as np

ALPHAS = np.logspace(-6, 0, 7)
GAMMAS = np.logspace(-3, 1, 5)
CS = [0.1, 1.0, 10.0, 100.0]


def krr_grid(quick):
    from sklearn.kernel_ridge import KernelRidge
    from sklearn.model_selection import GridSearchCV, KFold
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    grid = {"kernelridge__alpha": ALPHAS[::3] if quick else ALPHAS,
            "kernelridge__gamma": GAMMAS[::2] if quick else GAMMAS}
    return GridSearchCV(make_pipeline(StandardScaler(), KernelRidge(kernel="rbf")), grid,
                        scoring="neg_mean_squared_error", cv=KFold(3 if quick else 5, shuffle=True, random_state=0))


class PerLabelSvc:
    """One tuned SVC per label; a label constant in the training rows is predicted constant, and a label with too
    few rows of one class for 5-fold tuning is fitted with C = 1 (scikit-learn cannot stratify it)."""

    def __init__(self, quick):
        self.quick = quick

    def fit(self, x, y):
        from sklearn.model_selection import GridSearchCV, StratifiedKFold
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
        from sklearn.svm import SVC
        folds = 3 if self.quick else 5
        self.models = []
        for j in range(y.shape[1]):
            yj = y[:, j]
            counts = np.bincount(yj.astype(int), minlength=2)
            if counts.min() == 0:
                self.models.append(float(yj[0]))
                continue
            base = make_pipeline(StandardScaler(), SVC(kernel="rbf"))
            if counts.min() < folds:
                self.models.append(base.fit(x, yj))
                continue
            search = GridSearchCV(base, {"svc__C": CS[1:3] if self.quick else CS}, scoring="accuracy",
                                  cv=StratifiedKFold(folds, shuffle=True, random_state=0))
            self.models.append(search.fit(x, yj))
        return self

    def predict(self, x):
        cols = [np.full(x.shape[0], m) if isinstance(m, float) else m.predict(x) for m in self.models]
        return np.column_stack(cols)


class Thresholded:
    def __init__(self, model):
        self.model = model

    def fit(self, x, y):
        self.model.fit(x, y)
        return self

    def predict(self, x):
        return (self.model.predict(x) >= 0.5).astype(float)


class Chain:
    """ClassifierChain over StandardScaler + SVC; labels constant in the training rows are predicted constant."""

    def fit(self, x, y):
        from sklearn.multioutput import ClassifierChain
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
        from sklearn.svm import SVC
        self.constant = {j: float(y[0, j]) for j in range(y.shape[1]) if np.all(y[:, j] == y[0, j])}
        self.varying = [j for j in range(y.shape[1]) if j not in self.constant]
        self.q = y.shape[1]
        self.chain = None
        if self.varying:
            self.chain = ClassifierChain(make_pipeline(StandardScaler(), SVC(kernel="rbf")), random_state=0)
            self.chain.fit(x, y[:, self.varying])
        return self

    def predict(self, x):
        out = np.zeros((x.shape[0], self.q))
        for j, v in self.constant.items():
            out[:, j] = v
        if self.chain is not None:
            out[:, self.varying] = self.chain.predict(x)
        return out


class MultiClassSvc:
    def __init__(self, quick):
        self.quick = quick

    def fit(self, x, y):
        from sklearn.model_selection import GridSearchCV, StratifiedKFold
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
        from sklearn.svm import SVC
        folds = 3 if self.quick else 5
        grid = {"svc__C": CS[1:3] if self.quick else CS,
                "svc__gamma": ["scale"] if self.quick else ["scale", 0.25 / x.shape[1], 4.0 / x.shape[1]]}
        self.model = GridSearchCV(make_pipeline(StandardScaler(), SVC(kernel="rbf")), grid, scoring="accuracy",
                                  cv=StratifiedKFold(folds, shuffle=True, random_state=0))
        self.model.fit(x, y[:, 0])
        return self

    def predict(self, x):
        return self.model.predict(x)[:, None]


def make(method, quick):
    from sklearn.ensemble import RandomForestRegressor
    from sklearn.linear_model import RidgeCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    if method == "krr-grid":
        return krr_grid(quick)
    if method == "random-forest":
        return RandomForestRegressor(n_estimators=100, random_state=0, n_jobs=1)
    if method == "ridge-cv":
        return make_pipeline(StandardScaler(), RidgeCV(alphas=np.logspace(-6, 6, 25)))
    if method == "svc-per-label":
        return PerLabelSvc(quick)
    if method == "krr-threshold":
        return Thresholded(krr_grid(quick))
    if method == "classifier-chain":
        return Chain()
    if method == "svc":
        return MultiClassSvc(quick)
    raise SystemExit("unknown method " + method)


def timing(folder):
    from sklearn.kernel_ridge import KernelRidge
    from sklearn.model_selection import GridSearchCV, KFold
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    t = json.load(open(os.path.join(folder, "timing.json")))
    n, p, q = t["n"], t["p"], t["q"]
    rows = np.fromfile(os.path.join(folder, "data.f64"), dtype="<f8").reshape(n, p + q)
    gammas = np.logspace(-3, 1, 7)
    alphas = np.logspace(-9, 0, int(np.ceil(t["candidates"] / (2 * len(gammas)))))
    grid = {"kernelridge__kernel": ["rbf", "laplacian"], "kernelridge__gamma": gammas, "kernelridge__alpha": alphas}
    search = GridSearchCV(make_pipeline(StandardScaler(), KernelRidge()), grid, scoring="neg_mean_squared_error",
                          cv=KFold(5, shuffle=True, random_state=0), n_jobs=1)
    t0 = time.perf_counter()
    search.fit(rows[:, :p], rows[:, p:])
    seconds = time.perf_counter() - t0
    size = 2 * len(gammas) * len(alphas)
    print(json.dumps({"grid_search_s": seconds, "grid": "GridSearchCV(StandardScaler + KernelRidge), kernel rbf or "
                      "laplacian x %d gammas x %d alphas = %d candidates, 5-fold, refit" % (len(gammas), len(alphas),
                                                                                               size)}))


def main(folder):
    import warnings
    warnings.filterwarnings("ignore")
    if os.path.exists(os.path.join(folder, "timing.json")):
        timing(folder)
        return
    task = json.load(open(os.path.join(folder, "task.json")))
    n, p, q, repeats = task["n"], task["p"], task["q"], task["repeats"]
    rows = np.fromfile(os.path.join(folder, "data.f64"), dtype="<f8").reshape(n, p + q)
    x, y = rows[:, :p], rows[:, p:]
    folds = np.fromfile(os.path.join(folder, "folds.f64"), dtype="<f8").reshape(n, repeats).astype(int)
    summary = {}
    for method in task["methods"]:
        predictions = np.zeros((repeats, n, q))
        seconds = []
        for r in range(repeats):
            for f in range(task["folds"]):
                if "evaluate" in task and f not in task["evaluate"]:
                    continue
                test = folds[:, r] == f
                train = ~test
                t0 = time.perf_counter()
                model = make(method, task["quick"]).fit(x[train], y[train])
                predictions[r, test] = np.asarray(model.predict(x[test]), dtype=float).reshape(-1, q)
                seconds.append(time.perf_counter() - t0)
        predictions.astype("<f8").tofile(os.path.join(folder, "pred-" + method + ".f64"))
        json.dump(seconds, open(os.path.join(folder, "times-" + method + ".json"), "w"))
        summary[method] = sum(seconds)
    print(json.dumps({"seconds": summary}))


if __name__ == "__main__":
    main(sys.argv[1])
