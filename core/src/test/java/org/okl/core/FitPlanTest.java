package org.okl.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Decoder;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.api.metric.SquaredErrorMetric;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.output.RowwiseOutputEmbedding;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.plugin.PipelineTemplate;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.RowSource;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.sketch.SketchRows;

/**
 * The plan of a fit, made before anything is fitted: the route for data in memory and rows read in blocks, the
 * automatic choice and its reasons, the default metrics of every task, and the lines the command line prints. A
 * plugin of stand-in components (nothing here is fitted) gives the pipelines their parts.
 */
class FitPlanTest {
    private static final Okl OKL = Okl.builder().plugin(new StandIns()).build();
    private static final String STAGES = "\"kernel\": {\"name\": \"dot\"}, \"operator\": {\"name\": \"fixed\"}, "
            + "\"output\": {\"name\": \"rows\"}, \"decoder\": {\"name\": \"same\"}";
    private static final PipelineSpec FIXED = parse("{" + STAGES + ", \"filter\": {\"name\": \"ridge\", "
            + "\"lambda\": 0.1}}");
    private static final PipelineSpec SKETCHED = parse("{" + STAGES + ", \"filter\": {\"name\": \"ridge\", "
            + "\"lambda\": 0.1}, \"approximation\": {\"name\": \"landmarks\"}}");
    private static final PipelineSpec SEARCHING = parse("{" + STAGES + ", \"filter\": {\"name\": \"ridge\", "
            + "\"lambda\": [0.1, 0.01]}, \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\"}}");

    private static PipelineSpec parse(String json) {
        return PipelineFiles.parse(json, "test", OKL.registry());
    }

    private static Matrix values(int rows, int cols, boolean binary) {
        Matrix m = Matrix.zeros(rows, cols);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m.set(i, j, binary ? (i + j) % 2 : Math.sin(i * 0.7 + j) + 0.01 * i);
            }
        }
        return m;
    }

    private static TrainingData regression(int rows) {
        return TrainingData.of(values(rows, 3, false), values(rows, 2, false));
    }

    /** A data file: its rows in blocks, or all of them read whole. */
    private static FitPlan.Source file(TrainingData data) {
        return new FitPlan.Source() {
            @Override
            public Optional<RowSource> rows() {
                return Optional.of(new MatrixRows(data.inputs(), data.outputs()));
            }

            @Override
            public TrainingData load(String why) {
                return data;
            }
        };
    }

    @Test
    void dataInMemoryAreFittedInMemory() {
        TrainingData data = regression(30);
        FitPlan plan = OKL.pipeline(SKETCHED).plan(data);
        assertThat(plan.route()).isEqualTo(FitPlan.Route.IN_MEMORY);
        assertThat(plan.data()).containsSame(data);
        assertThat(plan.rows()).isEmpty();
        assertThat(plan.auto()).isEmpty();
        assertThat(plan.pipeline().spec()).isEqualTo(OKL.pipeline(SKETCHED).spec());
        assertThat(plan.size()).isEqualTo(30);
        assertThat(plan.metrics()).as("a fit reports no metric").isEmpty();
    }

    @Test
    void rowsStreamWhenThePipelineDoesAndAreReadWholeWhenItCannot() {
        TrainingData data = regression(40);
        FitPlan streamed = OKL.pipeline(SKETCHED).plan(file(data), FitPlan.Options.fit());
        assertThat(streamed.route()).isEqualTo(FitPlan.Route.STREAMED);
        assertThat(streamed.rows()).isPresent();
        assertThat(streamed.data()).isEmpty();
        assertThat(streamed.size()).isEqualTo(40);

        FitPlan whole = OKL.pipeline(FIXED).plan(file(data), FitPlan.Options.fit());
        assertThat(whole.route()).isEqualTo(FitPlan.Route.IN_MEMORY);
        assertThat(whole.why()).isEqualTo("the pipeline has no kernel sketch (\"approximation\")");
        assertThat(whole.data()).containsSame(data);

        PipelineSpec estimated = SKETCHED.withOperator(ComponentSpec.of("estimated"));
        FitPlan wholeForItsTargets = OKL.pipeline(estimated).plan(file(data), FitPlan.Options.fit());
        assertThat(wholeForItsTargets.route()).isEqualTo(FitPlan.Route.IN_MEMORY);
        assertThat(wholeForItsTargets.why()).isEqualTo("its output matrix is estimated from the training targets "
                + "(the operator " + ComponentSpec.of("estimated") + "), which must all be in memory first");

        // a fixed matrix of a given size is not estimated: the rows stream, whatever it says of other sizes
        FitPlan fixedSize = OKL.pipeline(SKETCHED.withOperator(ComponentSpec.of("two-outputs"))).plan(file(data),
                FitPlan.Options.fit());
        assertThat(fixedSize.route()).isEqualTo(FitPlan.Route.STREAMED);
        assertThat(fixedSize.rows()).isPresent();
    }

    @Test
    void rowsWithoutOutputsAreReadWholeToBeScoredAndRowsAloneMustStream() {
        FitPlan noOutputs = OKL.pipeline(SKETCHED).plan(new FitPlan.Source() {
            @Override
            public Optional<RowSource> rows() {
                return Optional.of(new MatrixRows(values(10, 3, false), Matrix.zeros(10, 0)));
            }

            @Override
            public TrainingData load(String why) {
                return regression(10);
            }
        }, FitPlan.Options.evaluation(null));
        assertThat(noOutputs.route()).isEqualTo(FitPlan.Route.IN_MEMORY);
        assertThat(noOutputs.why()).isEqualTo("the rows have no output columns");

        MatrixRows rows = new MatrixRows(values(10, 3, false), values(10, 2, false));
        assertThat(OKL.pipeline(SKETCHED).plan(rows).route()).isEqualTo(FitPlan.Route.STREAMED);
        assertThatThrownBy(() -> OKL.pipeline(FIXED).plan(rows)).isInstanceOfSatisfying(OklException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_PIPELINE))
                .hasMessageContaining("cannot fit this pipeline over streamed rows: the pipeline has no kernel sketch");
    }

    @Test
    void aPipelineThatSearchesNothingSaysSo() {
        FitPlan fixed = OKL.pipeline(FIXED).plan(regression(20));
        assertThat(fixed.searches()).isFalse();
        assertThat(fixed.lines()).containsExactly(FitPlan.NOTHING_SEARCHED);
        assertThat(fixed.lines("the training set")).as("no heading without an automatic choice")
                .containsExactly(FitPlan.NOTHING_SEARCHED);
        FitPlan searching = OKL.pipeline(SEARCHING).plan(regression(20));
        assertThat(searching.searches()).isTrue();
        assertThat(searching.lines()).isEmpty();
    }

    @Test
    void anAutomaticChoiceWithoutItsPresetNamesThePluginThatBringsIt() {
        Pipeline bare = Okl.builder().build().pipeline(PipelineSpec.auto().build());
        assertThatThrownBy(() -> bare.plan(regression(30))).isInstanceOf(OklException.class)
                .hasMessageContaining("needs the preset 'auto-regression', which no plugin provides (it comes with "
                        + "okl-presets-plugin)");
    }

    @Test
    void theAutomaticChoiceIsMadeOnceWithItsReasons() {
        Pipeline auto = OKL.pipeline(PipelineSpec.auto().build());
        FitPlan small = auto.plan(regression(30));
        assertThat(small.auto()).isPresent();
        assertThat(small.route()).isEqualTo(FitPlan.Route.IN_MEMORY);
        assertThat(small.searches()).isTrue();
        assertThat(small.pipeline().spec().isAuto()).isFalse();
        assertThat(small.pipeline().spec()).isEqualTo(small.auto().get().spec());
        assertThat(small.auto().get().record().task()).isEqualTo("regression");
        assertThat(small.lines("the training set")).containsExactly(
                "auto: chosen on the training set",
                "auto: task regression: 2 real-valued output columns; preset auto-regression",
                "auto: inputs none, targets none, kernel {\"name\":\"dot\"}, output rows, decoder {\"name\":\"same\"}",
                "auto: searched: ridge lambda (3) = 3 candidates by 5-fold cross-validation on mse, seed 0",
                "auto: 30 rows <= 5,000: exact fit");
        assertThat(small.lines()).as("no heading for fit").hasSize(4).first().asString().startsWith("auto: task ");
        // a selection given keeps its method; a template without a grid gives it none (its own empty grid stays)
        SelectionSpec given = SelectionSpec.kfold(4).metric(ComponentSpec.of("mse")).build();
        SelectionSpec kept = OKL.pipeline(PipelineSpec.auto().selection(given).build()).plan(regression(30))
                .pipeline().spec().selection().orElseThrow();
        assertThat(kept.method()).isEqualTo(SelectionSpec.Method.KFOLD);
        assertThat(kept.grid()).isEmpty();

        // a file of many rows: the choice on its rows (one pass over the outputs) takes the sketch, and streams
        FitPlan large = auto.plan(file(regression(6000)), FitPlan.Options.fit());
        assertThat(large.route()).isEqualTo(FitPlan.Route.STREAMED);
        assertThat(large.pipeline().spec().approximation()).map(ComponentSpec::name).contains("landmarks");
        assertThat(large.lines()).contains("auto: 6,000 rows > 5,000: low-rank route (landmarks {}); 3-fold "
                + "selection above 1,000 rows");

        // a small file: chosen on its rows, read whole, fitted with that same choice
        FitPlan smallFile = auto.plan(file(regression(30)), FitPlan.Options.fit());
        assertThat(smallFile.route()).isEqualTo(FitPlan.Route.IN_MEMORY);
        assertThat(smallFile.why()).isEqualTo("the pipeline has no kernel sketch (\"approximation\")");
        assertThat(smallFile.auto()).isPresent();
        assertThat(smallFile.lines()).isEqualTo(small.lines());
    }

    @Test
    void anEvaluationReportsTheTasksDefaultMetrics() {
        FitPlan regression = OKL.pipeline(FIXED).plan(FitPlan.Source.of(regression(20)),
                FitPlan.Options.evaluation(null));
        assertThat(regression.task()).contains("regression");
        assertThat(regression.metrics().keySet()).containsExactly("mse", "arrmse");
        assertThat(regression.lines()).containsExactly(FitPlan.NOTHING_SEARCHED,
                "metrics: mse,arrmse (the defaults for regression; choose others with --metrics)");

        TrainingData oneOutput = TrainingData.of(values(20, 3, false), values(20, 1, false));
        assertThat(OKL.pipeline(FIXED).plan(FitPlan.Source.of(oneOutput), FitPlan.Options.evaluation(null))
                .metrics().keySet()).containsExactly("mse", "rmse");

        TrainingData labels = TrainingData.of(values(20, 3, false), values(20, 3, true));
        FitPlan multiLabel = OKL.pipeline(SEARCHING).plan(FitPlan.Source.of(labels),
                FitPlan.Options.evaluation(null));
        assertThat(multiLabel.task()).contains("multi-label");
        assertThat(multiLabel.metrics().keySet()).as("the selection metric first")
                .containsExactly("mse", "hamming-loss", "f1-micro", "f1-macro");

        Map<String, ComponentSpec> asked = Map.of("f1-micro", ComponentSpec.of("f1-micro"));
        FitPlan given = OKL.pipeline(SEARCHING).plan(FitPlan.Source.of(labels), FitPlan.Options.evaluation(asked));
        assertThat(given.task()).isEmpty();
        assertThat(given.metrics()).isEqualTo(asked);
        assertThat(given.lines()).as("no metrics line for metrics asked for").isEmpty();
    }

    @Test
    void streamedRowsAreScoredOnlyWithSquaredErrors() {
        FitPlan regression = OKL.pipeline(SKETCHED).plan(file(regression(20)), FitPlan.Options.evaluation(null));
        assertThat(regression.route()).isEqualTo(FitPlan.Route.STREAMED);
        assertThat(regression.metrics().keySet()).containsExactly("mse", "arrmse");

        TrainingData labels = TrainingData.of(values(20, 3, false), values(20, 3, true));
        FitPlan multiLabel = OKL.pipeline(SKETCHED).plan(file(labels), FitPlan.Options.evaluation(null));
        assertThat(multiLabel.route()).isEqualTo(FitPlan.Route.IN_MEMORY);
        assertThat(multiLabel.why()).isEqualTo("metric 'hamming-loss' needs every prediction at once");
        assertThat(multiLabel.metrics().keySet()).containsExactly("hamming-loss", "f1-micro", "f1-macro");
        assertThat(multiLabel.lines()).last().asString()
                .isEqualTo("metrics: hamming-loss,f1-micro,f1-macro (the defaults for multi-label; choose others "
                        + "with --metrics)");
    }

    @Test
    void pipelineDefaultsAreCompletedOnce() {
        PipelineSpec bare = PipelineSpec.builder().kernel(ComponentSpec.of("dot")).filter(ComponentSpec.of("ridge"))
                .operator(ComponentSpec.of("fixed")).output(ComponentSpec.of("rows"))
                .decoder(ComponentSpec.of("same")).build();
        assertThat(OKL.pipeline(bare).spec()).isEqualTo(new Pipeline(bare, OKL).spec());
    }

    /** Stand-in components: enough to plan, none that fits. */
    private static final class StandIns implements OklPlugin {
        private static final String TEMPLATE = "{" + STAGES + ", \"filter\": {\"name\": \"ridge\", \"lambda\": "
                + "[1, 0.1, 0.01]}, \"selection\": {\"method\": \"kfold\", \"folds\": 5, \"metric\": \"mse\"}}";

        @Override
        public String name() {
            return "stand-ins";
        }

        @Override
        public Collection<ComponentFactory<VectorKernel>> kernels() {
            return List.of(SimpleComponentFactory.of("dot", VectorKernel.class, "stand-in", List.of(),
                    (p, c) -> (a, b) -> Matrix.zeros(a.rows(), b.rows())));
        }

        @Override
        public Collection<ComponentFactory<SpectralFilter>> filters() {
            return List.of(SimpleComponentFactory.of("ridge", SpectralFilter.class, "stand-in",
                    List.of(ParameterSpec.positiveList("lambda", List.of(0.1), "the path")), (p, c) -> {
                        List<Double> lambdas = p.getDoubles("lambda");
                        return new SpectralFilter() {
                            @Override
                            public String pathParameter() {
                                return "lambda";
                            }

                            @Override
                            public int pathLength() {
                                return lambdas.size();
                            }

                            @Override
                            public double pathValue(int index) {
                                return lambdas.get(index);
                            }

                            @Override
                            public double apply(int index, double s, double sMax) {
                                return 1 / (s + lambdas.get(index));
                            }
                        };
                    }));
        }

        @Override
        public Collection<ComponentFactory<OperatorKernel>> operatorKernels() {
            return List.of(
                    SimpleComponentFactory.of("fixed", OperatorKernel.class, "stand-in", List.of(),
                            (p, c) -> (SeparableOperatorKernel) (targets, context) -> Matrix.identity(targets.cols())),
                    SimpleComponentFactory.of("estimated", OperatorKernel.class, "stand-in", List.of(),
                            (p, c) -> new SeparableOperatorKernel() {
                                @Override
                                public Matrix outputMatrix(Matrix targets, ComponentContext context) {
                                    if (targets.rows() == 0) {
                                        throw new IllegalArgumentException("no targets");
                                    }
                                    return Matrix.identity(targets.cols());
                                }

                                @Override
                                public boolean outputMatrixFromTargets() {
                                    return true;
                                }
                            }),
                    // a fixed A for two outputs only (as a graph or a file of two outputs): it builds without targets
                    SimpleComponentFactory.of("two-outputs", OperatorKernel.class, "stand-in", List.of(),
                            (p, c) -> (SeparableOperatorKernel) (targets, context) -> {
                                if (targets.cols() != 2) {
                                    throw new IllegalArgumentException(targets.cols() + " outputs, not 2");
                                }
                                return Matrix.identity(2);
                            }));
        }

        @Override
        public Collection<ComponentFactory<OutputEmbedding>> outputEmbeddings() {
            return List.of(SimpleComponentFactory.of("rows", OutputEmbedding.class, "stand-in", List.of(),
                    (p, c) -> new RowwiseOutputEmbedding() {
                        @Override
                        public FittedOutputEmbedding fitFor(int columns, ComponentContext context) {
                            throw new UnsupportedOperationException();
                        }

                        @Override
                        public Matrix encode(Matrix outputs) {
                            return outputs;
                        }

                        @Override
                        public FittedOutputEmbedding fit(OutputData data, ComponentContext context) {
                            throw new UnsupportedOperationException();
                        }
                    }));
        }

        @Override
        public Collection<ComponentFactory<Decoder>> decoders() {
            return List.of(SimpleComponentFactory.of("same", Decoder.class, "stand-in", List.of(),
                    (p, c) -> (h, context) -> {
                        throw new UnsupportedOperationException();
                    }));
        }

        @Override
        public Collection<ComponentFactory<Metric>> metrics() {
            return List.of(squared("mse"), squared("rmse"), squared("arrmse"), other("hamming-loss"),
                    other("f1-micro"), other("f1-macro"));
        }

        private static ComponentFactory<Metric> squared(String id) {
            return SimpleComponentFactory.of(id, Metric.class, "stand-in", List.of(),
                    (p, c) -> new SquaredErrorMetric() {
                        @Override
                        public double fromSums(SquaredErrors sums) {
                            return 0;
                        }

                        @Override
                        public double evaluate(Matrix truth, Decoded predicted) {
                            return 0;
                        }

                        @Override
                        public boolean higherIsBetter() {
                            return false;
                        }
                    });
        }

        private static ComponentFactory<Metric> other(String id) {
            return SimpleComponentFactory.of(id, Metric.class, "stand-in", List.of(), (p, c) -> new Metric() {
                @Override
                public double evaluate(Matrix truth, Decoded predicted) {
                    return 0;
                }

                @Override
                public boolean higherIsBetter() {
                    return false;
                }
            });
        }

        @Override
        public Collection<ComponentFactory<KernelSketch>> sketches() {
            return List.of(SimpleComponentFactory.of("landmarks", KernelSketch.class, "stand-in", List.of(),
                    (p, c) -> new KernelSketch() {
                        @Override
                        public int features(long rows) {
                            return 10;
                        }

                        @Override
                        public SketchFeatures draw(VectorKernel kernel, SketchRows rows, ComponentContext context) {
                            throw new UnsupportedOperationException();
                        }

                        @Override
                        public SketchFeatures restore(VectorKernel kernel, Map<String, Matrix> arrays,
                                ComponentContext context) {
                            throw new UnsupportedOperationException();
                        }
                    }));
        }

        @Override
        public Collection<PipelineTemplate> pipelines() {
            return List.of(new PipelineTemplate("auto-regression", "stand-in", TEMPLATE),
                    new PipelineTemplate("auto-multi-label", "stand-in", TEMPLATE),
                    new PipelineTemplate("auto-large", "stand-in", "{\"approximation\": {\"name\": \"landmarks\"}}"));
        }
    }
}
