package org.okl.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.core.Okl;
import org.okl.linalg.LinearAlgebras;

/**
 * Runs a benchmark: for every size n, the numpy peer first (when asked), then every n-following workload on every
 * back-end; then the structured workloads once per back-end. Each measurement prepares its data outside the clock
 * and reports the median of the timed repeats after the warm-up runs.
 */
public final class BenchRunner {
    private final BenchSettings settings;
    private final Function<LinearAlgebra, Okl> runtimes;
    private final Optional<PeerRunner> peer;
    private final PrintWriter progress;

    /**
     * @param settings what to measure
     * @param runtimes builds the OKL runtime bound to a back-end
     * @param peer     the numpy peer, or empty to run without it
     * @param progress where one line per measurement is printed
     */
    public BenchRunner(BenchSettings settings, Function<LinearAlgebra, Okl> runtimes, Optional<PeerRunner> peer,
            PrintWriter progress) {
        this.settings = settings;
        this.runtimes = runtimes;
        this.peer = peer;
        this.progress = progress;
    }

    /** Runs every measurement and returns the report. */
    public BenchReport run() {
        List<String> notes = new ArrayList<>();
        Map<String, LinearAlgebra> backends = backends(notes);
        Map<String, String> machine = MachineInfo.describe(backends);
        machine.put("load average at start (1, 5, 15 min)", MachineInfo.loadAverage());
        LowRankSettings lowRank = settings.lowRank();
        machine.put("settings", String.format(Locale.ROOT, "p = %d, d = %d (large-n workloads: p = %d, d = %d, rank %d, "
                + "%d folds, %d test rows, child heap %s), seed = %d, median of %d repeats after %d warm-up run(s)",
                settings.p(), settings.d(), LowRankSettings.P, LowRankSettings.D, lowRank.rank(), lowRank.folds(),
                lowRank.testRows(), lowRank.childHeap(), settings.seed(), settings.repeat(), settings.warmup()));
        Map<String, BenchEnvironment> environments = new LinkedHashMap<>();
        backends.forEach((name, la) -> environments.put(name, new BenchEnvironment(runtimes.apply(la),
                settings.p(), settings.d(), settings.seed(), settings.structured(), settings.lowRank())));
        List<BenchResult> results = new ArrayList<>();
        boolean peerUsable = peer.isPresent();
        if (peer.isEmpty()) {
            notes.add("numpy peer not run (use --peer for ratios)");
        }
        for (int n : settings.sizes()) {
            PeerTimings timings = null;
            Map<String, Workload.PeerRun> ownPeers = new LinkedHashMap<>();
            if (peer.isPresent()) {
                for (Workload w : settings.workloads()) {
                    if (w.scalesWithN() && w.hasOwnPeer()) {
                        ownPeer(w, environments, n, notes).ifPresent(r -> ownPeers.put(w.name(), r));
                    }
                }
            }
            if (peerUsable && settings.workloads().stream().anyMatch(w -> w.scalesWithN() && w.numpyPeer())) {
                try {
                    progress.printf("bench: numpy peer n=%d ...%n", n);
                    progress.flush();
                    timings = peer.get().run(n, settings.p(), settings.d());
                } catch (PeerRunner.PeerUnavailable e) {
                    notes.add(e.getMessage() + " (n = " + n + ")");
                    peerUsable = !e.getMessage().startsWith("no numpy peer");
                }
            }
            for (var e : environments.entrySet()) {
                for (Workload w : settings.workloads()) {
                    if (w.scalesWithN()) {
                        results.add(measure(w, e.getKey(), e.getValue(), n, timings, ownPeers.get(w.name())));
                    }
                }
            }
        }
        for (var e : environments.entrySet()) {
            for (Workload w : settings.workloads()) {
                if (!w.scalesWithN()) {
                    results.add(measure(w, e.getKey(), e.getValue(), 0, null, null));
                }
            }
        }
        if (settings.workloads().stream().anyMatch(w -> w.name().equals("vvmr")) && !environments.isEmpty()) {
            notes.add("vvmr data: " + ManifoldWorkload.source(environments.values().iterator().next().okl()));
        }
        machine.put("load average at end (1, 5, 15 min)", MachineInfo.loadAverage());
        return new BenchReport(machine, results, notes);
    }

    private Map<String, LinearAlgebra> backends(List<String> notes) {
        Map<String, LinearAlgebra> m = new LinkedHashMap<>();
        for (String name : settings.backends()) {
            if (name.equals("native")) {
                Optional<LinearAlgebra> nat = LinearAlgebras.nativeBackend();
                if (nat.isPresent()) {
                    m.put(name, nat.get());
                } else {
                    notes.add("native back-end not available (apt-get install libopenblas0-pthread): skipped");
                }
            } else {
                m.put(name, LinearAlgebras.java());
            }
        }
        return m;
    }

    private BenchResult measure(Workload w, String backend, BenchEnvironment environment, int n, PeerTimings peerRun,
            Workload.PeerRun ownPeer) {
        int size = w.size(environment, n);
        progress.printf("bench: %s n=%d %s ...", w.name(), size, backend);
        progress.flush();
        Map<String, Double> details = new LinkedHashMap<>();
        Timing timing = time(w, environment, n, details);
        progress.printf(" %s s%n", BenchReport.seconds(timing.median()));
        progress.flush();
        OptionalDouble numpy = peerRun == null ? OptionalDouble.empty() : w.numpySeconds(peerRun);
        OptionalDouble sklearn = peerRun == null ? OptionalDouble.empty() : w.sklearnSeconds(peerRun);
        if (ownPeer != null) {
            sklearn = OptionalDouble.of(ownPeer.seconds());
            ownPeer.details().forEach((k, v) -> details.put("sklearn." + k, v));
        }
        BenchResult result = new BenchResult(w.name(), size, backend, timing, numpy, sklearn, details);
        System.gc();
        return result;
    }

    /** Runs a workload's own peer, noting why when it cannot. */
    private Optional<Workload.PeerRun> ownPeer(Workload w, Map<String, BenchEnvironment> environments, int n,
            List<String> notes) {
        if (environments.isEmpty()) {
            return Optional.empty();
        }
        try {
            progress.printf("bench: %s peer n=%d ...%n", w.name(), n);
            progress.flush();
            return w.ownPeer(peer.orElseThrow(), environments.values().iterator().next(), n);
        } catch (PeerRunner.PeerUnavailable e) {
            notes.add(w.name() + ": " + e.getMessage() + " (n = " + n + ")");
            return Optional.empty();
        }
    }

    /**
     * Prepares and times a workload, and keeps what its last run measured besides time; its data become
     * unreachable on return (an n = 8000 Gram is 512 MB).
     */
    private Timing time(Workload w, BenchEnvironment environment, int n, Map<String, Double> details) {
        BenchTask task = w.prepare(environment, n);
        Timing timing = Timing.measure(settings.warmup(), settings.repeat(), task);
        details.putAll(task.details());
        return timing;
    }
}
