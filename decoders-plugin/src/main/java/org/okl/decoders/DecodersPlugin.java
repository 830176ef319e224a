package org.okl.decoders;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.ParameterType;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.decoder.Decoder;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.plugin.OklPlugin;
import org.okl.decoders.decoder.ArgmaxDecoder;
import org.okl.decoders.decoder.CandidatesDecoder;
import org.okl.decoders.decoder.IdentityDecoder;
import org.okl.decoders.decoder.PerPositionDecoder;
import org.okl.decoders.decoder.ThresholdDecoder;
import org.okl.decoders.decoder.TopKDecoder;
import org.okl.decoders.output.ClassEmbedding;
import org.okl.decoders.output.KernelEmbedding;
import org.okl.decoders.output.KpcaEmbedding;
import org.okl.decoders.output.LabelCoding;
import org.okl.decoders.output.LabelEmbedding;
import org.okl.decoders.output.OelEmbedding;
import org.okl.decoders.output.SequenceEmbedding;
import org.okl.decoders.output.VectorEmbedding;

/**
 * The built-in output embeddings ({@code vector}, {@code labels}, {@code one-hot}, {@code simplex}, {@code sequence},
 * {@code kernel}, {@code kpca}, {@code oel}), decoders ({@code identity}, {@code threshold}, {@code top-k}, {@code argmax},
 * {@code candidates}, {@code per-position}); the named pipelines are {@code okl-presets}'.
 */
public final class DecodersPlugin implements OklPlugin {

    @Override
    public String name() {
        return "okl-decoders";
    }

    /** The version from the JAR manifest ({@code unspecified} when run from classes). */
    @Override
    public String version() {
        String v = DecodersPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "unspecified" : v;
    }

    @Override
    public Collection<ComponentFactory<OutputEmbedding>> outputEmbeddings() {
        ParameterSpec kernel = ParameterSpec.component("kernel", VectorKernel.class, null,
                "the output kernel, for example {\"name\": \"gaussian\", \"sigma\": 10}");
        return List.of(
                SimpleComponentFactory.of(VectorEmbedding.ID, OutputEmbedding.class,
                        "outputs used as they are (multi-output regression)", List.of(),
                        (p, c) -> new VectorEmbedding()),
                SimpleComponentFactory.of(LabelEmbedding.ID, OutputEmbedding.class,
                        "multi-label outputs read as 0/1 and coded zero-one or plus-minus",
                        List.of(ParameterSpec.choice("coding", "zero-one", List.of("zero-one", "plus-minus"),
                                "the label values in the regression: 0/1 or -1/+1")),
                        (p, c) -> new LabelEmbedding(LabelCoding.Coding.byId(p.getString("coding")))),
                SimpleComponentFactory.of(ClassEmbedding.ONE_HOT, OutputEmbedding.class,
                        "multi-class output (one column, the class) coded one-hot (Baldassarre et al. 2012, 5.1)",
                        List.of(), (p, c) -> ClassEmbedding.oneHot()),
                SimpleComponentFactory.of(ClassEmbedding.SIMPLEX, OutputEmbedding.class,
                        "multi-class output coded (1, -1/(d-1)), sum-to-zero (Baldassarre et al. 2012, 5.1)",
                        List.of(), (p, c) -> ClassEmbedding.simplex()),
                SimpleComponentFactory.of(SequenceEmbedding.ID, OutputEmbedding.class,
                        "sequences of symbol codes (0 = padding) coded one-hot per position (Kadri et al. 2013 OCR)",
                        List.of(ParameterSpec.integer("alphabet", 26, 1, "the number of symbols, codes 1..alphabet")),
                        (p, c) -> new SequenceEmbedding(p.getInt("alphabet"))),
                SimpleComponentFactory.of(KernelEmbedding.ID, OutputEmbedding.class,
                        "implicit feature space of an output kernel (Cortes et al. 2005, IOKR)", List.of(kernel),
                        (p, c) -> new KernelEmbedding(p.getComponent("kernel"))),
                SimpleComponentFactory.of(KpcaEmbedding.ID, OutputEmbedding.class,
                        "kernel-PCA coordinates of an output kernel (Weston et al. 2003 KDE)",
                        List.of(kernel, ParameterSpec.integer("components", 64, 1,
                                "the number of principal components kept (at most the rank)")),
                        (p, c) -> new KpcaEmbedding(p.getComponent("kernel"), p.getInt("components"))),
                SimpleComponentFactory.of(OelEmbedding.ID, OutputEmbedding.class,
                        "output embedding learned from the regression and unlabelled outputs (Brogat-Motte et al."
                                + " 2022, Algorithm 1)",
                        List.of(kernel,
                                ParameterSpec.range("c", 0.5, 0.0, true, 1.0, true,
                                        "weight of the supervised term; 1 - c weighs the unlabelled outputs"),
                                ParameterSpec.integer("p", 64, 1, "the embedding dimension"),
                                ParameterSpec.choice("svd", "randomized", List.of("exact", "randomized"),
                                        "eigendecomposition of the mixed Gram: exact, or randomized (Halko et al.)"),
                                ParameterSpec.integer("oversampling", 10, 0,
                                        "extra random directions of the randomized eigendecomposition"),
                                ParameterSpec.integer("power-iterations", 2, 0,
                                        "subspace iterations of the randomized eigendecomposition")),
                        (p, c) -> new OelEmbedding(p.getComponent("kernel"), p.getDouble("c"), p.getInt("p"),
                                OelEmbedding.Svd.valueOf(p.getString("svd").toUpperCase(Locale.ROOT)),
                                p.getInt("oversampling"), p.getInt("power-iterations"))));
    }

    @Override
    public Collection<ComponentFactory<Decoder>> decoders() {
        return List.of(
                SimpleComponentFactory.of(IdentityDecoder.ID, Decoder.class,
                        "the prediction itself, mapped back through the output embedding", List.of(),
                        (p, c) -> new IdentityDecoder()),
                SimpleComponentFactory.of(ThresholdDecoder.ID, Decoder.class,
                        "labels whose score reaches a threshold, common or tuned per label for F1",
                        List.of(new ParameterSpec("value", ParameterType.DOUBLE, null, false,
                                        "the threshold (default: 0.5 for zero-one labels, 0 for plus-minus)",
                                        Double.NEGATIVE_INFINITY, true, Double.POSITIVE_INFINITY, true, List.of(),
                                        null),
                                ParameterSpec.bool("per-label", false,
                                        "tune one threshold per label for F1 on validation data"),
                                ParameterSpec.bool("at-least-one", false,
                                        "give the label of largest margin when none passes"),
                                ParameterSpec.bool("decide-at-least-one", false,
                                        "with at-least-one: the fit keeps it only when the Hamming loss of its "
                                                + "leave-one-out decisions on the training rows is no higher with it "
                                                + "(exact one-step Tikhonov fits; elsewhere at-least-one is used as "
                                                + "given; the model records the outcome)"),
                                ParameterSpec.choice("objective", "f1", List.of("f1", "metric"),
                                        "what tuning maximises: each label's F1, or the metric of model selection "
                                                + "(one common threshold, then per label with per-label: model "
                                                + "selection keeps the way that scores better cross-fitted)"),
                                new ParameterSpec("thresholds", ParameterType.DOUBLE_LIST, null, false,
                                        "one threshold per label, as tuned with per-label (written by fit)",
                                        Double.NEGATIVE_INFINITY, true, Double.POSITIVE_INFINITY, true, List.of(),
                                        null)),
                        (p, c) -> new ThresholdDecoder(
                                p.findDouble("value").map(OptionalDouble::of).orElse(OptionalDouble.empty()),
                                p.getBoolean("per-label"), p.getBoolean("at-least-one"),
                                p.getString("objective").equals("metric"), p.has("thresholds") ? p.getDoubles("thresholds").stream()
                                        .mapToDouble(Double::doubleValue).toArray() : null,
                                p.getBoolean("decide-at-least-one"))),
                SimpleComponentFactory.of(TopKDecoder.ID, Decoder.class, "the k labels with the largest scores",
                        List.of(ParameterSpec.integer("k", 1, 1, "labels per prediction")),
                        (p, c) -> new TopKDecoder(p.getInt("k"))),
                SimpleComponentFactory.of(ArgmaxDecoder.ID, Decoder.class,
                        "the class with the largest score (multi-class codings)", List.of(),
                        (p, c) -> new ArgmaxDecoder()),
                SimpleComponentFactory.of(CandidatesDecoder.ID, Decoder.class,
                        "pre-image: the candidate output nearest to the prediction in the output feature space",
                        List.of(ParameterSpec.text("from", CandidatesDecoder.TRAIN,
                                        "train, unlabelled or train+unlabelled (the outputs given to the pipeline)"),
                                ParameterSpec.optionalFile("file", "a file of candidate outputs instead (a model "
                                        + "keeps a copy)"),
                                ParameterSpec.integer("rank", 1, 1,
                                        "how many best candidates to keep per prediction (top-k metrics)")),
                        (p, c) -> new CandidatesDecoder(p.getString("from"),
                                p.has("file") ? p.getString("file") : null, p.getInt("rank"),
                                CandidatesDecoder.DEFAULT_BUDGET)),
                SimpleComponentFactory.of(PerPositionDecoder.ID, Decoder.class,
                        "per-position argmax for sequences coded one symbol per position (Kadri et al. 2013 OCR)",
                        List.of(new ParameterSpec("alphabet", ParameterType.INTEGER, null, false,
                                        "symbols (columns) per position (default: from a 'sequence' output, else 26)",
                                        1, true, Double.POSITIVE_INFINITY, true, List.of(), null),
                                ParameterSpec.bool("allow-empty", true,
                                        "a position may decode to no symbol (zero-padded shorter sequences)")),
                        (p, c) -> new PerPositionDecoder(
                                p.has("alphabet") ? Optional.of(p.getInt("alphabet")) : Optional.empty(),
                                p.getBoolean("allow-empty"))));
    }

    /** The output embedding and decoder of a pipeline that names none: outputs used as they are. */
    @Override
    public Map<Class<?>, ComponentSpec> defaults() {
        return Map.of(OutputEmbedding.class, ComponentSpec.of(VectorEmbedding.ID),
                Decoder.class, ComponentSpec.of(IdentityDecoder.ID));
    }
}
