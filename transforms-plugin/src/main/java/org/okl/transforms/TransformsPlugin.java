package org.okl.transforms;

import java.util.Collection;
import java.util.List;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.ParameterType;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.transform.InputTransform;

/** The built-in transforms of inputs and regression targets. */
public final class TransformsPlugin implements OklPlugin {
    private static final double INF = Double.POSITIVE_INFINITY;

    @Override
    public String name() {
        return "okl-transforms";
    }

    @Override
    public String version() {
        String v = TransformsPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "unspecified" : v;
    }

    @Override
    public Collection<ComponentFactory<InputTransform>> transforms() {
        return List.of(
                SimpleComponentFactory.of(Standardize.ID, InputTransform.class,
                        "every column minus its training mean, over its training standard deviation (constant "
                                + "columns only centred)",
                        List.of(ParameterSpec.bool("center", true, "subtract the mean"),
                                ParameterSpec.bool("scale", true, "divide by the standard deviation")),
                        (p, c) -> new Standardize(p.getBoolean("center"), p.getBoolean("scale"))),
                SimpleComponentFactory.of(MinMax.ID, InputTransform.class,
                        "every column mapped linearly from its training [min, max] to [min, max] of the parameters",
                        List.of(ParameterSpec.real("min", 0.0, "where a column's training minimum goes"),
                                ParameterSpec.real("max", 1.0, "where a column's training maximum goes")),
                        (p, c) -> new MinMax(p.getDouble("min"), p.getDouble("max"))),
                SimpleComponentFactory.of(OneHot.ID, InputTransform.class,
                        "each chosen column replaced by one 0/1 column per level (declared ARFF levels, else the "
                                + "training values); unseen values give all zeros",
                        List.of(ParameterSpec.text("columns", ColumnChoice.NOMINAL, "nominal (ARFF attributes with "
                                        + "levels), all, or names, 0-based positions and ranges from:to, "
                                        + "comma-separated"),
                                ParameterSpec.integer("max-levels", 100, 1, "the most levels one column may have")),
                        (p, c) -> new OneHot(p.getString("columns"), p.getInt("max-levels"))),
                SimpleComponentFactory.of(Log1p.ID, InputTransform.class,
                        "log(1 + x) of the chosen columns (values must exceed -1)",
                        List.of(ParameterSpec.text("columns", ColumnChoice.ALL, "all, or names, 0-based positions "
                                + "and ranges from:to, comma-separated")),
                        (p, c) -> new Log1p(p.getString("columns"))),
                SimpleComponentFactory.of(Pca.ID, InputTransform.class,
                        "projection of the centred rows on the leading principal components (all of them unless "
                                + "rank or variance is given)",
                        List.of(new ParameterSpec("rank", ParameterType.INTEGER, null, false,
                                        "the number of components", 1, true, INF, true, List.of(), null),
                                new ParameterSpec("variance", ParameterType.DOUBLE, null, false,
                                        "keep the fewest components explaining this fraction of the variance", 0.0,
                                        false, 1.0, true, List.of(), null),
                                ParameterSpec.bool("whiten", false, "scale every component to unit variance")),
                        (p, c) -> new Pca(p.has("rank") ? p.getInt("rank") : null,
                                p.has("variance") ? p.getDouble("variance") : null, p.getBoolean("whiten"))),
                SimpleComponentFactory.of(DropConstant.ID, InputTransform.class,
                        "leaves out the columns whose training values span at most the tolerance",
                        List.of(ParameterSpec.nonNegative("tolerance", 0.0, "the largest spread (max - min) of a "
                                + "column still called constant")),
                        (p, c) -> new DropConstant(p.getDouble("tolerance"))));
    }
}
