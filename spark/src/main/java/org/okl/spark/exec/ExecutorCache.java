package org.okl.spark.exec;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What an executor JVM keeps per job, by the job's id (a broadcast model, a sketch's rebuilt features): built once,
 * the tasks that ask for it while it is being built waiting for that build; at most a few jobs' worth, the oldest
 * dropped together when a new one comes and the cache is full.
 *
 * @param <V> what is kept
 */
final class ExecutorCache<V> {
    private final int capacity;
    private final Map<String, V> values = new ConcurrentHashMap<>();

    /** @param capacity the most jobs kept */
    ExecutorCache(int capacity) {
        this.capacity = capacity;
    }

    /** The value of a job, built by {@code build} on first use in this JVM. */
    V get(String id, Supplier<V> build) {
        V v = values.get(id);
        if (v != null) {
            return v;
        }
        synchronized (values) {
            if (values.size() >= capacity && !values.containsKey(id)) {
                values.clear();
            }
        }
        return values.computeIfAbsent(id, key -> build.get());
    }
}
