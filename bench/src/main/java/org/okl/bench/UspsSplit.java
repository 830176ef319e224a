package org.okl.bench;

import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.TrainingData;

/**
 * The USPS protocol of Brogat-Motte et al. (Table 3) on {@code usps-halves}: the first n training
 * digits labelled (top half -> bottom half), the bottom halves of the last m training digits unlabelled, and the
 * first t test digits' top halves to decode.
 *
 * @param training  labelled digits with the unlabelled bottom halves
 * @param testInputs top halves of the test digits
 */
record UspsSplit(TrainingData training, Matrix testInputs) {

    /** Loads the split with the structured sizes' n, m and t. */
    static UspsSplit load(Okl okl, StructuredSizes sizes) {
        Dataset usps = Pipelines.load(okl, "usps-halves");
        Dataset.Split train = usps.train();
        Dataset.Split test = usps.test().orElseThrow(() -> new IllegalStateException("usps-halves has no test split"));
        int n = sizes.uspsLabelled();
        int m = sizes.uspsUnlabelled();
        Pipelines.rows("usps-halves' training split", train.size(), n + m);
        int t = Pipelines.rows("usps-halves' test split", test.size(), sizes.uspsTest());
        Matrix unlabelled = m == 0 ? null : train.outputs().rowRange(train.size() - m, train.size());
        TrainingData data = TrainingData.builder(train.inputs().rowRange(0, n), train.outputs().rowRange(0, n))
                .unlabelledOutputs(unlabelled).build();
        return new UspsSplit(data, test.inputs().rowRange(0, t));
    }

    /** The number of decoding candidates: labelled plus unlabelled bottom halves. */
    int candidates() {
        return training.size() + training.unlabelledOutputs().map(Matrix::rows).orElse(0);
    }
}
