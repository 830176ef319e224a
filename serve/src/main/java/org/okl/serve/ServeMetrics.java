package org.okl.serve;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The server's Prometheus metrics, in a registry of its own (no JVM-wide state): requests by route and status, rows
 * predicted, request latency, prediction call (batch) sizes, refused requests, and the served models' name, OKL
 * version and checksum as the labels of an info metric.
 */
final class ServeMetrics {
    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter requests = Counter.builder().name("okl_serve_requests")
            .help("HTTP requests answered, by model, route and status").labelNames("model", "route", "status")
            .register(registry);
    private final Counter rows = Counter.builder().name("okl_serve_rows")
            .help("Rows predicted, by model").labelNames("model").register(registry);
    private final Histogram latency = Histogram.builder().name("okl_serve_request_duration_seconds")
            .help("Time from a predict request's arrival to its answer").labelNames("model").classicOnly()
            .classicUpperBounds(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
            .register(registry);
    private final Histogram batches = Histogram.builder().name("okl_serve_batch_rows")
            .help("Rows per prediction call (micro-batch size)").labelNames("model").classicOnly()
            .classicUpperBounds(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384)
            .register(registry);
    private final Counter rejected = Counter.builder().name("okl_serve_rejected")
            .help("Requests refused before prediction, by reason (overload, body_too_large, unauthorized)")
            .labelNames("model", "reason").register(registry);
    private final Info models = Info.builder().name("okl_serve_model")
            .help("The models served: name, the OKL version that wrote them, the SHA-256 of their file")
            .labelNames("model", "version", "checksum").register(registry);
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();

    void request(String model, String route, int status) {
        requests.labelValues(model, route, Integer.toString(status)).inc();
    }

    void predicted(String model, int count, double seconds) {
        rows.labelValues(model).inc(count);
        latency.labelValues(model).observe(seconds);
    }

    void batch(String model, int count) {
        batches.labelValues(model).observe(count);
    }

    void rejected(String model, String reason) {
        rejected.labelValues(model, reason).inc();
    }

    /** Records a model now served, in place of {@code previous} (when not {@code null}). */
    void serving(ServedModel model, ServedModel previous) {
        if (previous != null) {
            models.remove(previous.name(), previous.version(), previous.sha256());
        }
        models.addLabelValues(model.name(), model.version(), model.sha256());
    }

    String contentType() {
        return writer.getContentType();
    }

    void write(OutputStream out) throws IOException {
        writer.write(out, registry.scrape());
    }
}
