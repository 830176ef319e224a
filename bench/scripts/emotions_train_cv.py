"""3 x 5-fold cross-validation of scikit-learn's multi-label baselines on emotions' 391 training rows only.

Usage: python3 emotions_train_cv.py PATH/emotions-train.arff

The same baselines as okl bench --accuracy's peer (peer_accuracy.py): one SVC(rbf) per label on standardized inputs
with C tuned by GridSearchCV(5-fold) over {0.1, 1, 10, 100}, and ClassifierChain(StandardScaler + SVC) in the
labels' order. Prints the Hamming loss of each repetition (KFold(5, shuffle=True, random_state=r), r = 0, 1, 2) and
their mean. The 202 test rows are never read. BENCHMARKS.md compares it with okl evaluate --cv 5 --seed r.
"""
import sys

import numpy as np
from scipy.io import arff
from sklearn.model_selection import GridSearchCV, KFold
from sklearn.multioutput import ClassifierChain
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC


def load(path):
    rows, _ = arff.loadarff(path)
    a = np.array([[float(v) for v in r] for r in rows])
    return a[:, :72], a[:, 72:]


def svc_per_label(xtr, ytr, xte):
    out = np.zeros((len(xte), ytr.shape[1]))
    for j in range(ytr.shape[1]):
        grid = GridSearchCV(make_pipeline(StandardScaler(), SVC()), {"svc__C": [0.1, 1, 10, 100]}, cv=5)
        out[:, j] = grid.fit(xtr, ytr[:, j]).predict(xte)
    return out


def chain(xtr, ytr, xte):
    return ClassifierChain(make_pipeline(StandardScaler(), SVC())).fit(xtr, ytr).predict(xte)


def main():
    x, y = load(sys.argv[1])
    for name, method in (("svc-per-label", svc_per_label), ("classifier-chain", chain)):
        losses = []
        for rep in range(3):
            folds = KFold(5, shuffle=True, random_state=rep).split(x)
            losses.append(np.mean([np.mean(method(x[tr], y[tr], x[te]) != y[te]) for tr, te in folds]))
        print(name, " ".join("%.4f" % v for v in losses), "mean %.4f" % np.mean(losses))


if __name__ == "__main__":
    main()
