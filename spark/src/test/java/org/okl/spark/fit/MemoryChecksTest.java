package org.okl.spark.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;
import org.okl.linalg.streamed.FoldAggregates;

/**
 * The arithmetic of the executor and driver checks against hand-computed values: Spark's unified memory model
 * (300 MiB reserved, {@code spark.memory.fraction} for Spark, the rest for user code shared by the tasks running at
 * once), the results {@code treeAggregate} leaves the driver, and the limits of {@code spark.driver.maxResultSize}
 * and the driver's heap.
 */
class MemoryChecksTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    /** FoldAggregates.bytes(5, 2000, 5) + serializedBytes: 40 x 4,010,012 + 40 x 2,011,012. */
    private static final long SUMS = 160_400_480L + 80_440_480L;

    @Test
    void theTasksShareWhatSparkLeavesToUserCode() {
        assertThat(FoldAggregates.bytes(5, 2000, 5) + FoldAggregates.serializedBytes(5, 2000, 5)).isEqualTo(SUMS);
        // 1 GiB, 4 cores, spark.task.cpus 1, fraction 0.6: usable 1024 - 300 MiB = 759,169,024; user 0.4 of it
        ExecutorMemory.Executor small = new ExecutorMemory.Executor(GIB, 4, 1, 0.6, "spark.executor.memory=1024m");
        assertThat(small.usable()).isEqualTo(759_169_024L);
        assertThat(small.user()).isEqualTo(303_667_609L);
        assertThat(small.slots()).isEqualTo(4);
        assertThat(small.perTask()).isEqualTo(75_916_902L);
        // 8 GiB, 8 cores, 2 cores a task, fraction 0.75: usable 8,275,361,792, user a quarter, 4 tasks at once
        ExecutorMemory.Executor wide = new ExecutorMemory.Executor(8 * GIB, 8, 2, 0.75, "x");
        assertThat(wide.user()).isEqualTo(2_068_840_448L);
        assertThat(wide.slots()).isEqualTo(4);
        assertThat(wide.perTask()).isEqualTo(517_210_112L);
        // less heap than Spark reserves: nothing left
        ExecutorMemory.Executor tiny = new ExecutorMemory.Executor(256 * MIB, 1, 1, 0.6, "x");
        assertThat(tiny.usable()).isZero();
        assertThat(tiny.perTask()).isZero();
        // more cores a task than the executor has: one task at once
        assertThat(new ExecutorMemory.Executor(GIB, 2, 4, 0.6, "x").slots()).isEqualTo(1);
        assertThatThrownBy(() -> new ExecutorMemory.Executor(GIB, 2, 1, 1.5, "x"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theExecutorsAreReadFromTheSettings() {
        SparkConf conf = new SparkConf(false).set("spark.executor.memory", "4g").set("spark.executor.cores", "6")
                .set("spark.task.cpus", "3").set("spark.memory.fraction", "0.5");
        ExecutorMemory.Executor e = ExecutorMemory.ofCluster(conf, 99);
        assertThat(e).isEqualTo(new ExecutorMemory.Executor(4 * GIB, 6, 3, 0.5, "spark.executor.memory=4096m"));
        assertThat(e.slots()).isEqualTo(2);
        assertThat(e.user()).isEqualTo(1_990_197_248L);
        assertThat(ExecutorMemory.ofCluster(new SparkConf(false), 3))
                .as("Spark's defaults, the cores seen per executor").isEqualTo(new ExecutorMemory.Executor(GIB, 3, 1,
                        0.6, "spark.executor.memory=1024m"));
    }

    @Test
    void tasksThatWouldNotFitTheUserPartAreRefusedWithTheSettingsToChange() {
        ExecutorMemory.Executor small = new ExecutorMemory.Executor(GIB, 4, 1, 0.6, "spark.executor.memory=1024m");
        assertThatThrownBy(() -> ExecutorMemory.require(small, "the sums of 5 groups", SUMS, "use fewer features"))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("each task holds the sums of 5 groups: 230 MiB; 4 tasks at once per executor "
                        + "(4 cores / spark.task.cpus=1) take 919 MiB, more than the 290 MiB Spark leaves to user "
                        + "code ((1 - spark.memory.fraction=0.6) x (heap 1024 MiB - 300 MiB reserved), "
                        + "spark.executor.memory=1024m)")
                .hasMessageContaining("raise spark.executor.memory to at least 2597m, run fewer tasks per executor "
                        + "(spark.executor.cores, spark.task.cpus), or use fewer features")
                .hasMessageNotContaining("lower spark.memory.fraction");
        // 16 tasks of 8 GiB executors at fraction 0.75: 3,853,455,360 bytes > 2,068,840,448; the heap for them is
        // 3,853,455,360 / 0.25 + 300 MiB = 14999.8 MiB, or a fraction of at most 1 - 3,853,455,360 / 8,275,361,792
        ExecutorMemory.Executor busy = new ExecutorMemory.Executor(8 * GIB, 16, 1, 0.75, "spark.executor.memory=8192m");
        assertThatThrownBy(() -> ExecutorMemory.require(busy, "the sums", SUMS, "-"))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("16 tasks at once per executor (16 cores / spark.task.cpus=1) take 3675 MiB, "
                        + "more than the 1973 MiB")
                .hasMessageContaining("raise spark.executor.memory to at least 15000m, lower spark.memory.fraction "
                        + "to 0.53 (less room for cached rows)");
        assertThatCode(() -> ExecutorMemory.require(new ExecutorMemory.Executor(8 * GIB, 16, 2, 0.6, "x"),
                "the sums", SUMS, "-")).as("8 tasks at once: 1,926,727,680 <= 0.4 x 8,275,361,792")
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> ExecutorMemory.require(new ExecutorMemory.Executor(8 * GIB, 1, 1, 1.0, "x"),
                "the sums", SUMS, "-")).hasMessageContaining("none is enough while spark.memory.fraction is 1");
    }

    @Test
    void theDriverReceivesWhatTreeAggregateLeaves() {
        assertThat(DriverResults.parts(1, 2)).isEqualTo(1);
        assertThat(DriverResults.parts(2, 2)).as("2 > 2 + 1 fails: no level").isEqualTo(2);
        assertThat(DriverResults.parts(16, 2)).as("scale 4: 16 > 4 + 4, one level").isEqualTo(4);
        assertThat(DriverResults.parts(100, 2)).isEqualTo(10);
        assertThat(DriverResults.parts(1000, 2)).as("scale 32: 1000 / 32").isEqualTo(31);
        assertThat(DriverResults.parts(1000, 3)).as("scale 10: two levels").isEqualTo(10);
        assertThat(DriverResults.parts(64, 1)).as("depth 1: every partition").isEqualTo(64);
    }

    @Test
    void theDriverIsReadFromItsHeapAndTheSettings() {
        DriverResults.Driver d = DriverResults.Driver.of(new SparkConf(false), 2 * GIB);
        assertThat(d).isEqualTo(new DriverResults.Driver(2 * GIB, 0.6, GIB));
        assertThat(d.budget()).as("0.4 x (2048 - 300) MiB").isEqualTo(733_164_339L);
        assertThat(DriverResults.Driver.of(new SparkConf(false).set("spark.driver.maxResultSize", "0")
                .set("spark.memory.fraction", "0.8"), GIB)).isEqualTo(new DriverResults.Driver(GIB, 0.8, 0));
    }

    @Test
    void resultsThatWouldNotReachTheDriverAreMergedOnAnExecutorOrRefused() {
        DriverResults.Driver d = new DriverResults.Driver(2 * GIB, 0.6, GIB);
        assertThat(DriverResults.plan(d, "x", 100, 2, 10 * MIB, 20 * MIB, "-"))
                .as("10 parts of 10 MiB: 100 MiB <= half the limit; 140 MiB <= 699 MiB")
                .isEqualTo(new DriverResults.Plan(2, 10, false));
        assertThat(DriverResults.plan(d, "x", 100, 2, 80 * MIB, 160 * MIB, "-"))
                .as("10 parts of 80 MiB exceed half the limit: the last merge on an executor")
                .isEqualTo(new DriverResults.Plan(2, 1, true));
        assertThat(DriverResults.plan(new DriverResults.Driver(2 * GIB, 0.6, 0), "x", 100, 2, 60 * MIB, 60 * MIB,
                "-")).as("no limit, but 10 x 60 + 2 x 60 MiB exceed the driver's 699 MiB")
                .isEqualTo(new DriverResults.Plan(2, 1, true));
        assertThatThrownBy(() -> DriverResults.plan(new DriverResults.Driver(2 * GIB, 0.6, 0), "the sums", 1, 2,
                300 * MIB, 600 * MIB, "use fewer folds"))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("the sums take 300 MiB; the driver would hold 1 of them as received and the "
                        + "merged result twice, 1500 MiB, more than the 699 MiB its heap leaves to user code "
                        + "((1 - spark.memory.fraction=0.6) x (heap 2048 MiB - 300 MiB reserved)): raise the "
                        + "driver's memory (--driver-memory, spark.driver.memory) to at least 4051m, or use fewer "
                        + "folds");
        long bytes = FoldAggregates.serializedBytes(5, 20_000, 5);
        assertThatThrownBy(() -> DriverResults.plan(new DriverResults.Driver(64 * GIB, 0.6, GIB), "the sums of 5 "
                + "groups over m = 20000 features and d = 5 targets", 4, 2, bytes, 2 * bytes, "use fewer folds"))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("the sums of 5 groups over m = 20000 features and d = 5 targets take 7633 MiB, "
                        + "more than spark.driver.maxResultSize (1024 MiB): raise it "
                        + "(--conf spark.driver.maxResultSize=15267m), or use fewer folds");
        assertThat(DriverResults.size(5000)).isEqualTo("4 KiB");
        assertThat(DriverResults.size(100)).isEqualTo("100 bytes");
    }
}
