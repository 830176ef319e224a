package org.okl.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The OpenAPI 3 description of the server's routes, shipped as a resource. */
final class OpenApi {
    private static final byte[] BYTES = read();

    private OpenApi() {
    }

    static byte[] bytes() {
        return BYTES.clone();
    }

    private static byte[] read() {
        try (InputStream in = OpenApi.class.getResourceAsStream("openapi.json")) {
            if (in == null) {
                throw new IllegalStateException("openapi.json is missing from the okl-serve JAR");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
