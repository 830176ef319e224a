package org.okl.experiments;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The grids of one experiment, fixed in a file before it runs: the resource {@code grids/<experiment>.grids} beside
 * this class lists every grid the experiment searches, one per line as {@code quick.name = v1, v2, ...} and
 * {@code full.name = ...} ({@code #} starts a comment). The experiment reads its grids from here and prints the file's
 * SHA-256 with its protocol, so a reader can check that the grids of a run are the ones committed before it. A
 * choice on the smallest or the largest value of a grid is a finding ({@link #edge}), reported with the verdict.
 */
public final class Grids {
    private final String file;
    private final String checksum;
    private final Map<String, List<Double>> values;

    private Grids(String file, String checksum, Map<String, List<Double>> values) {
        this.file = file;
        this.checksum = checksum;
        this.values = values;
    }

    /** The grids of an experiment, from its resource. */
    public static Grids of(String experiment) {
        String file = "grids/" + experiment + ".grids";
        try (InputStream in = Grids.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("no grid file " + file + " for experiment " + experiment);
            }
            return parse(file, in.readAllBytes());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses a grid file's bytes (UTF-8). */
    static Grids parse(String file, byte[] bytes) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash).strip();
            }
            if (line.isEmpty()) {
                continue;
            }
            int eq = line.indexOf('=');
            String where = file + " line " + (i + 1);
            if (eq <= 0) {
                throw new IllegalStateException(where + ": expected 'quick.name = v1, v2' or 'full.name = ...'");
            }
            String key = line.substring(0, eq).strip();
            if (!key.startsWith("quick.") && !key.startsWith("full.")) {
                throw new IllegalStateException(where + ": key '" + key + "' must start with quick. or full.");
            }
            List<Double> grid = new ArrayList<>();
            for (String v : line.substring(eq + 1).split(",")) {
                try {
                    grid.add(Double.parseDouble(v.strip()));
                } catch (NumberFormatException e) {
                    throw new IllegalStateException(where + ": '" + v.strip() + "' is not a number", e);
                }
            }
            if (values.put(key, List.copyOf(grid)) != null) {
                throw new IllegalStateException(where + ": key '" + key + "' given twice");
            }
        }
        return new Grids(file, sha256(bytes), values);
    }

    /** A grid of the quick or the full protocol. */
    public List<Double> get(String name, boolean quick) {
        String key = (quick ? "quick." : "full.") + name;
        List<Double> v = values.get(key);
        if (v == null) {
            throw new IllegalStateException(file + " has no grid '" + key + "'");
        }
        return v;
    }

    /** A grid as the pipelines' selection grids take it (values as objects). */
    public List<Object> objects(String name, boolean quick) {
        return List.copyOf(get(name, quick));
    }

    /** A grid of whole numbers (sizes, ranks). */
    public List<Integer> integers(String name, boolean quick) {
        List<Integer> out = new ArrayList<>();
        for (double v : get(name, quick)) {
            if (v != Math.rint(v)) {
                throw new IllegalStateException(file + ": grid '" + name + "' needs whole numbers, got " + v);
            }
            out.add((int) v);
        }
        return List.copyOf(out);
    }

    /** The file's SHA-256, hexadecimal. */
    public String checksum() {
        return checksum;
    }

    /** For the protocol text: where the grids were fixed and the file's checksum. */
    public String describe() {
        return "grids fixed before the run in " + file + " (SHA-256 " + checksum.substring(0, 16) + "…)";
    }

    /**
     * A finding when {@code chosen} sits on the smallest or the largest value of {@code grid} (of two or more values):
     * the best value may lie beyond the grid. Empty otherwise.
     */
    public static Optional<String> edge(String what, List<Double> grid, double chosen) {
        if (grid.size() < 2) {
            return Optional.empty();
        }
        double min = grid.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = grid.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        String side = chosen == min ? "smallest" : chosen == max ? "largest" : null;
        return side == null ? Optional.empty() : Optional.of(String.format(Locale.ROOT,
                "%s = %s is the %s value of its grid %s: the best value may lie beyond it", what, compact(chosen),
                side, grid.stream().map(Grids::compact).toList()));
    }

    /**
     * The edge findings of one model's choice: for every searched key (name to grid), the chosen value on an edge of
     * its grid, or beyond it (core's search looks past a numeric edge on its own and says so in its note).
     */
    public static List<String> findings(String model, Map<String, Object> chosen, Map<String, List<Double>> grids) {
        List<String> out = new ArrayList<>();
        grids.forEach((key, grid) -> {
            if (chosen.get(key) instanceof Number v && !grid.isEmpty()) {
                String name = model + " " + key.substring(key.indexOf('.') + 1);
                double x = v.doubleValue();
                double min = grid.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
                double max = grid.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
                if (x < min || x > max) {
                    out.add(name + " = " + compact(x) + " lies beyond its grid " + grid.stream().map(Grids::compact)
                            .toList() + " (the search looked past the edge)");
                } else {
                    edge(name, grid, x).ifPresent(out::add);
                }
            }
        });
        return out;
    }

    private static String compact(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e6 ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
