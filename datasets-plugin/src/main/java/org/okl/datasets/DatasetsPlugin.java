package org.okl.datasets;

import java.util.Collection;
import java.util.List;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.TableReader;
import org.okl.api.plugin.OklPlugin;
import org.okl.datasets.io.ArffReader;
import org.okl.datasets.io.CsvReader;
import org.okl.datasets.io.EslReader;
import org.okl.datasets.io.IdxReader;
import org.okl.datasets.io.LibsvmReader;
import org.okl.datasets.source.DatasetCatalog;

/**
 * The built-in plugin {@code okl-datasets}: file readers and data sets (bundled, data directory, generated); the
 * metrics are {@code okl-metrics}'.
 */
public final class DatasetsPlugin implements OklPlugin {

    @Override
    public String name() {
        return "okl-datasets";
    }

    @Override
    public String version() {
        String v = DatasetsPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }

    @Override
    public Collection<ComponentFactory<TableReader>> readers() {
        return List.of(
                reader("csv", "comma/tab/semicolon/blank-separated text, optional header; empty field = missing",
                        new CsvReader()),
                reader("arff", "Weka ARFF, dense or sparse; Mulan label XML or MEKA -C marks the outputs; ? = missing",
                        new ArffReader()),
                reader("libsvm", "LIBSVM multi-label 'l1,l2 index:value ...'; labels become 0/1 output columns",
                        new LibsvmReader()),
                reader("esl", "ESL text as USPS zip.train/zip.test: label then values per line", new EslReader()),
                reader("idx", "MNIST IDX binary (images, with the sibling labels file as output)",
                        new IdxReader()));
    }

    @Override
    public Collection<ComponentFactory<DatasetSource>> datasets() {
        return DatasetCatalog.factories();
    }

    private static ComponentFactory<TableReader> reader(String id, String description, TableReader reader) {
        return SimpleComponentFactory.of(id, TableReader.class, description + " (" + String.join(", ",
                reader.suffixes()) + ", each also .gz)", List.of(), (p, c) -> reader);
    }
}
