package org.okl.gpu;

import java.util.Collection;
import java.util.List;
import org.okl.api.execution.ExecutionBackEnd;
import org.okl.api.plugin.OklPlugin;

/**
 * {@code okl-gpu}: no components of its own; it offers the GPU as an execution back-end ({@link GpuBackEnd}), which
 * each runtime opens when it first needs a device, and {@code okl plugins} says whether it is in use or why not.
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

    @Override
    public Collection<ExecutionBackEnd> executionBackEnds() {
        return List.of(new GpuBackEnd());
    }
}
