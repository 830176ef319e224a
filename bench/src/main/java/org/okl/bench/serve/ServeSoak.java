package org.okl.bench.serve;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;

/**
 * {@code okl bench --serve --soak SECONDS}: the real {@code okl serve} process under {@code clients} closed-loop
 * clients for the given time, a reload every {@code reloadSeconds} (the served file replaced atomically by the other
 * of two models, then {@code POST .../reload}), and a malformed request in every 100 (bad JSON, a wrong column
 * count, text, NaN, in turn). It counts well-formed requests that failed (must be 0) and malformed ones not answered
 * with a 4xx (must be 0), and samples the server's resident memory (VmRSS of /proc/PID/status) every second.
 */
public final class ServeSoak {
    /** Malformed bodies for p inputs, in turn: bad JSON, a wrong column count, text, NaN; each must get a 4xx. */
    static List<String> malformed(int p) {
        String ones = ", 1".repeat(p - 1);
        return List.of("[[1, 2", "[[1" + ", 1".repeat(p) + "]]", "[[\"text\"" + ones + "]]", "[[NaN" + ones + "]]");
    }

    /**
     * What a soak measured.
     *
     * @param seconds           how long the load ran
     * @param wellFormed        well-formed requests sent
     * @param failed            well-formed requests not answered 200
     * @param malformed         malformed requests sent
     * @param malformedNot4xx   malformed requests not answered with a 4xx
     * @param reloads           reloads sent
     * @param reloadsFailed     reloads not answered 200
     * @param rssAfterWarmUpKb  the server's resident memory after the warm-up (the first quarter, at most 30 s)
     * @param rssEndKb          at the end
     * @param rssMaxKb          the largest sample
     * @param rssQuartersKb     the samples at a quarter, half and three quarters of the time
     * @param p50               the median latency of well-formed requests, seconds
     * @param p99               their 99th percentile
     * @param sample            the first failures' descriptions
     */
    public record Result(double seconds, int wellFormed, int failed, int malformed, int malformedNot4xx, int reloads,
            int reloadsFailed, long rssAfterWarmUpKb, long rssEndKb, long rssMaxKb, List<Long> rssQuartersKb,
            double p50, double p99, List<String> sample) {

        /** The report, Markdown. */
        public String markdown() {
            return String.format(Locale.ROOT, "| measure | value |%n|---|---:|%n| seconds | %.0f |%n"
                    + "| well-formed requests | %d |%n| failed well-formed requests | %d |%n"
                    + "| malformed requests | %d |%n"
                    + "| malformed not answered 4xx | %d |%n| reloads (failed) | %d (%d) |%n"
                    + "| latency p50 / p99 (ms) | %.2f / %.2f |%n| server VmRSS after warm-up (MiB) | %.1f |%n"
                    + "| server VmRSS at 1/4, 1/2, 3/4 of the time (MiB) | %s |%n"
                    + "| server VmRSS at end (MiB) | %.1f |%n| server VmRSS max (MiB) | %.1f |%n", seconds, wellFormed,
                    failed, malformed, malformedNot4xx, reloads, reloadsFailed, p50 * 1e3, p99 * 1e3,
                    rssAfterWarmUpKb / 1024.0, String.join(", ", rssQuartersKb.stream().map(k -> String.format(
                            Locale.ROOT, "%.1f", k / 1024.0)).toList()), rssEndKb / 1024.0, rssMaxKb / 1024.0)
                    + (sample.isEmpty() ? "" : "\nFailures, for example: " + sample + "\n");
        }
    }

    private final ServeBenchSettings settings;
    private final Okl okl;
    private final PrintWriter progress;
    private final List<String> serverOptions;

    /** A soak on the settings' Nystrom model (and a second fit of it with another lambda, for the reloads). */
    public ServeSoak(ServeBenchSettings settings, Okl okl, PrintWriter progress) {
        this(settings, okl, progress, List.of());
    }

    /** The same with JVM options for the server process (for example {@code -Xmx1g}). */
    public ServeSoak(ServeBenchSettings settings, Okl okl, PrintWriter progress, List<String> serverOptions) {
        this.settings = settings;
        this.okl = okl;
        this.progress = progress;
        this.serverOptions = List.copyOf(serverOptions);
    }

    /** Runs the soak for {@code seconds} at {@code clients} clients, reloading every {@code reloadSeconds}. */
    public Result run(double seconds, int clients, double reloadSeconds) {
        Path folder;
        try {
            folder = Files.createTempDirectory("okl-serve-soak");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path models = settings.modelFolder().orElse(folder);
        int p = settings.inputs();
        ServeModels.model(okl, models, "nystrom", settings.nystromRows(), p, settings.outputs(), settings.rank(), 1e-3,
                settings.seed());
        ServeModels.model(okl, models, "nystrom-reload", settings.nystromRows(), p, settings.outputs(),
                settings.rank(), 1e-2, settings.seed());
        Path[] versions = {models.resolve("nystrom.okl"), models.resolve("nystrom-reload.okl")};
        Path served = folder.resolve("soak.okl");
        Process server = null;
        try {
            Files.copy(versions[0], served, StandardCopyOption.REPLACE_EXISTING);
            Path log = folder.resolve("serve.log");
            server = new ProcessBuilder(JavaProcess.okl(serverOptions, List.of("serve", "--model", served.toString(),
                    "--port", "0", "--queue-rows", "1000000"))).redirectError(log.toFile()).start();
            URI uri = awaitUri(server, log);
            progress.println("okl bench --serve --soak: okl serve (pid " + server.pid() + ") on " + uri);
            progress.flush();
            return load(server, uri, served, versions, seconds, clients, reloadSeconds);
        } catch (IOException e) {
            throw new UncheckedIOException("the soak: " + e.getMessage(), e);
        } finally {
            if (server != null) {
                server.destroy();
                try {
                    if (!server.waitFor(60, TimeUnit.SECONDS)) {
                        server.destroyForcibly();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    server.destroyForcibly();
                }
            }
            ServeBench.deleteTree(folder);
        }
    }

    private static URI awaitUri(Process server, Path log) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        String line;
        try {
            line = CompletableFuture.supplyAsync(() -> {
                try {
                    return out.readLine();
                } catch (IOException e) {
                    return null;
                }
            }).get(300, TimeUnit.SECONDS);
        } catch (Exception e) {
            line = null;
        }
        if (line == null || !line.startsWith("http://")) {
            throw new IllegalStateException("okl serve did not start: " + Files.readString(log));
        }
        return URI.create(line.trim());
    }

    private Result load(Process server, URI uri, Path served, Path[] versions, double seconds, int clients,
            double reloadSeconds) throws IOException {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).executor(Executors.newCachedThreadPool(r -> {
                    Thread t = new Thread(r, "okl-soak-http");
                    t.setDaemon(true);
                    return t;
                })).build();
        List<byte[]> bodies = new ArrayList<>();
        for (int k = 0; k < 16; k++) {
            Matrix x = ServeModels.inputs(1 + (k % 4 == 3 ? 15 : 0), settings.inputs(), settings.seed() + 50 + k);
            StringBuilder b = new StringBuilder("[");
            for (int i = 0; i < x.rows(); i++) {
                b.append(i == 0 ? "[" : ",[");
                for (int j = 0; j < x.cols(); j++) {
                    b.append(j == 0 ? "" : ",").append(x.get(i, j));
                }
                b.append(']');
            }
            bodies.add(b.append(']').toString().getBytes(StandardCharsets.UTF_8));
        }
        URI predict = uri.resolve("v1/models/soak/predict");
        URI reload = uri.resolve("v1/models/soak/reload");
        List<String> bad = malformed(settings.inputs());
        AtomicInteger malformed = new AtomicInteger();
        AtomicInteger malformedNot4xx = new AtomicInteger();
        AtomicInteger reloads = new AtomicInteger();
        AtomicInteger reloadsFailed = new AtomicInteger();
        List<String> sample = Collections.synchronizedList(new ArrayList<>());
        List<long[]> rss = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean running = new AtomicBoolean(true);
        long start = System.nanoTime();
        Thread sampler = new Thread(() -> {
            while (running.get()) {
                long kb = residentKb(server.pid());
                if (kb > 0) {
                    rss.add(new long[] {System.nanoTime() - start, kb});
                }
                sleep(1000);
            }
        }, "okl-soak-rss");
        Thread reloader = new Thread(() -> {
            int next = 1;
            long interval = (long) (reloadSeconds * 1000);
            while (sleepWhile(running, interval)) {
                try {
                    Path staged = served.resolveSibling(".staged.okl");
                    Files.copy(versions[next], staged, StandardCopyOption.REPLACE_EXISTING);
                    Files.move(staged, served, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    next = 1 - next;
                    reloads.incrementAndGet();
                    HttpResponse<String> r = client.send(HttpRequest.newBuilder(reload)
                            .timeout(Duration.ofSeconds(120)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (r.statusCode() != 200) {
                        reloadsFailed.incrementAndGet();
                        sample.add("reload: " + r.statusCode() + " " + r.body());
                    }
                } catch (IOException | InterruptedException e) {
                    reloadsFailed.incrementAndGet();
                    sample.add("reload: " + e);
                }
            }
        }, "okl-soak-reload");
        sampler.setDaemon(true);
        reloader.setDaemon(true);
        sampler.start();
        reloader.start();
        ClosedLoop.Outcome o;
        try {
            o = ClosedLoop.run(clients, Integer.MAX_VALUE, seconds, 1, i -> {
                boolean isBad = i % 100 == 99;
                byte[] body = isBad ? bad.get((i / 100) % bad.size()).getBytes(StandardCharsets.UTF_8)
                        : bodies.get(i % bodies.size());
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(predict).timeout(Duration.ofSeconds(120))
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(), HttpResponse.BodyHandlers.ofString());
                if (isBad) {
                    malformed.incrementAndGet();
                    if (r.statusCode() < 400 || r.statusCode() >= 500) {
                        malformedNot4xx.incrementAndGet();
                        sample.add("malformed request " + i + ": " + r.statusCode() + " " + r.body());
                    }
                    return true;
                }
                boolean ok = r.statusCode() == 200 && r.body().contains("\"predictions\"");
                if (!ok && sample.size() < 5) {
                    sample.add("request " + i + ": " + r.statusCode() + " " + r.body());
                }
                return ok;
            });
        } finally {
            running.set(false);
        }
        try {
            reloader.join(130_000);
            sampler.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long end = residentKb(server.pid());
        double warmUp = Math.min(30, seconds / 4) * 1e9;
        long afterWarmUp = 0;
        long max = end;
        long[] quarters = new long[3];
        synchronized (rss) {
            for (long[] s : rss) {
                if (afterWarmUp == 0 && s[0] >= warmUp) {
                    afterWarmUp = s[1];
                }
                for (int k = 0; k < 3; k++) {
                    if (quarters[k] == 0 && s[0] >= (k + 1) * seconds / 4 * 1e9) {
                        quarters[k] = s[1];
                    }
                }
                max = Math.max(max, s[1]);
            }
        }
        int sent = o.failures() + o.latencies().length;
        List<String> all = new ArrayList<>(sample);
        all.addAll(o.sample());
        return new Result(o.seconds(), sent - malformed.get(), o.failures(), malformed.get(), malformedNot4xx.get(),
                reloads.get(), reloadsFailed.get(), afterWarmUp, end, max, List.of(quarters[0], quarters[1],
                        quarters[2]), o.quantile(0.5), o.quantile(0.99),
                List.copyOf(all.subList(0, Math.min(5, all.size()))));
    }

    /** VmRSS of a process in kB, or 0 when it cannot be read (not Linux, the process gone). */
    static long residentKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Sleeps {@code millis} in short steps; false when {@code running} turned false meanwhile. */
    private static boolean sleepWhile(AtomicBoolean running, long millis) {
        long end = System.currentTimeMillis() + millis;
        while (running.get() && System.currentTimeMillis() < end) {
            try {
                Thread.sleep(Math.min(100, Math.max(1, end - System.currentTimeMillis())));
            } catch (InterruptedException e) {
                return false;
            }
        }
        return running.get();
    }
}
