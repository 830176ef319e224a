package org.okl.serve;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a {@link ModelServer} listens, batches and protects itself.
 *
 * @param host             the address to bind (127.0.0.1 unless told otherwise)
 * @param port             the port; 0 picks a free one
 * @param maxWait          how long a request waits for others to share its prediction call (micro-batching)
 * @param maxBatchRows     the most rows one prediction call takes
 * @param maxQueuedRows    the most rows waiting for a prediction call, per model; more answer 503
 * @param maxBodyBytes     the largest request body; larger answer 413
 * @param maxRowsPerRequest the most rows one request may hold; more answer 400
 * @param idleTimeout      how long a connection may send or receive nothing (slow clients, header and body
 *                         timeouts)
 * @param drainTimeout     how long a stop waits for requests in flight
 * @param token            the bearer token reload and metrics require (and predict, off loopback), when given
 * @param stateDirectory   where the server keeps a copy of the last verified version of every model, to serve it
 *                         when a restart finds the named file damaged (a crash during a copy or a reload), when given
 */
public record ServeOptions(String host, int port, Duration maxWait, int maxBatchRows, int maxQueuedRows,
        long maxBodyBytes, int maxRowsPerRequest, Duration idleTimeout, Duration drainTimeout,
        Optional<String> token, Optional<Path> stateDirectory) {

    /** Checks the values. */
    public ServeOptions {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(stateDirectory, "stateDirectory");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " outside 0-65535");
        }
        if (maxWait.isNegative() || maxBatchRows < 1 || maxQueuedRows < 1 || maxBodyBytes < 1
                || maxRowsPerRequest < 1 || idleTimeout.isNegative() || idleTimeout.isZero()
                || drainTimeout.isNegative()) {
            throw new IllegalArgumentException("limits must be positive");
        }
        if (token.isPresent() && token.get().isEmpty()) {
            throw new IllegalArgumentException("an empty token");
        }
    }

    /** The defaults: loopback, a free port, 2 ms of batching wait, 4,096 rows per call, 16 MiB bodies. */
    public static ServeOptions defaults() {
        return new ServeOptions("127.0.0.1", 0, Duration.ofMillis(2), 4096, 65536, 16L << 20, 10_000,
                Duration.ofSeconds(30), Duration.ofSeconds(30), Optional.empty(), Optional.empty());
    }

    /** These options on another address and port. */
    public ServeOptions withAddress(String newHost, int newPort) {
        return new ServeOptions(newHost, newPort, maxWait, maxBatchRows, maxQueuedRows, maxBodyBytes,
                maxRowsPerRequest, idleTimeout, drainTimeout, token, stateDirectory);
    }

    /** These options with other batching limits. */
    public ServeOptions withBatching(Duration wait, int batchRows, int queuedRows) {
        return new ServeOptions(host, port, wait, batchRows, queuedRows, maxBodyBytes, maxRowsPerRequest,
                idleTimeout, drainTimeout, token, stateDirectory);
    }

    /** These options with other request limits. */
    public ServeOptions withLimits(long bodyBytes, int rowsPerRequest, Duration idle, Duration drain) {
        return new ServeOptions(host, port, maxWait, maxBatchRows, maxQueuedRows, bodyBytes, rowsPerRequest, idle,
                drain, token, stateDirectory);
    }

    /** These options with a bearer token (empty: none). */
    public ServeOptions withToken(Optional<String> newToken) {
        return new ServeOptions(host, port, maxWait, maxBatchRows, maxQueuedRows, maxBodyBytes, maxRowsPerRequest,
                idleTimeout, drainTimeout, newToken, stateDirectory);
    }

    /**
     * These options with a state folder (empty: none): every model version the server verifies is copied there
     * atomically, and a start whose named file is refused serves that copy instead, saying so in its log.
     */
    public ServeOptions withStateDirectory(Optional<Path> folder) {
        return new ServeOptions(host, port, maxWait, maxBatchRows, maxQueuedRows, maxBodyBytes, maxRowsPerRequest,
                idleTimeout, drainTimeout, token, folder);
    }
}
