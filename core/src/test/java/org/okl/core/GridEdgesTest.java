package org.okl.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.filter.SpectralFilter;
import org.okl.testkit.SolveFixtures;

class GridEdgesTest {
    private static final List<Object> FACTORS = List.of(0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0);

    @Test
    void theNextValueContinuesTheGridsRatioOrStep() {
        List<Double> factors = FACTORS.stream().map(v -> (Double) v).toList();
        assertThat(GridEdges.next(factors, 8.0)).hasValue(16.0);
        assertThat(GridEdges.next(factors, 0.125)).hasValue(0.0625);
        assertThat(GridEdges.next(factors, 1.0)).isEmpty();
        // with zero among the values the grid is a step, not a ratio
        List<Double> omegas = List.of(0.0, 0.25, 0.5);
        assertThat(GridEdges.next(omegas, 0.5)).hasValue(0.75);
        assertThat(GridEdges.next(omegas, 0.0)).hasValue(-0.25);
        assertThat(GridEdges.next(List.of(3.0), 3.0)).isEmpty();
    }

    @Test
    void aChoiceOnTheEdgeMovesOutUntilTheErrorRisesAgain() {
        // the error is smallest at a factor of 2^4.2 = 18.4, beyond the grid's 8
        List<Double> tried = new ArrayList<>();
        GridEdges.Outcome<Double> out = look(v -> Math.pow(Math.log(v) / Math.log(2) - 4.2, 2), tried);
        assertThat(tried).containsExactly(16.0, 32.0);
        assertThat(out.best().result()).isEqualTo(16.0);
        assertThat(out.best().error()).isCloseTo(0.04, within(1e-12));
        assertThat(out.note()).isEqualTo("kernel.factor = 8.0 was the grid's largest value; tried 16.0, 32.0 on the "
                + "same splits: kept 16.0");
        assertThat(out.variant().values()).containsEntry("kernel.factor", 16.0).containsEntry("kernel.other", 1.0);
        assertThat(out.variant().spec().kernel().orElseThrow().parameters()).containsEntry("factor", 16.0);
    }

    @Test
    void theBudgetEndsTheLookAndTheNoteSaysTheChoiceIsStillOnTheEdge() {
        List<Double> tried = new ArrayList<>();
        GridEdges.Outcome<Double> out = look(v -> Math.pow(Math.log(v) / Math.log(2) - 10, 2), tried);
        assertThat(tried).hasSize(GridEdges.STEPS).containsExactly(16.0, 32.0, 64.0);
        assertThat(out.best().result()).isEqualTo(64.0);
        assertThat(out.note()).endsWith("chose 64.0, still on the edge after 3 values beyond the grid (the budget)");
    }

    @Test
    void aValueTheComponentRefusesEndsTheLook() {
        List<Double> tried = new ArrayList<>();
        GridEdges.Outcome<Double> out = look(v -> {
            if (v > 8) {
                throw new OklException(ErrorCode.INVALID_PIPELINE, "factor must be at most 8");
            }
            return 0.0;
        }, tried);
        assertThat(tried).isEmpty();
        assertThat(out.best().result()).isEqualTo(8.0);
        assertThat(out.note()).contains("tried nothing more").contains("its next value 16.0 is refused")
                .contains("factor must be at most 8");
    }

    @Test
    void aChoiceInsideTheGridIsLeftAlone() {
        GridVariants.Variant inside = variant(1.0);
        GridEdges.Outcome<Double> out = GridEdges.look(Map.of("kernel.factor", FACTORS), inside,
                new GridEdges.Scored<>(0.5, 1.0), v -> {
                    throw new AssertionError("nothing to evaluate");
                });
        assertThat(out.note()).isEmpty();
        assertThat(out.variant()).isSameAs(inside);
    }

    private interface Error {
        double of(double factor);
    }

    /** Looks beyond a choice of 8.0 (the grid's largest factor) with the given error of each factor. */
    private static GridEdges.Outcome<Double> look(Error error, List<Double> tried) {
        return GridEdges.look(Map.of("kernel.factor", FACTORS), variant(8.0), new GridEdges.Scored<>(error.of(8.0),
                8.0), v -> {
                    double factor = ((Number) v.values().get("kernel.factor")).doubleValue();
                    double e = error.of(factor);
                    tried.add(factor);
                    return new GridEdges.Scored<>(e, factor);
                });
    }

    private static GridVariants.Variant variant(double factor) {
        PipelineSpec spec = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "factor", factor))
                .filter(ComponentSpec.of("tikhonov")).build();
        return new GridVariants.Variant(spec, Map.of("kernel.other", 1.0, "kernel.factor", factor));
    }

    @Test
    void aChoiceAtEitherEndOfThePathIsReportedAndOneInsideIsNot() {
        SpectralFilter filter = new SolveFixtures.Tikhonov(1.0, 0.1, 1e-11);
        assertThat(GridEdges.pathEdge(filter, 2)).isEqualTo("filter.lambda = 1.0E-11 is the path's smallest "
                + "value (an edge: the path is not extended)");
        assertThat(GridEdges.pathEdge(filter, 0)).startsWith("filter.lambda = 1.0 is the path's largest value");
        assertThat(GridEdges.pathEdge(filter, 1)).isEmpty();
        assertThat(GridEdges.pathEdge(new SolveFixtures.Tikhonov(0.5), 0)).as("a single value is no search").isEmpty();
    }
}
