package org.okl.experiments;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;

/**
 * The registry of the evaluation sets of one experiment run, owned by its {@link ExperimentContext} (not JVM-wide):
 * it is the only way to get a {@link HeldOut}, and it remembers every set it has scored by the SHA-256 checksum of
 * its content (inputs, outputs and tasks, not its name or object). A second scoring of a set with the same content is
 * refused whatever object asks for it, so a fresh copy of a test set cannot re-score it. It is also the one place
 * that reads a data set's shipped test split: {@link #split} gives the training split and the test set sealed, and
 * experiments never call {@link Dataset#test()} themselves (an architecture rule in the tests checks this).
 */
public final class TestSeal {
    private final Map<String, String> scored = new LinkedHashMap<>();

    /** A data set cut into its training split, free to use, and its shipped test split, sealed. */
    public record Sealed(String name, Dataset.Task task, Dataset.Split train, HeldOut test) {
    }

    /** Cuts a data set that ships a test split into its training split and the sealed test set. */
    public Sealed split(Dataset data) {
        Dataset.Split test = data.test().orElseThrow(
                () -> new IllegalStateException(data.name() + " has no test split"));
        return new Sealed(data.name(), data.task(), data.train(),
                new HeldOut(this, data.name() + " test set", test.inputs(), test.outputs(), test.groups()));
    }

    /**
     * All labelled rows of a data set, its shipped test split (if any) after its training split, for a protocol that
     * cross-validates over the whole set (the accuracy benchmark's folds): each fold's evaluation rows are then
     * sealed with {@link #of(String, Dataset.Split, int[])} before any model of the fold is fitted, and scored once.
     */
    public Dataset.Split pooled(Dataset data) {
        Dataset.Split train = data.train();
        return data.test().map(t -> new Dataset.Split(train.inputs().stackRows(t.inputs()),
                train.outputs().stackRows(t.outputs()), train.groups().flatMap(g -> t.groups().map(h -> {
                    int[] all = java.util.Arrays.copyOf(g, g.length + h.length);
                    System.arraycopy(h, 0, all, g.length, h.length);
                    return all;
                })))).orElse(train);
    }

    /** Whether a data set ships a test split (to seal with {@link #split}). */
    public static boolean shipsTest(Dataset data) {
        return data.test().isPresent();
    }

    /** Seals an evaluation set given as inputs and outputs (drawn from labelled data by the protocol). */
    public HeldOut of(String name, Matrix inputs, Matrix outputs) {
        return new HeldOut(this, name, inputs, outputs, Optional.empty());
    }

    /** Seals the given rows of a split (with their tasks, for multi-task data). */
    public HeldOut of(String name, Dataset.Split split, int[] rows) {
        return new HeldOut(this, name, split.inputs().selectRows(rows), split.outputs().selectRows(rows),
                split.groups().map(g -> pick(g, rows)));
    }

    /** Seals a whole split drawn by the protocol (with its tasks). */
    public HeldOut of(String name, Dataset.Split split) {
        return new HeldOut(this, name, split.inputs(), split.outputs(), split.groups());
    }

    /** How many distinct evaluation sets this run has scored. */
    public synchronized int scoredSets() {
        return scored.size();
    }

    /**
     * Records the scoring of a set with this content.
     *
     * @throws HeldOut.SealedOutputsException when a set with the same content was scored already in this run
     */
    synchronized void claim(String checksum, String name) {
        String before = scored.putIfAbsent(checksum, name);
        if (before != null) {
            throw new HeldOut.SealedOutputsException(name + " was scored already"
                    + (before.equals(name) ? "" : " (as " + before + ", the same content)")
                    + ": an evaluation set is scored once per experiment run, after every choice is made");
        }
    }

    static int[] pick(int[] values, int[] rows) {
        int[] out = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[i] = values[rows[i]];
        }
        return out;
    }

    /** The SHA-256 of a set's content: shapes, then every value column by column, then the tasks. */
    static String checksum(Matrix inputs, Matrix outputs, Optional<int[]> tasks) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Matrix m : new Matrix[] {inputs, outputs}) {
                ByteBuffer b = ByteBuffer.allocate(8 + 8 * 1024);
                b.putInt(m.rows()).putInt(m.cols());
                for (int j = 0; j < m.cols(); j++) {
                    for (int i = 0; i < m.rows(); i++) {
                        if (b.remaining() < 8) {
                            md.update(b.array(), 0, b.position());
                            b.clear();
                        }
                        b.putDouble(m.get(i, j));
                    }
                }
                md.update(b.array(), 0, b.position());
            }
            tasks.ifPresent(t -> {
                ByteBuffer b = ByteBuffer.allocate(4 * t.length + 4);
                b.putInt(t.length);
                for (int v : t) {
                    b.putInt(v);
                }
                md.update(b.array());
            });
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
