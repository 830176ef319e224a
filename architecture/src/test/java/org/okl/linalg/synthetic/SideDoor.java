package org.okl.linalg.synthetic;

import java.util.ServiceLoader;

/** A class outside the plugin loader that finds implementations itself: a side door beside {@code OklPlugin}. */
public final class SideDoor {
    private SideDoor() {
    }

    /** Finds the providers of a service on its own. */
    public static long providers() {
        return ServiceLoader.load(Runnable.class).stream().count();
    }
}
