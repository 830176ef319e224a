package org.okl.spark.exec;

import java.io.Serializable;
import java.util.UUID;
import org.okl.core.Model;

/**
 * An OKL model as what executors receive: the bytes of its model file ({@link Model#toBytes}), read once per JVM
 * ({@link #model}) with the JVM's plugins, so every task of every job on that executor shares one copy. Nothing is
 * written to disk on the driver or the executors (pods with a read-only root file system).
 */
public final class ModelBroadcast implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final ExecutorCache<Model> CACHE = new ExecutorCache<>(4);

    private final String id;
    private final byte[] bytes;

    private ModelBroadcast(byte[] bytes) {
        this.id = UUID.randomUUID().toString();
        this.bytes = bytes;
    }

    /** The model file bytes of a model. */
    public static ModelBroadcast of(Model model) {
        return new ModelBroadcast(model.toBytes());
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
        return CACHE.get(id, () -> read(bytes));
    }

    private static Model read(byte[] modelFile) {
        return Model.fromBytes(modelFile, "the model broadcast to this executor", ExecutorOkl.get());
    }
}
