package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bad-input corpus: every folder of {@code src/test/resources/bad-input} is one thing a user can get wrong, run
 * through the real {@code okl} process. Each case checks the exit code, the message (its code and key words), that
 * a failure is one {@code okl: error: [OKL-Ennn] ...} line, that no Java class name or stack trace leaks, that no
 * control character of a file reaches the terminal raw (standard output and error hold none but line ends), and that
 * no output file is left behind (the work folder holds afterwards only what it held before, plus what the case says it
 * creates). Add a case by adding a folder; the corpus's README.md lists the keys.
 *
 * <p>The cases are independent (each has its own folder and data directory) and each is mostly a JVM starting, so
 * they run two at a time (the okl processes overlap their start-up on 2 cores); every case is still its own test, in
 * the corpus's order, and reports its own failure.
 */
class BadInputIT {
    private static final Pattern CLASS_NAME = Pattern.compile(
            "\\b[A-Z][A-Za-z0-9]*(Exception|Error)\\b|\\bjava\\.[a-z]+\\.|\\borg\\.okl\\.|\\tat |Caused by");
    private static final Path SHARED = Path.of("_shared");

    /** How many cases' okl processes run at once. */
    private static final int AT_ONCE = 2;

    @TempDir
    Path work;

    private ExecutorService pool;

    @AfterEach
    void stopPool() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    @TestFactory
    Stream<DynamicTest> corpus() throws IOException, URISyntaxException {
        Path root = Path.of(BadInputIT.class.getResource("/bad-input").toURI());
        List<BadInputCase> cases = new ArrayList<>();
        try (Stream<Path> folders = Files.list(root)) {
            for (Path f : folders.filter(Files::isDirectory).sorted().toList()) {
                if (!f.getFileName().equals(SHARED)) {
                    cases.add(BadInputCase.read(f));
                }
            }
        }
        assertThat(cases).as("cases").hasSizeGreaterThan(30);
        pool = Executors.newFixedThreadPool(AT_ONCE);
        List<Future<?>> runs = new ArrayList<>();
        for (BadInputCase c : cases) {
            runs.add(pool.submit(() -> {
                check(c, root.resolve(SHARED));
                return null;
            }));
        }
        return IntStream.range(0, cases.size()).mapToObj(i -> DynamicTest.dynamicTest(
                cases.get(i).name() + ": " + cases.get(i).what(), () -> awaitCase(runs.get(i))));
    }

    /** Waits for a case's run and fails with its own failure. */
    private static void awaitCase(Future<?> run) throws Throwable {
        try {
            run.get();
        } catch (ExecutionException e) {
            throw e.getCause();
        }
    }

    private void check(BadInputCase c, Path shared) throws Exception {
        Path dir = Files.createDirectory(work.resolve(c.name()));
        copyFiles(shared, dir);
        copyFiles(c.folder(), dir);
        for (String copy : c.pluginCopies()) {
            Files.createDirectories(dir.resolve(copy).getParent());
            Files.copy(OklProcess.artifact("okl.sample.jar"), dir.resolve(copy));
        }
        for (Map.Entry<String, String> jar : c.jars().entrySet()) {
            zip(c.folder().resolve(jar.getValue()), dir.resolve(jar.getKey()));
        }
        Map<String, String> env = new HashMap<>();
        c.env().forEach((k, v) -> env.put(k, v.startsWith("/") ? v : dir.resolve(v).toString()));
        for (List<String> setup : c.setup()) {
            OklProcess.Result r = OklProcess.run(dir, env, setup.toArray(String[]::new));
            assertThat(r.exitCode()).as("setup " + setup + ": " + r.stderr()).isZero();
        }
        for (List<String> make : c.make()) {
            CaseFiles.make(dir, make);
        }
        for (String gone : c.remove()) {
            Files.delete(dir.resolve(gone));
        }
        Set<String> before = files(dir);
        OklProcess.Result r = OklProcess.run(dir, env, c.run().toArray(String[]::new));
        String context = "okl " + String.join(" ", c.run()) + "\nstdout: " + r.stdout() + "\nstderr: " + r.stderr();

        assertThat(r.exitCode()).as("exit code of " + context).isEqualTo(c.exit());
        List<String> lines = r.stderr().strip().lines().filter(l -> !l.isBlank()).toList();
        assertThat(lines).as("every stderr line is okl's: " + context).allMatch(l -> l.startsWith("okl: "));
        if (c.exit() != 0) {
            List<String> errors = lines.stream().filter(l -> l.startsWith("okl: error: ")).toList();
            assertThat(errors).as("one error line: " + context).hasSize(1);
            assertThat(errors.get(0)).as(context).startsWith("okl: error: [OKL-E");
            c.stderr().forEach(f -> assertThat(errors.get(0)).as(context).contains(f));
        } else {
            assertThat(r.stderr()).as(context).doesNotContain("okl: error:");
            c.stderr().forEach(f -> assertThat(r.stderr()).as(context).contains(f));
        }
        c.stdout().forEach(f -> assertThat(r.stdout()).as(context).contains(f));
        for (String not : c.stderrNot()) {
            assertThat(r.stderr()).as(context).doesNotContain(not);
        }
        for (String not : c.stdoutNot()) {
            assertThat(r.stdout()).as(context).doesNotContain(not);
        }
        assertThat(rawControlCharacters(r.stderr())).as("control characters on stderr: " + context).isEmpty();
        assertThat(rawControlCharacters(r.stdout())).as("control characters on stdout: " + context).isEmpty();
        if (c.stderrMax() >= 0) {
            assertThat(r.stderr().length()).as("the length of stderr: " + context.substring(0,
                    Math.min(context.length(), 2000))).isLessThanOrEqualTo(c.stderrMax());
        }
        if (!c.allowClassNames()) {
            assertThat(CLASS_NAME.matcher(r.stderr()).find()).as("a class name or stack trace in " + context)
                    .isFalse();
        }
        Set<String> expected = new TreeSet<>(before);
        expected.addAll(c.creates());
        assertThat(files(dir)).as("files after " + context).isEqualTo(expected);
    }

    /** The control characters in a text other than line ends, as code points (empty when there is none). */
    static List<Integer> rawControlCharacters(String text) {
        return text.codePoints().filter(c -> c != '\n' && c != '\r' && (Character.isISOControl(c)
                || Character.getType(c) == Character.FORMAT)).boxed().distinct().toList();
    }

    private static void copyFiles(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (!f.getFileName().toString().equals(BadInputCase.FILE)) {
                    Files.copy(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** Every file and folder under {@code dir}, relative. */
    private static Set<String> files(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return new TreeSet<>(all.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString()).toList());
        }
    }

    private static void zip(Path folder, Path jar) throws IOException {
        Files.createDirectories(jar.getParent());
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out);
                Stream<Path> files = Files.walk(folder)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new ZipEntry(folder.relativize(f).toString().replace('\\', '/')));
                zip.write(Files.readAllBytes(f));
                zip.closeEntry();
            }
        }
    }
}
