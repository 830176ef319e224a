package org.okl.parquet;

import java.util.Collection;
import java.util.List;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.data.TableReader;
import org.okl.api.plugin.OklPlugin;
import org.okl.parquet.io.ParquetReader;

/** The built-in plugin {@code okl-parquet}: reads Apache Parquet files (a {@code .parquet} suffix). */
public final class ParquetPlugin implements OklPlugin {

    @Override
    public String name() {
        return "okl-parquet";
    }

    @Override
    public String version() {
        String v = ParquetPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }

    @Override
    public Collection<ComponentFactory<TableReader>> readers() {
        ParquetReader reader = new ParquetReader();
        return List.of(SimpleComponentFactory.of("parquet", TableReader.class, "Apache Parquet: double, float, "
                + "integer and boolean columns, Snappy/Zstandard/gzip; a null is a missing value (.parquet)",
                List.of(), (p, c) -> reader));
    }
}
