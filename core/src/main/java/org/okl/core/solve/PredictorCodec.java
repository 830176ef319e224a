package org.okl.core.solve;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionSolver;
import org.okl.api.text.UserText;
import org.okl.linalg.expansion.KernelExpansion;
import org.okl.linalg.expansion.SketchExpansion;

/**
 * Rebuilds predictors read from model files, by their {@link Predictor#type()}: the kernel and sketch expansions
 * of the math module ({@code org.okl.linalg.expansion}) directly; every other type is asked of the solver the
 * pipeline names (with its parameters), then of the registered solvers that need no parameter
 * ({@link RegressionSolver#restore}), as OKL's own solvers plugin restores its block and factored expansions.
 */
public final class PredictorCodec {
    private static final Map<String, BiFunction<Map<String, Matrix>, PredictionEnvironment, Predictor>> RESTORERS =
            new TreeMap<>();

    static {
        RESTORERS.put(KernelExpansion.TYPE, KernelExpansion::restore);
        RESTORERS.put(SketchExpansion.TYPE, SketchExpansion::restore);
        RESTORERS.put(SketchExpansion.FOURIER_TYPE, SketchExpansion::restore);
    }

    private PredictorCodec() {
    }

    /**
     * Rebuilds a predictor.
     *
     * @throws IllegalArgumentException for an unknown type or missing arrays (a model file from a newer OKL)
     */
    public static Predictor restore(String type, Map<String, Matrix> arrays, PredictionEnvironment environment) {
        return restore(type, arrays, environment, Optional.empty());
    }

    /**
     * Rebuilds a predictor, asking the named solver first.
     *
     * @param named the solver the model's pipeline names, if any
     * @throws IllegalArgumentException for an unknown type or missing arrays (a model file from a newer OKL)
     */
    public static Predictor restore(String type, Map<String, Matrix> arrays, PredictionEnvironment environment,
            Optional<ComponentSpec> named) {
        var restorer = RESTORERS.get(type);
        if (restorer != null) {
            return restorer.apply(arrays, environment);
        }
        ComponentContext context = environment.context();
        List<ComponentSpec> solvers = new ArrayList<>();
        named.ifPresent(solvers::add);
        context.creatableIds(RegressionSolver.class).forEach(id -> solvers.add(ComponentSpec.of(id)));
        for (ComponentSpec solver : solvers) {
            Optional<Predictor> restored = context.create(RegressionSolver.class, solver)
                    .restore(type, arrays, environment);
            if (restored.isPresent()) {
                return restored.get();
            }
        }
        throw new IllegalArgumentException("unknown predictor type " + UserText.quote(type) + "; this OKL knows "
                + RESTORERS.keySet() + " and no registered solver restores it (is the plugin that fitted the model "
                + "missing?)");
    }
}
