package org.okl.spark.exec;

import java.io.Serializable;
import java.util.UUID;
import org.okl.core.Model;

/**
 * An OKL model as what executors receive: the bytes of its model file ({@link Model#toBytes}), read once per JVM
 * ({@link #model}) with the JVM's class-path plugins and the driver's folder plugins it names ({@link ShippedPlugins}),
 * so every task of every job on that executor shares one copy. Nothing is written to disk on the driver or the
 * executors (pods with a read-only root file system).
 */
public final class ModelBroadcast implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final ExecutorCache<Model> CACHE = new ExecutorCache<>(4);

    private final String id;
    private final byte[] bytes;
    private final ShippedPlugins plugins;

    private ModelBroadcast(byte[] bytes, ShippedPlugins plugins) {
        this.id = UUID.randomUUID().toString();
        this.bytes = bytes;
        this.plugins = plugins;
    }

    /** The model file bytes of a model whose components come from the class path. */
    public static ModelBroadcast of(Model model) {
        return of(model, ShippedPlugins.NONE);
    }

    /** The model file bytes of a model, read on the executors with the given folder plugins. */
    public static ModelBroadcast of(Model model, ShippedPlugins plugins) {
        return new ModelBroadcast(model.toBytes(), plugins);
    }

    /** Model file bytes as written by {@code okl fit}, read with the given folder plugins. */
    public static ModelBroadcast ofBytes(byte[] modelFile, ShippedPlugins plugins) {
        return new ModelBroadcast(modelFile.clone(), plugins);
    }

    /** The model file's bytes (not a copy). */
    public byte[] bytes() {
        return bytes;
    }

    /** The model, read on first use in this JVM. */
    public Model model() {
        return CACHE.get(id, () -> Model.fromBytes(bytes, "the model broadcast to this executor",
                ExecutorOkl.get(plugins)));
    }
}
