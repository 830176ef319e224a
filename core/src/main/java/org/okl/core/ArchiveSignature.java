package org.okl.core;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Base64;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.text.UserText;
import org.okl.core.io.AtomicFiles;
import org.okl.core.io.IoErrors;
import org.okl.core.signing.SigningKeys;

/**
 * The signature of a checksummed archive ({@code docs/model-format.md}, "Signature"): an entry {@value #ENTRY},
 * not listed in {@code SHA256SUMS}, holding the Ed25519 signature of {@value #DOMAIN} (ASCII, with its line end)
 * followed by the exact bytes of the {@code SHA256SUMS} entry, and the fingerprint of the signing key. Since the sums
 * list every other entry and every entry is checked against them when read, the signature covers the whole model.
 */
final class ArchiveSignature {
    /** The signature entry. */
    static final String ENTRY = "SIGNATURE.json";
    /** What precedes the checksums in the signed bytes, so that the signature cannot be taken for another's. */
    static final String DOMAIN = "okl-model-signature-v1\n";
    /** The format name in the signature entry. */
    static final String FORMAT = "okl-signature";
    /** The most bytes the signature entry may hold (it holds about 250). */
    private static final long MAX_ENTRY = 4096;
    /** The length of an Ed25519 signature. */
    private static final int SIGNATURE_BYTES = 64;
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private ArchiveSignature() {
    }

    /** A parsed signature entry. */
    private record Parsed(String fingerprint, byte[] signature) {
    }

    /**
     * Checks an archive's signature against a policy, before anything else is read from it. Under a policy that
     * requires signatures, fails unless the archive is signed by a trusted key whose signature verifies over its
     * checksums, and makes every entry be listed in them; under {@link TrustPolicy#none()}, returns the signature the
     * file claims (unchecked), or nothing for an unsigned file or an unreadable signature entry.
     *
     * @throws OklException {@link ErrorCode#UNTRUSTED_MODEL} when the policy refuses the archive
     */
    static Optional<ModelSignature> check(ChecksummedZip.Reader entries, TrustPolicy trust, String file)
            throws IOException {
        if (!trust.requiresSignature()) {
            if (!entries.has(ENTRY) || entries.sumsBytes() == null) {
                return Optional.empty();
            }
            try {
                return Optional.of(new ModelSignature(parse(entries, file).fingerprint(), false));
            } catch (OklException unreadable) {
                return Optional.empty(); // as before signatures: an intact model loads without a trust policy
            }
        }
        String trusted = "trusted: " + String.join(", ", trust.fingerprints());
        if (!entries.has(ENTRY)) {
            throw untrusted(file, "is not signed, and only models signed by a trusted key are accepted (" + trusted
                    + ")");
        }
        byte[] sums = entries.sumsBytes();
        if (sums == null) {
            throw untrusted(file, "has a signature entry but no " + ChecksummedZip.SUMS + " for it to sign; the file "
                    + "was altered");
        }
        Parsed p = parse(entries, file);
        PublicKey key = trust.key(p.fingerprint()).orElseThrow(() -> untrusted(file, "is signed by key "
                + p.fingerprint() + ", which is not trusted (" + trusted + ")"));
        if (!verifies(key, sums, p.signature())) {
            throw untrusted(file, "its signature by key " + p.fingerprint() + " does not verify: its "
                    + ChecksummedZip.SUMS + " changed after it was signed (the model was altered) or the signature "
                    + "is damaged");
        }
        entries.requireChecksums();
        return Optional.of(new ModelSignature(p.fingerprint(), true));
    }

    /** The signature entry, every member present and well-formed. */
    private static Parsed parse(ChecksummedZip.Reader entries, String file) throws IOException {
        byte[] bytes = entries.readUnlisted(ENTRY, MAX_ENTRY);
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (IOException e) {
            throw untrusted(file, "its signature entry " + ENTRY + " is not valid JSON; the file is damaged or was "
                    + "altered");
        }
        if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText())
                || root.path("version").asInt(-1) != 1
                || !SigningKeys.ALGORITHM.equals(root.path("algorithm").asText())) {
            throw untrusted(file, "its signature entry " + ENTRY + " is not an OKL Ed25519 signature (format "
                    + "'okl-signature', version 1); the file is damaged, altered or from a newer OKL");
        }
        String fingerprint = root.path("key").asText();
        if (!root.path("key").isTextual() || !fingerprint.matches("sha256:[0-9a-f]{64}")) {
            throw untrusted(file, "its signature entry names the key " + UserText.quote(fingerprint)
                    + ", not a fingerprint 'sha256:<64 hex digits>'; the file is damaged or was altered");
        }
        byte[] signature;
        try {
            signature = Base64.getDecoder().decode(root.path("signature").asText());
        } catch (IllegalArgumentException e) {
            throw untrusted(file, "its signature " + UserText.quote(root.path("signature").asText())
                    + " is not base64; the file is damaged or was altered");
        }
        if (!root.path("signature").isTextual() || signature.length != SIGNATURE_BYTES) {
            throw untrusted(file, "its signature holds " + signature.length + " bytes, not the " + SIGNATURE_BYTES
                    + " of an Ed25519 signature; the file is truncated, damaged or was altered");
        }
        return new Parsed(fingerprint, signature);
    }

    private static boolean verifies(PublicKey key, byte[] sums, byte[] signature) {
        try {
            Signature s = Signature.getInstance(SigningKeys.ALGORITHM);
            s.initVerify(key);
            s.update(DOMAIN.getBytes(StandardCharsets.US_ASCII));
            s.update(sums);
            return s.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** The signature of {@code sums} by {@code key}. */
    static byte[] signatureOf(PrivateKey key, byte[] sums) {
        try {
            Signature s = Signature.getInstance(SigningKeys.ALGORITHM);
            s.initSign(key);
            s.update(DOMAIN.getBytes(StandardCharsets.US_ASCII));
            s.update(sums);
            return s.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 signing failed", e);
        }
    }

    /**
     * Signs an archive in place: checks every entry against its checksums, then writes the same entries (a signature
     * it had replaced) and the signature atomically over the file.
     *
     * @throws OklException {@link ErrorCode#INVALID_MODEL} for a damaged file or one without checksums (format
     *                      version 1), {@link ErrorCode#KEY_FILE} for a key that is not Ed25519,
     *                      {@link ErrorCode#OUTPUT_FILE} when the file cannot be rewritten
     */
    static ModelSignature sign(Path path, java.security.KeyPair keys) {
        PrivateKey key = keys.getPrivate();
        PublicKey publicKey = keys.getPublic();
        if (!SigningKeys.isEd25519(key) || !SigningKeys.isEd25519(publicKey)) {
            throw new OklException(ErrorCode.KEY_FILE, "the signing key is not an Ed25519 key");
        }
        String file = UserText.escape(path.toString());
        String fingerprint = SigningKeys.fingerprint(publicKey);
        if (!verifies(publicKey, new byte[0], signatureOf(key, new byte[0]))) {
            throw new OklException(ErrorCode.KEY_FILE, "the private and public keys given for signing are not a pair");
        }
        try (ZipFile zip = new ZipFile(path.toFile())) {
            ChecksummedZip.Reader entries = ChecksummedZip.Reader.open(zip, file);
            if (!entries.has(ModelArchive.INDEX)) {
                throw ModelArchive.invalid(file, "not an OKL model (no " + ModelArchive.INDEX + " inside)");
            }
            byte[] sums = entries.sumsBytes();
            if (sums == null) {
                throw ModelArchive.invalid(file, "has no " + ChecksummedZip.SUMS + " (an OKL model of format "
                        + "version 1), so there is nothing to sign: fit the model again with this OKL");
            }
            entries.requireChecksums();
            ObjectNode sig = JSON.createObjectNode();
            sig.put("format", FORMAT);
            sig.put("version", 1);
            sig.put("algorithm", SigningKeys.ALGORITHM);
            sig.put("key", fingerprint);
            sig.put("signature", Base64.getEncoder().encodeToString(signatureOf(key, sums)));
            byte[] entry = JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(sig);
            java.util.List<String> names = entries.names();
            try {
                AtomicFiles.write(path, out -> {
                    ZipOutputStream z = new ZipOutputStream(out);
                    for (String name : names) {
                        if (!name.equals(ChecksummedZip.SUMS) && !name.equals(ENTRY)) {
                            z.putNextEntry(new ZipEntry(name));
                            z.write(entries.read(name)); // verified: a damaged entry stops the write
                            z.closeEntry();
                        }
                    }
                    z.putNextEntry(new ZipEntry(ChecksummedZip.SUMS));
                    z.write(sums);
                    z.closeEntry();
                    z.putNextEntry(new ZipEntry(ENTRY));
                    z.write(entry);
                    z.closeEntry();
                    z.finish();
                });
            } catch (IOException e) {
                throw new OklException(ErrorCode.OUTPUT_FILE, file + ": cannot write the signed model: "
                        + IoErrors.describe(e), e);
            }
        } catch (java.nio.file.NoSuchFileException e) {
            throw ModelArchive.invalid(file, "no such model file");
        } catch (java.util.zip.ZipException e) {
            throw ModelArchive.invalid(file, "truncated or corrupt model file (" + UserText.escape(String.valueOf(
                    e.getMessage())) + ")");
        } catch (IOException e) {
            throw ModelArchive.invalid(file, "cannot read the model: " + IoErrors.describe(e));
        }
        return new ModelSignature(fingerprint, true);
    }

    private static OklException untrusted(String file, String problem) {
        return new OklException(ErrorCode.UNTRUSTED_MODEL, file + ": " + problem);
    }
}
