package org.okl.spark.fit;

import java.util.Optional;
import org.okl.api.execution.Execution;
import org.okl.api.execution.ExecutionBackEnd;
import org.okl.api.rows.RowSource;
import org.okl.core.ClusterPasses;

/**
 * The Spark cluster as an execution back-end: it holds the rows of the Spark data sets okl-spark fits
 * ({@link SparkRows}), and answers a runtime's question with an execution whose {@link ClusterPasses} run the fit's
 * passes on the executors. It offers no compute device of its own (an executor's tasks use the executor's, {@link
 * TaskDevice}).
 */
public final class SparkBackEnd implements ExecutionBackEnd {

    @Override
    public String name() {
        return "okl-spark";
    }

    @Override
    public Optional<Execution> holding(RowSource rows) {
        return rows instanceof SparkRows spark ? Optional.of(spark.execution()) : Optional.empty();
    }
}
