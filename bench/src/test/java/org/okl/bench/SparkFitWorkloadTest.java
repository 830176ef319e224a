package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SparkFitWorkloadTest {

    @Test
    void runsOnlyWhenNamed() {
        assertThat(Workloads.all()).doesNotContainKey("spark_fit");
        assertThat(Workloads.known()).containsKey("spark_fit");
        assertThat(Workloads.select(List.of("spark_fit", "gram"))).extracting(Workload::name)
                .containsExactly("gram", "spark_fit");
    }

    @Test
    void saysHowToBuildOklSparkWhenItIsMissing() {
        // the bench module's tests run in bench/, where spark/target does not exist
        assertThatThrownBy(SparkFitWorkload::sparkClassPath).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("spark_fit needs the okl-spark module built")
                .hasMessageContaining("mvn -B -q -DskipTests package -pl spark -am");
    }
}
