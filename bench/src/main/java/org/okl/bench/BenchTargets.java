package org.okl.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The speed targets of the issues, checked on every matching row of a run: Gaussian Gram within 1.5x of numpy,
 * Tikhonov path and nu-method no slower than numpy, the Tikhonov path at least 5x faster than scikit-learn's 30
 * refits, the pure-Java Tikhonov path within 8x of native, USPS decoding under 2 s and OEL training under 10 s on the
 * native back-end.
 */
public final class BenchTargets {
    /** The back-end the absolute and numpy targets apply to. */
    static final String NATIVE = "native";

    private BenchTargets() {
    }

    /** The checks that apply to the results (targets without a matching measurement are left out). */
    public static List<TargetCheck> evaluate(List<BenchResult> results) {
        List<TargetCheck> out = new ArrayList<>();
        for (BenchResult r : results) {
            if (!r.backend().equals(NATIVE)) {
                continue;
            }
            String at = r.workload() + " n=" + r.n() + " native";
            switch (r.workload()) {
                case "gram" -> r.numpyRatio().ifPresent(x -> out.add(ratio(at + " <= 1.5x numpy", x, 1.5)));
                case "tik_path" -> {
                    r.numpyRatio().ifPresent(x -> out.add(ratio(at + " <= 1.0x numpy", x, 1.0)));
                    r.sklearnSpeedup().ifPresent(x -> out.add(new TargetCheck(at + " >= 5x faster than sk_grid",
                            format("%.1fx faster", x), x >= 5.0)));
                    javaOverNative(results, r).ifPresent(x -> out.add(ratio("tik_path n=" + r.n()
                            + " java <= 8x native", x, 8.0)));
                }
                case "nu_method" -> r.numpyRatio().ifPresent(x -> out.add(ratio(at + " <= 1.0x numpy", x, 1.0)));
                case "usps_decode" -> out.add(seconds(at + " < 2 s", r.seconds(), 2.0));
                case "oel_train" -> out.add(seconds(at + " < 10 s", r.seconds(), 10.0));
                default -> {
                }
            }
        }
        return out;
    }

    /** The java back-end's median over the native one for the same workload and size, if both ran. */
    static Optional<Double> javaOverNative(List<BenchResult> results, BenchResult row) {
        Optional<BenchResult> nat = find(results, row.workload(), row.n(), NATIVE);
        Optional<BenchResult> java = find(results, row.workload(), row.n(), "java");
        return nat.isPresent() && java.isPresent() && nat.get().seconds() > 0
                ? Optional.of(java.get().seconds() / nat.get().seconds()) : Optional.empty();
    }

    private static Optional<BenchResult> find(List<BenchResult> results, String workload, int n, String backend) {
        return results.stream().filter(r -> r.workload().equals(workload) && r.n() == n
                && r.backend().equals(backend)).findFirst();
    }

    private static TargetCheck ratio(String target, double value, double bound) {
        return new TargetCheck(target, format("%.2fx", value), value <= bound);
    }

    private static TargetCheck seconds(String target, double value, double bound) {
        return new TargetCheck(target, format("%.3f s", value), value < bound);
    }

    private static String format(String pattern, double value) {
        return String.format(Locale.ROOT, pattern, value);
    }
}
