package org.okl.spark.exec;

import java.io.Serializable;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.okl.core.Model;

/**
 * An OKL model as what executors receive: the bytes of its model file ({@link Model#toBytes}), read once per JVM
 * ({@link #model}) with the JVM's plugins, so every task of every job on that executor shares one copy. Nothing is
 * written to disk on the driver or the executors (pods with a read-only root file system).
 */
public final class ModelBroadcast implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final int CACHED = 4;
    private static final Map<String, Model> CACHE = new ConcurrentHashMap<>();

    private final String id;
    private final byte[] bytes;

    private ModelBroadcast(byte[] bytes) {
        this.id = UUID.randomUUID().toString();
        this.bytes = bytes;
    }

    /** The model file bytes of a model. */
    public static ModelBroadcast of(Model model) {
        return new ModelBroadcast(bytes(model));
    }

    /** Model file bytes as written by {@code okl fit}. */
    public static ModelBroadcast ofBytes(byte[] modelFile) {
        return new ModelBroadcast(modelFile.clone());
    }

    /** The model file's bytes (not a copy). */
    public byte[] bytes() {
        return bytes;
    }

    /** The model, read on first use in this JVM. */
    public Model model() {
        Model m = CACHE.get(id);
        if (m != null) {
            return m;
        }
        synchronized (CACHE) {
            if (CACHE.size() >= CACHED && !CACHE.containsKey(id)) {
                CACHE.clear();
            }
        }
        // once per executor: the tasks that start together wait for the first one's model
        return CACHE.computeIfAbsent(id, key -> read(bytes));
    }

    /** Writes a model to its file format in memory (no file is written: executors and drivers may be read-only). */
    public static byte[] bytes(Model model) {
        return model.toBytes();
    }

    private static Model read(byte[] modelFile) {
        return Model.fromBytes(modelFile, "the model broadcast to this executor", ExecutorOkl.get());
    }
}
