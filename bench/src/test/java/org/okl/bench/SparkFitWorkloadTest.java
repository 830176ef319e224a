package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SparkFitWorkloadTest {

    @Test
    void runsOnlyWhenNamed() {
        assertThat(Workloads.all()).doesNotContainKeys("spark_fit", "spark_falkon");
        assertThat(Workloads.known()).containsKeys("spark_fit", "spark_falkon");
        assertThat(Workloads.select(List.of("spark_falkon", "spark_fit", "gram"))).extracting(Workload::name)
                .containsExactly("gram", "spark_fit", "spark_falkon");
    }

    @Test
    void saysHowToBuildOklSparkWhenItIsMissing() {
        // the bench module's tests run in bench/, where spark/target does not exist
        assertThatThrownBy(SparkFitWorkload::sparkClassPath).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("spark_fit and spark_falkon need the okl-spark module built")
                .hasMessageContaining("mvn -B -q -DskipTests package -pl spark -am");
    }
}
