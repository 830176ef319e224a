package org.okl.core.solve;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.okl.api.linalg.Matrix;
import org.okl.core.solve.block.BlockExpansion;
import org.okl.core.solve.kde.FactoredKernelExpansion;
import org.okl.core.solve.lowrank.FourierExpansion;

/**
 * Rebuilds predictors read from model files, by their {@link Predictor#type()}. Every predictor type a solver in
 * core produces is listed here once.
 */
public final class PredictorCodec {
    private static final Map<String, BiFunction<Map<String, Matrix>, PredictionEnvironment, Predictor>> RESTORERS =
            new TreeMap<>();

    static {
        RESTORERS.put(KernelExpansion.TYPE, KernelExpansion::restore);
        RESTORERS.put(BlockExpansion.TYPE, BlockExpansion::restore);
        RESTORERS.put(FourierExpansion.TYPE, FourierExpansion::restore);
        RESTORERS.put(FactoredKernelExpansion.TYPE, FactoredKernelExpansion::restore);
    }

    private PredictorCodec() {
    }

    /**
     * Rebuilds a predictor.
     *
     * @throws IllegalArgumentException for an unknown type or missing arrays (a model file from a newer OKL)
     */
    public static Predictor restore(String type, Map<String, Matrix> arrays, PredictionEnvironment environment) {
        var restorer = RESTORERS.get(type);
        if (restorer == null) {
            throw new IllegalArgumentException(
                    "unknown predictor type '" + type + "'; this OKL knows " + RESTORERS.keySet());
        }
        return restorer.apply(arrays, environment);
    }
}
