package org.okl.spark.fit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.spark.ExecutorLostFailure;
import org.apache.spark.SparkContext;
import org.apache.spark.Success$;
import org.apache.spark.TaskCommitDenied;
import org.apache.spark.TaskContext;
import org.apache.spark.TaskEndReason;
import org.apache.spark.TaskKilled;
import org.apache.spark.TaskResultLost$;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.TaskInfo;
import org.apache.spark.scheduler.TaskLocality;
import org.junit.jupiter.api.Test;
import org.okl.spark.LocalSpark;
import scala.Option;
import scala.collection.immutable.Seq;

/**
 * A pass's task count is the tasks whose results were used; failed attempts (retried) and speculation's redundant
 * attempts are counted apart: the listener is fed, for a real job's stage, the task ends a retry and a speculated
 * task give on a cluster ({@code local[2]} retries nothing and speculates nothing).
 */
class PassLogTest {

    @Test
    void failedAndSpeculativeAttemptsAreCountedApartFromTheTasks() {
        SparkContext context = LocalSpark.session().sparkContext();
        try (PassLog log = new PassLog(context)) {
            int[] stage = log.run("a pass", false, 4, 0, () -> new JavaSparkContext(context)
                    .parallelize(List.of(1, 2, 3, 4), 2)
                    .map(x -> new int[] {TaskContext.get().stageId(), TaskContext.get().stageAttemptNumber()})
                    .collect().get(0));
            FitSummary.Pass real = log.passes().get(0);
            assertThat(real.tasks()).isEqualTo(2);
            assertThat(real.failedAttempts()).isZero();
            assertThat(real.speculativeAttempts()).isZero();

            // partition 0 failed twice (an error, a lost executor) before the attempt that succeeded; partition 1 was
            // speculated: one copy killed when the other succeeded, one refused the commit, one success dropped
            Seq<Object> none = scala.collection.immutable.List$.MODULE$.empty();
            feed(log, stage, 0, TaskResultLost$.MODULE$, 1);
            feed(log, stage, 0, new ExecutorLostFailure("3", true, Option.apply("lost")), 2);
            feed(log, stage, 1, new TaskKilled(PassLog.SPECULATION_KILL, cast(none), cast(none), none), 3);
            feed(log, stage, 1, new TaskCommitDenied(0, 1, 0), 4);
            feed(log, stage, 1, Success$.MODULE$, 5);
            // a resubmitted stage attempt (lost outputs) computes partition 1 again: that result is used
            feed(log, new int[] {stage[0], stage[1] + 1}, 1, Success$.MODULE$, 6);

            FitSummary.Pass pass = log.passes().get(0);
            assertThat(pass.tasks()).isEqualTo(3);
            assertThat(pass.failedAttempts()).isEqualTo(2);
            assertThat(pass.speculativeAttempts()).isEqualTo(3);
            assertThat(pass.executors()).as("the executors of the used tasks").doesNotContain("3@lost-host");
            String printed = new FitSummary(log.passes(), 4, 0, 0, 0, false, true).toString();
            assertThat(printed).contains("   3 tasks on").contains("(and 2 failed, 3 speculative attempts)");
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> Seq<T> cast(Seq<Object> empty) {
        return (Seq<T>) (Seq<?>) empty;
    }

    private static void feed(PassLog log, int[] stage, int partition, TaskEndReason reason, long taskId) {
        TaskInfo info = new TaskInfo(taskId, partition, 1, partition, 0L, reason instanceof ExecutorLostFailure
                ? "3" : "driver", reason instanceof ExecutorLostFailure ? "lost-host" : "localhost",
                TaskLocality.PROCESS_LOCAL(), false);
        log.onTaskEnd(new SparkListenerTaskEnd(stage[0], stage[1], "ResultTask", reason, info, null,
                TaskMetrics.empty()));
    }
}
