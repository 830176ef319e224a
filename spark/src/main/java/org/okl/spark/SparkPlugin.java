package org.okl.spark;

import java.util.Collection;
import java.util.List;
import org.okl.api.execution.ExecutionBackEnd;
import org.okl.api.plugin.OklPlugin;
import org.okl.spark.fit.SparkBackEnd;

/**
 * {@code okl-spark} as a plugin: no components of its own; it offers the Spark cluster as an execution back-end
 * ({@link SparkBackEnd}), so that a runtime fitting the rows of a Spark data set runs the fit's passes on the
 * executors, as a runtime with {@code okl-gpu} runs its sums on the card.
 */
public final class SparkPlugin implements OklPlugin {

    @Override
    public String name() {
        return "okl-spark";
    }

    @Override
    public String version() {
        String v = SparkPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "unspecified" : v;
    }

    @Override
    public Collection<ExecutionBackEnd> executionBackEnds() {
        return List.of(new SparkBackEnd());
    }
}
