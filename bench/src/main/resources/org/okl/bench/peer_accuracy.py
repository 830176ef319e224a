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

Methods (what a scikit-learn user who tunes the baselines writes; every search sees the outer fold's training rows
only, with its own inner folds, KFold/StratifiedKFold shuffled with random_state 0: krr-grid and the SVCs 5-fold
(3-fold with --quick), the others 3-fold; the trees, boosting and networks use random_state 0 and n_jobs 1):
  regression:  krr-grid          StandardScaler + KernelRidge(rbf), GridSearchCV(5-fold, MSE) over alpha x gamma
               random-forest     RandomForestRegressor(n_estimators=100, the default)
               ridge-cv          StandardScaler + RidgeCV(alphas 1e-6..1e6)
               hist-gradient-boosting  per output: HistGradientBoostingRegressor (early stopping on 10 %, at most
                                 500 iterations), GridSearchCV(3-fold, MSE) over learning_rate {0.05, 0.1} x
                                 max_leaf_nodes {15, 31} (quick: {0.1} x {15, 31}); one OpenMP thread (on a busy
                                 machine its spinning threads made it 30 times slower)
               mlp               StandardScaler + MLPRegressor on standardized targets, GridSearchCV(aRRMSE) over
                                 hidden_layer_sizes {(64,), (256,), (128, 128)} x alpha {1e-4, 1e-2, 1} x solver
                                 {adam (early stopping, 1,000 iterations), lbfgs (200)} (quick: {(64,), (128, 128)} x
                                 {1e-4, 1e-1} x both)
               gp-ard            StandardScaler + GaussianProcessRegressor(Constant * RBF(one length scale per input)
                                 + WhiteKernel, normalize_y), its hyperparameters by the marginal likelihood (L-BFGS,
                                 the GP user's tuning; one kernel shared by the outputs); sets of up to 2,000 rows
               extra-trees       ExtraTreesRegressor(300 trees; quick 100), GridSearchCV(3-fold, aRRMSE) over
                                 max_features {1.0, sqrt, 0.33} x min_samples_leaf {1, 3} (quick: {1.0, sqrt} x {1});
                                 above 200 inputs without 1.0 (enron: 7 minutes a fold with it)
               random-forest-tuned  RandomForestRegressor (multi-output trees), the same trees, grid and search
               erc               ensemble of 10 regressor chains (quick 3) in random orders, each link a bagging of
                                 100 regression trees (quick 30) fitted on the true values of the earlier targets
                                 (Spyromitros-Xioufis et al. 2016's ERC), the chains' mean; not searched further
  multi-label: svc-per-label     per label: StandardScaler + SVC(rbf), GridSearchCV(5-fold, accuracy) over C
               krr-threshold     krr-grid on the 0/1 labels, thresholded at 0.5
               classifier-chain  ClassifierChain(StandardScaler + SVC(rbf)), chain order as given
               hist-gradient-boosting  per label: HistGradientBoostingClassifier (early stopping), the regression grid
                                 searched by accuracy when the set has at most 20 labels, else early stopping only
               mlp               StandardScaler + MLPClassifier (multi-label outputs), the regression grid searched
                                 by Hamming loss
               extra-trees, random-forest-tuned  ExtraTreesClassifier / RandomForestClassifier (multi-output
                                 trees), the regression grid searched by Hamming loss
               ecc               ensemble of 10 classifier chains (quick 3) in random orders, each link
                                 StandardScaler + LogisticRegression (Read et al. 2011), the labels' mean vote
                                 thresholded at 0.5; C of the links by GridSearchCV(3-fold, Hamming loss) over
                                 {0.01, 0.1, 1, 10} (quick {0.1, 1}) when the set has at most 20 labels, else C = 1
                                 (enron's 53 labels x 10 chains x 13 fits would take about 20 minutes a fold)
  multi-class: svc               StandardScaler + SVC(rbf), GridSearchCV(5-fold, accuracy) over C x gamma
               hist-gradient-boosting, mlp, extra-trees, random-forest-tuned  their classifiers, the regression grids
                                 searched by accuracy
The boosting and the networks stop early (on 10 % of the training rows) from 100 training rows on.
A method that fails writes error-METHOD.txt (its last error line) instead of its predictions; the others go on.
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


# ---- the stronger baselines of issue 36 ----------------------------------------------------------------------------

INNER = 3
MAX_LABELS_FOR_GRID = 20


def inner_folds(classes=None):
    from sklearn.model_selection import KFold, StratifiedKFold
    if classes is not None:
        return StratifiedKFold(INNER, shuffle=True, random_state=0)
    return KFold(INNER, shuffle=True, random_state=0)


def arrmse(y_true, y_pred):
    """The average relative root mean squared error over the outputs (the benchmark's regression metric)."""
    y_true = np.asarray(y_true, dtype=float).reshape(len(y_true), -1)
    y_pred = np.asarray(y_pred, dtype=float).reshape(len(y_true), -1)
    var = ((y_true - y_true.mean(0)) ** 2).sum(0)
    err = ((y_true - y_pred) ** 2).sum(0)
    return float(np.mean(np.sqrt(err / np.where(var > 0, var, 1.0))))


def scorer(task):
    from sklearn.metrics import hamming_loss, make_scorer
    if task == "regression":
        return make_scorer(arrmse, greater_is_better=False)
    if task == "multi-label":
        return make_scorer(hamming_loss, greater_is_better=False)
    return "accuracy"


def tree_grid(quick, inputs):
    features = [1.0, "sqrt"] if quick else [1.0, "sqrt", 0.33]
    if inputs > 200:  # every input at every split of 300 trees: about 7 minutes a fold on enron's 1,001
        features = [f for f in features if f != 1.0] or ["sqrt"]
    return {"max_features": features,
            "min_samples_leaf": [1] if quick else [1, 3]}


def hgb_grid(quick):
    return {"learning_rate": [0.1] if quick else [0.05, 0.1], "max_leaf_nodes": [15, 31]}


def mlp_grid(quick, prefix):
    # the solver too: scikit-learn's guide advises L-BFGS on small data, where Adam with early stopping (10 % of a
    # 120-row training fold to stop on) ends far from a minimum (iris: 0.81 accuracy against 0.95); L-BFGS with
    # scikit-learn's default 200 iterations (1,000 gave the same accuracy on iris and wine in twice the time)
    common = {prefix + "hidden_layer_sizes": [(64,), (128, 128)] if quick else [(64,), (256,), (128, 128)],
              prefix + "alpha": [1e-4, 1e-1] if quick else [1e-4, 1e-2, 1.0]}
    return [dict(common, **{prefix + "solver": ["adam"]}),
            dict(common, **{prefix + "solver": ["lbfgs"], prefix + "max_iter": [200]})]


class Trees:
    """A tuned multi-output forest (random or extremely randomized trees)."""

    def __init__(self, task, quick, extra):
        self.task, self.quick, self.extra = task, quick, extra

    def fit(self, x, y):
        from sklearn import ensemble
        from sklearn.model_selection import GridSearchCV
        trees = 100 if self.quick else 300
        if self.task == "regression":
            base = (ensemble.ExtraTreesRegressor if self.extra else ensemble.RandomForestRegressor)(
                n_estimators=trees, random_state=0, n_jobs=1)
        else:
            base = (ensemble.ExtraTreesClassifier if self.extra else ensemble.RandomForestClassifier)(
                n_estimators=trees, random_state=0, n_jobs=1)
        target = y[:, 0] if self.task == "multi-class" else y
        self.model = GridSearchCV(base, tree_grid(self.quick, x.shape[1]), scoring=scorer(self.task),
                                  cv=inner_folds(self.task == "multi-class" or None)).fit(x, target)
        return self

    def predict(self, x):
        return self.model.predict(x)


class Boosting:
    """HistGradientBoosting per output (per label), tuned per output; a label constant in the training rows is
    predicted constant, and one with too few rows of a class for the inner folds keeps the defaults."""

    def __init__(self, task, quick):
        self.task, self.quick = task, quick

    def fit(self, x, y):
        from threadpoolctl import threadpool_limits
        with threadpool_limits(limits=1, user_api="openmp"):
            return self._fit(x, y)

    def _fit(self, x, y):
        from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor
        from sklearn.model_selection import GridSearchCV
        # early stopping holds out 10 % of the rows: only with enough of them
        common = dict(early_stopping=x.shape[0] >= 100, validation_fraction=0.1, n_iter_no_change=10,
                      random_state=0)
        self.models = []
        if self.task == "multi-class":
            base = HistGradientBoostingClassifier(max_iter=500, **common)
            self.models.append(GridSearchCV(base, hgb_grid(self.quick), scoring="accuracy",
                                            cv=inner_folds(True)).fit(x, y[:, 0]))
            return self
        search = self.task == "regression" or y.shape[1] <= MAX_LABELS_FOR_GRID
        for j in range(y.shape[1]):
            yj = y[:, j]
            if self.task == "regression":
                base = HistGradientBoostingRegressor(max_iter=500, **common)
                self.models.append(GridSearchCV(base, hgb_grid(self.quick), scoring="neg_mean_squared_error",
                                                cv=inner_folds()).fit(x, yj))
                continue
            counts = np.bincount(yj.astype(int), minlength=2)
            if counts.min() == 0:
                self.models.append(float(yj[0]))
                continue
            base = HistGradientBoostingClassifier(max_iter=500, **common)
            # early stopping holds out 10 % stratified: a class needs rows on both sides
            if counts.min() < max(INNER, 10) or not search:
                if counts.min() < 10:
                    base.set_params(early_stopping=False, max_iter=100)
                self.models.append(base.fit(x, yj))
                continue
            self.models.append(GridSearchCV(base, hgb_grid(self.quick), scoring="accuracy",
                                            cv=inner_folds(True)).fit(x, yj))
        return self

    def predict(self, x):
        from threadpoolctl import threadpool_limits
        with threadpool_limits(limits=1, user_api="openmp"):
            cols = [np.full(x.shape[0], m) if isinstance(m, float) else m.predict(x) for m in self.models]
        return np.column_stack(cols)


class Mlp:
    def __init__(self, task, quick):
        self.task, self.quick = task, quick

    def fit(self, x, y):
        from sklearn.compose import TransformedTargetRegressor
        from sklearn.model_selection import GridSearchCV
        from sklearn.neural_network import MLPClassifier, MLPRegressor
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
        common = dict(max_iter=1000, early_stopping=x.shape[0] >= 100, n_iter_no_change=20, random_state=0)
        if self.task == "regression":
            model = TransformedTargetRegressor(make_pipeline(StandardScaler(), MLPRegressor(**common)),
                                               transformer=StandardScaler())
            grid = mlp_grid(self.quick, "regressor__mlpregressor__")
            target = y
        else:
            model = make_pipeline(StandardScaler(), MLPClassifier(**common))
            grid = mlp_grid(self.quick, "mlpclassifier__")
            target = y[:, 0] if self.task == "multi-class" else y
        self.model = GridSearchCV(model, grid, scoring=scorer(self.task),
                                  cv=inner_folds(self.task == "multi-class" or None)).fit(x, target)
        return self

    def predict(self, x):
        return self.model.predict(x)


class GaussianProcess:
    def fit(self, x, y):
        from sklearn.gaussian_process import GaussianProcessRegressor
        from sklearn.gaussian_process.kernels import RBF, ConstantKernel, WhiteKernel
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
        p = x.shape[1]
        kernel = ConstantKernel(1.0, (1e-3, 1e3)) * RBF(np.full(p, np.sqrt(p)), (1e-2, 1e4)) \
            + WhiteKernel(0.1, (1e-6, 1e1))
        self.model = make_pipeline(StandardScaler(), GaussianProcessRegressor(kernel, normalize_y=True,
                                                                              random_state=0))
        self.model.fit(x, y)
        return self

    def predict(self, x):
        return self.model.predict(x)


class RegressorChains:
    """ERC: regressor chains in random orders, each link trained on the true values of the earlier targets."""

    def __init__(self, quick):
        self.quick = quick

    def fit(self, x, y):
        from sklearn.ensemble import RandomForestRegressor
        from sklearn.multioutput import RegressorChain
        base = RandomForestRegressor(n_estimators=30 if self.quick else 100, max_features=1.0, random_state=0,
                                     n_jobs=1)
        self.chains = [RegressorChain(base, order="random", random_state=i).fit(x, y)
                       for i in range(3 if self.quick else 10)]
        return self

    def predict(self, x):
        return np.mean([c.predict(x) for c in self.chains], axis=0)


class ClassifierChains:
    """ECC: classifier chains in random orders over logistic regression, the mean vote thresholded at 0.5; labels
    constant in the training rows are predicted constant; C by an inner grid search on the whole ensemble."""

    def __init__(self, quick, c=1.0):
        self.quick, self.c = quick, c

    def get_params(self, deep=True):
        return {"quick": self.quick, "c": self.c}

    def set_params(self, **params):
        for k, v in params.items():
            setattr(self, k, v)
        return self

    def fit(self, x, y):
        from sklearn.linear_model import LogisticRegression
        from sklearn.multioutput import ClassifierChain
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
        self.q = y.shape[1]
        self.constant = {j: float(y[0, j]) for j in range(self.q) if np.all(y[:, j] == y[0, j])}
        self.varying = [j for j in range(self.q) if j not in self.constant]
        base = make_pipeline(StandardScaler(), LogisticRegression(C=self.c, max_iter=1000))
        self.chains = [ClassifierChain(base, order="random", random_state=i).fit(x, y[:, self.varying])
                       for i in range(3 if self.quick else 10)] if self.varying else []
        return self

    def predict(self, x):
        out = np.zeros((x.shape[0], self.q))
        for j, v in self.constant.items():
            out[:, j] = v
        if self.chains:
            votes = np.mean([c.predict(x) for c in self.chains], axis=0)
            out[:, self.varying] = (votes >= 0.5).astype(float)
        return out


class TunedChains:
    def __init__(self, quick):
        self.quick = quick

    def fit(self, x, y):
        from sklearn.model_selection import GridSearchCV
        if y.shape[1] > MAX_LABELS_FOR_GRID:
            self.model = ClassifierChains(self.quick).fit(x, y)
            return self
        grid = {"c": [0.1, 1.0] if self.quick else [0.01, 0.1, 1.0, 10.0]}
        self.model = GridSearchCV(ClassifierChains(self.quick), grid, scoring=scorer("multi-label"),
                                  cv=inner_folds(), error_score="raise").fit(x, y)
        return self

    def predict(self, x):
        return self.model.predict(x)


def make(method, quick, task):
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
    if method == "hist-gradient-boosting":
        return Boosting(task, quick)
    if method == "mlp":
        return Mlp(task, quick)
    if method == "gp-ard":
        return GaussianProcess()
    if method == "extra-trees":
        return Trees(task, quick, True)
    if method == "random-forest-tuned":
        return Trees(task, quick, False)
    if method == "erc":
        return RegressorChains(quick)
    if method == "ecc":
        return TunedChains(quick)
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
        try:
            for r in range(repeats):
                for f in range(task["folds"]):
                    if "evaluate" in task and f not in task["evaluate"]:
                        continue
                    test = folds[:, r] == f
                    train = ~test
                    t0 = time.perf_counter()
                    model = make(method, task["quick"], task["task"]).fit(x[train], y[train])
                    predictions[r, test] = np.asarray(model.predict(x[test]), dtype=float).reshape(-1, q)
                    seconds.append(time.perf_counter() - t0)
        except Exception as e:  # one method's failure leaves the others' results
            message = (type(e).__name__ + ": " + str(e)).strip().splitlines()
            with open(os.path.join(folder, "error-" + method + ".txt"), "w") as out:
                out.write(message[-1] if message else type(e).__name__)
            summary[method] = None
            continue
        predictions.astype("<f8").tofile(os.path.join(folder, "pred-" + method + ".f64"))
        json.dump(seconds, open(os.path.join(folder, "times-" + method + ".json"), "w"))
        summary[method] = sum(seconds)
    print(json.dumps({"seconds": summary}))


if __name__ == "__main__":
    main(sys.argv[1])
