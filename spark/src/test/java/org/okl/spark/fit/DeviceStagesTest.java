package org.okl.spark.fit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.resource.ResourceProfile;
import org.junit.jupiter.api.Test;

/** The device passes' resource profile, from the application's settings. */
class DeviceStagesTest {
    private static SparkConf conf(String... settings) {
        SparkConf conf = new SparkConf(false);
        for (int i = 0; i < settings.length; i += 2) {
            conf.set(settings[i], settings[i + 1]);
        }
        return conf;
    }

    @Test
    void executorsWithGpusAndTasksWithoutAskForOneGpuPerTaskInTheDevicePassOnly() {
        ResourceProfile p = DeviceStages.profile(conf("spark.executor.resource.gpu.amount", "2",
                "spark.task.cpus", "2")).orElseThrow();
        Map<String, org.apache.spark.resource.TaskResourceRequest> tasks = p.taskResourcesJMap();
        assertThat(tasks.get("gpu").amount()).isEqualTo(1.0);
        assertThat(tasks.get("cpus").amount()).isEqualTo(2.0);
        assertThat(p.executorResourcesJMap()).as("a task profile: the executors stay as they are").isEmpty();
    }

    @Test
    void tasksThatAlreadyGetAGpuOrExecutorsWithoutGpusKeepTheDefaultProfile() {
        assertThat(DeviceStages.profile(conf("spark.executor.resource.gpu.amount", "1",
                "spark.task.resource.gpu.amount", "0.5"))).isEmpty();
        assertThat(DeviceStages.profile(conf())).isEmpty();
        assertThat(DeviceStages.profile(conf("spark.executor.resource.gpu.amount", "0"))).isEmpty();
    }

    @Test
    void underDynamicAllocationTheProfileAsksForExecutorsLikeTheApplications() {
        ResourceProfile p = DeviceStages.profile(conf("spark.executor.resource.gpu.amount", "1",
                "spark.executor.resource.gpu.discoveryScript", "/opt/gpus.sh", "spark.dynamicAllocation.enabled",
                "true", "spark.executor.cores", "4", "spark.executor.memory", "6g")).orElseThrow();
        assertThat(p.executorResourcesJMap().get("gpu").amount()).isEqualTo(1L);
        assertThat(p.executorResourcesJMap().get("gpu").discoveryScript()).isEqualTo("/opt/gpus.sh");
        assertThat(p.executorResourcesJMap().get("cores").amount()).isEqualTo(4L);
        assertThat(p.executorResourcesJMap().get("memory").amount()).isEqualTo(6144L);
        assertThat(p.taskResourcesJMap().get("gpu").amount()).isEqualTo(1.0);
    }
}
