package org.okl.arrow;

import java.util.Collection;
import java.util.List;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.data.TableReader;
import org.okl.api.plugin.OklPlugin;
import org.okl.arrow.io.ArrowTableReader;

/**
 * The built-in plugin {@code okl-arrow}: reads Apache Arrow IPC files ({@code .arrow}, Feather v2's
 * {@code .feather}) and streams ({@code .arrows}), and writes predictions in them.
 */
public final class ArrowPlugin implements OklPlugin {

    @Override
    public String name() {
        return "okl-arrow";
    }

    @Override
    public String version() {
        String v = ArrowPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }

    @Override
    public Collection<ComponentFactory<TableReader>> readers() {
        ArrowTableReader file = new ArrowTableReader(false);
        ArrowTableReader stream = new ArrowTableReader(true);
        return List.of(
                SimpleComponentFactory.of("arrow", TableReader.class, "Apache Arrow IPC files and Feather v2: "
                        + "double, float, integer and boolean columns, text for one-hot, LZ4/Zstandard; a null is a "
                        + "missing value (.arrow, .feather)", List.of(), (p, c) -> file),
                SimpleComponentFactory.of("arrow-stream", TableReader.class, "Apache Arrow IPC streams, as the "
                        + "arrow reader (.arrows)", List.of(), (p, c) -> stream));
    }
}
