package org.okl.core.data;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

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

    /**
     * A mirror at {@code base}.
     *
     * @throws OklException {@link ErrorCode#USAGE} when {@code base} is not an absolute http(s) address
     */
    public static DataMirror at(String base) {
        URI uri;
        try {
            uri = URI.create(base.strip());
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        if (uri == null || !uri.isAbsolute() || uri.getHost() == null
                || !List.of("http", "https").contains(uri.getScheme().toLowerCase(Locale.ROOT))) {
            throw new OklException(ErrorCode.USAGE, "data mirror (" + ENV + " or -D" + PROPERTY + "): '" + base
                    + "' is not an absolute http(s) address such as http://mirror.example.org/okl/");
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
