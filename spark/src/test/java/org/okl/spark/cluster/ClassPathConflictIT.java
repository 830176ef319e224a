package org.okl.spark.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.spark.SyntheticData;

/**
 * The okl-spark JAR behind older copies of the libraries it brings, as a cluster's class path puts them first
 * (Hadoop 2's Guice 3 with javax.inject and aopalliance, picocli 4.2, ojAlgo 48): {@code okl-spark fit} runs in its
 * own JVM on {@code local[2]} with the pure-Java back-end (the one that uses ojAlgo), and its model is the one-machine
 * model. Without the relocation in the shaded JAR the older copies win: picocli 4.2 rejects the inherited
 * {@code --master} option and ojAlgo 48 fails the injector.
 */
class ClassPathConflictIT {
    private static final String PIPELINE = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 40},"
            + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-1, 1e-3]},"
            + " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 5}}";

    @Test
    void aFitWithOlderGuicePicocliAndOjalgoFirstOnTheClassPathIsTheOneMachineFit() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "class-path-conflict").toAbsolutePath());
        List<String> older;
        try (Stream<Path> jars = Files.list(Path.of(System.getProperty("okl.spark.olderLibraries")))) {
            older = jars.map(Path::toString).filter(s -> s.endsWith(".jar")).sorted().toList();
        }
        assertThat(older).as("the older libraries Maven copied").hasSize(5)
                .anyMatch(s -> s.contains("guice-3.0")).anyMatch(s -> s.contains("picocli-4.2.0"))
                .anyMatch(s -> s.contains("ojalgo-48"));
        SyntheticData d = SyntheticData.draw(1500, 3, 2, 31);
        Path train = d.writeCsv(dir.resolve("train.csv"), null);
        Path pipeline = Files.writeString(dir.resolve("pipeline.json"), PIPELINE);
        Path model = dir.resolve("fitted.okl");
        Files.deleteIfExists(model);

        List<String> command = new ArrayList<>(List.of(StandaloneCluster.java(), "-Xmx768m", "-Dokl.linalg=java"));
        command.addAll(List.of(System.getProperty("okl.spark.opens").trim().split("\\s+")));
        String classPath = String.join(File.pathSeparator, older) + File.pathSeparator
                + System.getProperty("okl.spark.jar") + File.pathSeparator
                + Files.readString(Path.of(System.getProperty("okl.spark.classpath"))).trim();
        command.addAll(List.of("-cp", classPath, "org.okl.spark.cli.OklSparkMain", "fit", "--master", "local[2]",
                "--pipeline", pipeline.toString(), "--data", train.toString(), "--inputs", "0:3", "--outputs", "3:5",
                "--model", model.toString()));
        Path log = dir.resolve("fit.log");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        StandaloneCluster.environment(pb.environment(), dir);
        Process p = pb.start();
        try {
            assertThat(p.waitFor(4, TimeUnit.MINUTES)).as("okl-spark fit finished in 4 minutes").isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(p.exitValue()).as(StandaloneCluster.tail(log)).isZero();
        assertThat(Files.readString(log)).contains("model written to " + model);

        Okl okl = Okl.builder().build();
        Model fitted = Model.load(model, okl);
        Model oneMachine = okl.pipeline(PipelineFiles.parse(PIPELINE, "test", okl.registry()))
                .fit(new MatrixRows(d.x(), d.y())).model();
        assertThat(fitted.pathIndex()).isEqualTo(oneMachine.pathIndex());
        Matrix test = SyntheticData.draw(100, 3, 2, 32).x();
        Matrix expected = oneMachine.predict(test).outputs();
        assertThat(fitted.predict(test).outputs().maxAbsDifference(expected) / expected.frobeniusNorm())
                .isLessThan(1e-8);
    }
}
