package org.okl.core.data;

import java.net.URI;
import java.util.Optional;

/**
 * Where data set downloads really come from: their canonical public addresses, or a mirror that holds the same
 * files under {@code <mirror>/<host>/<path>} (so {@code https://raw.githubusercontent.com/a/b/c.arff} is fetched from
 * {@code <mirror>/raw.githubusercontent.com/a/b/c.arff}). A mirror is set with the system property
 * {@value #PROPERTY} or the environment variable {@value #ENV}: an institute's copy behind a firewall, or a local
 * server in tests. The checksums are the same either way.
 *
 * @param base the mirror's base address, ending with {@code /}; empty for the canonical addresses
 */
public record DataMirror(Optional<URI> base) {
    /** The system property naming a mirror. */
    public static final String PROPERTY = "okl.data.mirror";
    /** The environment variable naming a mirror (the system property wins). */
    public static final String ENV = "OKL_DATA_MIRROR";

    /** The canonical addresses, no mirror. */
    public static final DataMirror NONE = new DataMirror(Optional.empty());

    /** Normalises the base to end with {@code /}. */
    public DataMirror {
        base = base.map(b -> b.toString().endsWith("/") ? b : URI.create(b + "/"));
    }

    /** A mirror at {@code base}. */
    public static DataMirror at(String base) {
        URI uri = URI.create(base.strip());
        if (!uri.isAbsolute() || uri.getHost() == null) {
            throw new IllegalArgumentException("a data mirror is an absolute http(s) address, got '" + base + "'");
        }
        return new DataMirror(Optional.of(uri));
    }

    /** The mirror named by {@value #PROPERTY} or {@value #ENV}, else {@link #NONE}. */
    public static DataMirror fromEnvironment() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            value = System.getenv(ENV);
        }
        return value == null || value.isBlank() ? NONE : at(value);
    }

    /** The address to download a canonical address from. */
    public URI map(URI canonical) {
        if (base.isEmpty()) {
            return canonical;
        }
        String path = canonical.getRawPath() == null ? "" : canonical.getRawPath();
        String query = canonical.getRawQuery() == null ? "" : "?" + canonical.getRawQuery();
        return URI.create(base.get() + canonical.getHost() + path + query);
    }
}
