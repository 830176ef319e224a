package org.okl.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.okl.core.data.DataMirror;

/**
 * An HTTP server on 127.0.0.1 (a free port) serving fixture files by path, for testing downloads without a network:
 * a plugin's {@link org.okl.api.data.DownloadableDataset} (its addresses, checksums and unpacking) and OKL's own
 * {@code okl datasets fetch}. Serve each file under {@code /<host>/<path>} of its canonical address and download
 * through {@link #mirror()} ({@code new DataFetcher(dir, server.mirror(), progress)}, or {@code OKL_DATA_MIRROR} for an
 * {@code okl} process). A path can also be made to drop the connection part-way.
 *
 * <pre>{@code
 * try (LocalHttpServer server = new LocalHttpServer()) {
 *     server.serve("/raw.githubusercontent.com/me/data/v1/train.csv", bytes);
 *     new DataFetcher(dir, server.mirror(), ProgressListener.NONE).fetch(mySet, false);
 * }
 * }</pre>
 * Paths that were not served answer 404.
 */
public final class LocalHttpServer implements AutoCloseable {
    private final HttpServer server;
    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    private final Map<String, Integer> cutAfter = new ConcurrentHashMap<>();
    private final AtomicInteger requests = new AtomicInteger();

    /** Starts the server on a free port of 127.0.0.1. */
    public LocalHttpServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Serves {@code bytes} at {@code path} (starting with {@code /}). */
    public LocalHttpServer serve(String path, byte[] bytes) {
        files.put(path, bytes);
        return this;
    }

    /** Serves {@code path} with its full length announced, but drops the connection after {@code bytes} bytes. */
    public LocalHttpServer cut(String path, int bytes) {
        cutAfter.put(path, bytes);
        return this;
    }

    /** The mirror whose {@code <host>/<path>} layout this server holds. */
    public DataMirror mirror() {
        return DataMirror.at("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    /** The requests answered so far. */
    public int requests() {
        return requests.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        String path = exchange.getRequestURI().getPath();
        byte[] body = files.get(path);
        try (exchange) {
            if (body == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            Integer cut = cutAfter.get(path);
            exchange.sendResponseHeaders(200, body.length);
            OutputStream out = exchange.getResponseBody();
            if (cut == null) {
                out.write(body);
                out.close();
                return;
            }
            out.write(body, 0, cut);
            out.flush();
            // a handler that fails makes the server drop the connection: the client sees the transfer stop
            throw new IOException("connection dropped on purpose after " + cut + " bytes");
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
