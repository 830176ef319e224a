package org.okl.gpu;

import org.okl.api.plugin.OklPlugin;

/**
 * {@code okl-gpu}: no components of its own, but listed by {@code okl plugins} with the other plugins; the device
 * itself is found through {@link GpuDeviceProvider}, and {@code okl plugins} says whether it is in use or why not.
 */
public final class GpuPlugin implements OklPlugin {

    @Override
    public String name() {
        return "okl-gpu";
    }

    @Override
    public String version() {
        String v = GpuPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "unspecified" : v;
    }
}
