package org.okl.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.OptionalDouble;

/**
 * The timings printed by {@code peer_numpy.py N P D} (one JSON object), in seconds; a member the script printed as
 * null (scikit-learn missing) is empty.
 *
 * @param n         data size
 * @param gram      Gaussian Gram
 * @param eigh      {@code scipy.linalg.eigh} of the Gram
 * @param tikPath   30-lambda separable Tikhonov path (eigh of K and A, 30 coefficient matrices; Gram excluded)
 * @param nuMethod  100 nu-method iterations with s_max by {@code eigsh} (Gram excluded)
 * @param skGrid    scikit-learn KernelRidge refitted for the 30 lambdas (Gram included in every refit)
 */
public record PeerTimings(int n, OptionalDouble gram, OptionalDouble eigh, OptionalDouble tikPath,
        OptionalDouble nuMethod, OptionalDouble skGrid) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Parses the script's JSON line. */
    public static PeerTimings parse(String json) {
        try {
            JsonNode node = JSON.readTree(json);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("the peer script printed no JSON object: " + json);
            }
            return new PeerTimings(node.path("n").asInt(), seconds(node, "gram_s"), seconds(node, "eigh_s"),
                    seconds(node, "tik_path_s"), seconds(node, "nu_method_s"), seconds(node, "sk_grid_s"));
        } catch (IOException e) {
            throw new UncheckedIOException("the peer script's output is not JSON: " + json, e);
        }
    }

    private static OptionalDouble seconds(JsonNode node, String member) {
        JsonNode v = node.get(member);
        return v == null || !v.isNumber() ? OptionalDouble.empty() : OptionalDouble.of(v.asDouble());
    }

    /** The sum of two timings, empty when either is. */
    static OptionalDouble sum(OptionalDouble a, OptionalDouble b) {
        return a.isPresent() && b.isPresent() ? OptionalDouble.of(a.getAsDouble() + b.getAsDouble())
                : OptionalDouble.empty();
    }
}
