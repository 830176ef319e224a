package org.okl.core;

import java.nio.file.Path;
import java.security.PublicKey;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.okl.core.signing.SigningKeys;

/**
 * Which model files a loader accepts: {@link #none()} accepts every intact file, signed or not (what loading has
 * always done); {@link #trusting} accepts only files signed ({@link Model#sign}) by one of the given Ed25519 keys,
 * whose signature verifies over the file's {@code SHA256SUMS}, every entry then checked against those sums
 * ({@code docs/model-format.md}). A refused file fails to load with {@code OKL-E015} ({@code UNTRUSTED_MODEL}) naming
 * the file and why: unsigned, signed by another key (its fingerprint), or a signature that does not verify.
 * <pre>{@code
 * TrustPolicy trust = TrustPolicy.fromKeyFiles(List.of(Path.of("team.pub")));
 * Model model = Model.load(Path.of("m.okl"), okl, trust);
 * }</pre>
 */
public final class TrustPolicy {
    private static final TrustPolicy NONE = new TrustPolicy(Map.of());
    private final Map<String, PublicKey> keys;

    private TrustPolicy(Map<String, PublicKey> keys) {
        this.keys = keys;
    }

    /** Accepts every intact model file, signed or not, without checking a signature. */
    public static TrustPolicy none() {
        return NONE;
    }

    /**
     * Accepts only model files signed by one of {@code keys}.
     *
     * @throws IllegalArgumentException when no key is given or a key is not an Ed25519 public key
     */
    public static TrustPolicy trusting(Collection<? extends PublicKey> keys) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a trust policy needs at least one trusted key");
        }
        Map<String, PublicKey> byFingerprint = new LinkedHashMap<>();
        for (PublicKey k : keys) {
            if (!SigningKeys.isEd25519(k)) {
                throw new IllegalArgumentException("a trusted key must be an Ed25519 public key, not "
                        + k.getAlgorithm());
            }
            byFingerprint.put(SigningKeys.fingerprint(k), k);
        }
        return new TrustPolicy(Map.copyOf(byFingerprint));
    }

    /**
     * Accepts only model files signed by the key of one of the public key files (PEM, as
     * {@link SigningKeys#write} writes them); an empty list is {@link #none()}.
     *
     * @throws org.okl.api.error.OklException {@code KEY_FILE} for a file that is missing or holds no Ed25519 public
     *                                        key
     */
    public static TrustPolicy fromKeyFiles(Collection<Path> files) {
        if (files.isEmpty()) {
            return NONE;
        }
        return trusting(files.stream().map(SigningKeys::readPublic).toList());
    }

    /** Whether a model must carry a valid signature by a trusted key. */
    public boolean requiresSignature() {
        return !keys.isEmpty();
    }

    /** The fingerprints of the trusted keys ({@link SigningKeys#fingerprint}); empty for {@link #none()}. */
    public Set<String> fingerprints() {
        return new java.util.TreeSet<>(keys.keySet());
    }

    /** The trusted key with this fingerprint. */
    Optional<PublicKey> key(String fingerprint) {
        return Optional.ofNullable(keys.get(fingerprint));
    }

    @Override
    public String toString() {
        return keys.isEmpty() ? "TrustPolicy[none]" : "TrustPolicy" + fingerprints();
    }
}
