package org.okl.spark.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.SparkConf;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerApplicationEnd;
import org.apache.spark.scheduler.SparkListenerApplicationStart;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * An independent record of where a Spark application's tasks ran: for every successful task, the description of its
 * job (what OKL names each pass: {@code okl: per-fold sums}), the executor it ran on and the bytes of the result it
 * sent to the driver. Registered on a session in this JVM, or on a {@code spark-submit} driver with
 * {@code --conf spark.extraListeners=} this class, which then writes the record to the file named by
 * {@value #FILE} when the application ends (read back with {@link #read}).
 */
public final class TaskPlacement extends SparkListener {
    /** The configuration key of the file the record is written to. */
    public static final String FILE = "spark.okl.test.placement";

    /** Spark's job description property (OKL names its passes there); spelled out: this class runs on the driver's
     * system class path, without OKL. */
    private static final String DESCRIPTION = "spark.job.description";

    private final Path file;
    private final Map<Integer, String> stages = new java.util.concurrent.ConcurrentHashMap<>();
    private final List<String[]> tasks = new ArrayList<>();
    private volatile String application = "";

    /** A record kept in memory. */
    public TaskPlacement() {
        this.file = null;
    }

    /** A record written to the file {@value #FILE} names (how Spark creates extra listeners). */
    public TaskPlacement(SparkConf conf) {
        this.file = conf.contains(FILE) ? Path.of(conf.get(FILE)) : null;
    }

    @Override
    public void onApplicationStart(SparkListenerApplicationStart start) {
        application = start.appId().getOrElse(() -> "");
    }

    @Override
    public void onJobStart(SparkListenerJobStart job) {
        String description = job.properties() == null ? null : job.properties().getProperty(DESCRIPTION);
        String what = description == null ? "(no description)" : description;
        // Spark's Scala Seq walked with its own iterator: the same call on Scala 2.12 and 2.13
        for (scala.collection.Iterator<Object> ids = job.stageIds().iterator(); ids.hasNext(); ) {
            stages.put((Integer) ids.next(), what);
        }
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd task) {
        if (!(task.reason() instanceof Success$) || task.taskMetrics() == null) {
            return;
        }
        tasks.add(new String[] {stages.getOrDefault(task.stageId(), "(unknown)"), task.taskInfo().executorId(),
                Long.toString(task.taskMetrics().resultSize())});
    }

    @Override
    public void onApplicationEnd(SparkListenerApplicationEnd end) {
        if (file == null) {
            return;
        }
        StringBuilder sb = new StringBuilder("application\t" + application + "\n");
        for (String[] t : report().lines()) {
            sb.append(String.join("\t", t)).append('\n');
        }
        try {
            Files.writeString(file, sb, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What was recorded so far. */
    public synchronized Report report() {
        return new Report(application, new ArrayList<>(tasks));
    }

    /** Reads a record a spark-submit driver wrote. */
    public static Report read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        String application = lines.get(0).split("\t", 2)[1];
        List<String[]> tasks = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            tasks.add(line.split("\t", 3));
        }
        return new Report(application, tasks);
    }

    /**
     * Where the tasks of an application ran.
     *
     * @param application the application's id
     * @param lines       per successful task: its job's description, its executor, its result bytes
     */
    public record Report(String application, List<String[]> lines) {

        /** The executors that ran tasks of the jobs whose description contains {@code what}. */
        public Set<String> executors(String what) {
            Set<String> out = new TreeSet<>();
            lines.stream().filter(l -> l[0].contains(what)).forEach(l -> out.add(l[1]));
            return out;
        }

        /** The result bytes of the jobs whose description contains {@code what}. */
        public long resultBytes(String what) {
            return lines.stream().filter(l -> l[0].contains(what)).mapToLong(l -> Long.parseLong(l[2])).sum();
        }

        /** The tasks' result bytes by job description, in the order the jobs ran. */
        public Map<String, Long> resultBytesByJob() {
            Map<String, Long> out = new LinkedHashMap<>();
            lines.forEach(l -> out.merge(l[0], Long.parseLong(l[2]), Long::sum));
            return out;
        }
    }
}
