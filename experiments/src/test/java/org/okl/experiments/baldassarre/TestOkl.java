package org.okl.experiments.baldassarre;

import java.nio.file.Files;
import java.nio.file.Path;
import org.okl.core.Okl;

/** An {@link Okl} for tests, with the data directory {@code OKL_DATA} or else the nearest ancestor's shared/datasets. */
public final class TestOkl {
    private TestOkl() {
    }

    /** The runtime (without a data directory when none is found: data-set tests then skip). */
    public static Okl create() {
        String env = System.getenv(Okl.DATA_ENV);
        if (env != null && !env.isBlank()) {
            return Okl.builder().build();
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("shared").resolve("datasets");
            if (Files.isDirectory(candidate)) {
                return Okl.builder().dataDirectory(candidate).build();
            }
        }
        return Okl.builder().build();
    }
}
