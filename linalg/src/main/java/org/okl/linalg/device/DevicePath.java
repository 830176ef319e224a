package org.okl.linalg.device;

import org.okl.api.linalg.Matrix;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;

/**
 * A regression path fitted on a compute device: the path itself (predictions go through the device again when
 * large enough) and where it was fitted.
 *
 * @param path   the path
 * @param device where it was fitted
 */
public record DevicePath(RegressionPath path, String device) implements RegressionPath, DeviceWork {

    @Override
    public int length() {
        return path.length();
    }

    @Override
    public Matrix[] predictAll(Matrix inputs) {
        return path.predictAll(inputs);
    }

    @Override
    public Matrix[] predictAllForTasks(Matrix inputs, int[] tasks) {
        return path.predictAllForTasks(inputs, tasks);
    }

    @Override
    public Predictor at(int index) {
        return path.at(index);
    }
}
