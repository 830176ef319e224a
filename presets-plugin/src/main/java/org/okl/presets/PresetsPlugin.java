package org.okl.presets;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.plugin.PipelineTemplate;

/**
 * The built-in plugin {@code okl-presets}: the named pipelines a pipeline file starts from with {@code {"preset":
 * NAME, ...}}, held as JSON resources of this module ({@code org/okl/presets/NAME.json}, listed with their
 * descriptions in {@code org/okl/presets/presets.tsv}) rather than as strings in Java: the pipelines of the seed
 * papers ({@code iokr}, {@code kde-covariance}, {@code vvmr}, ...) and those {@code {"preset": "auto"}} starts from,
 * one per task ({@code auto-regression}, {@code auto-multi-label}, {@code auto-binary}, {@code auto-multi-class},
 * {@code auto-multi-task}, {@code auto-structured}) and {@code auto-large}, whose approximation every task's takes on
 * many rows. The module's README says where each setting comes from.
 */
public final class PresetsPlugin implements OklPlugin {
    private static final String FOLDER = "/org/okl/presets/";
    private static final String INDEX = "presets.tsv";

    /** The plugin, as {@link java.util.ServiceLoader} creates it. */
    public PresetsPlugin() {
    }

    @Override
    public String name() {
        return "okl-presets";
    }

    @Override
    public String version() {
        String v = PresetsPlugin.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }

    @Override
    public Collection<PipelineTemplate> pipelines() {
        return Holder.ALL;
    }

    /** The templates, read once from the resources, in the index's order. */
    private static final class Holder {
        static final List<PipelineTemplate> ALL = load();
    }

    private static List<PipelineTemplate> load() {
        List<PipelineTemplate> all = new ArrayList<>();
        for (String line : read(INDEX).split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int tab = line.indexOf('\t');
            if (tab < 0) {
                throw new IllegalStateException(FOLDER + INDEX + ": no tab in '" + line + "'");
            }
            String id = line.substring(0, tab);
            all.add(new PipelineTemplate(id, line.substring(tab + 1), read(id + ".json")));
        }
        return List.copyOf(all);
    }

    private static String read(String name) {
        try (InputStream in = PresetsPlugin.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                throw new IllegalStateException("the resource " + FOLDER + name + " is missing from okl-presets");
            }
            StringBuilder text = new StringBuilder();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                char[] buffer = new char[8192];
                for (int n; (n = r.read(buffer)) > 0; ) {
                    text.append(buffer, 0, n);
                }
            }
            return text.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + FOLDER + name + " of okl-presets", e);
        }
    }
}
