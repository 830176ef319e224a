package org.okl.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.io.AtomicFiles;
import org.okl.core.signing.SigningKeys;

/**
 * Signatures of checksummed archives: signing then checking under a policy that trusts the key passes, and every way
 * a file can fail the policy (altered entries with recomputed checksums, another key, no signature, a truncated or
 * garbage signature) is refused with {@code OKL-E015} and its reason; keys round-trip through their PEM files.
 */
class ArchiveSignatureTest {
    private static final KeyPair KEYS = SigningKeys.generate();
    private static final KeyPair OTHER = SigningKeys.generate();
    private static final TrustPolicy TRUST = TrustPolicy.trusting(List.of(KEYS.getPublic()));

    @TempDir
    Path dir;

    private Path model() throws IOException {
        Path file = dir.resolve("m.okl");
        AtomicFiles.write(file, out -> {
            ChecksummedZip.Writer zip = new ChecksummedZip.Writer(out);
            zip.add("model.json", o -> o.write("{\"kernel\": \"gaussian\"}".getBytes(StandardCharsets.UTF_8)));
            zip.add("predictor/coefficients.f64", o -> o.write(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}));
            zip.finish();
        });
        return file;
    }

    private static Optional<ModelSignature> check(Path file, TrustPolicy trust) throws IOException {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            ChecksummedZip.Reader entries = ChecksummedZip.Reader.open(zip, "m.okl");
            Optional<ModelSignature> s = ArchiveSignature.check(entries, trust, "m.okl");
            entries.requireChecksums(); // as every version-2 and later model is read
            for (String name : entries.names()) {
                if (!name.equals(ChecksummedZip.SUMS) && !name.equals(ArchiveSignature.ENTRY)) {
                    entries.read(name);
                }
            }
            return s;
        }
    }

    /** Rewrites one entry of the archive; with {@code sums} recomputes SHA256SUMS as an editor would. */
    private static void rewrite(Path file, String entry, UnaryOperator<byte[]> change, boolean sums)
            throws IOException {
        Map<String, byte[]> contents = new LinkedHashMap<>();
        try (ZipFile in = new ZipFile(file.toFile())) {
            for (ZipEntry e : Collections.list(in.entries())) {
                try (InputStream is = in.getInputStream(e)) {
                    byte[] bytes = is.readAllBytes();
                    contents.put(e.getName(), e.getName().equals(entry) ? change.apply(bytes) : bytes);
                }
            }
        }
        if (sums) {
            StringBuilder text = new StringBuilder();
            contents.forEach((name, bytes) -> {
                if (!name.equals("SHA256SUMS") && !name.equals("SIGNATURE.json")) {
                    text.append(sha256(bytes)).append("  ").append(name).append('\n');
                }
            });
            contents.put("SHA256SUMS", text.toString().getBytes(StandardCharsets.UTF_8));
        }
        try (OutputStream os = Files.newOutputStream(file); ZipOutputStream out = new ZipOutputStream(os)) {
            for (Map.Entry<String, byte[]> e : contents.entrySet()) {
                out.putNextEntry(new ZipEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static UnaryOperator<byte[]> text(String from, String to) {
        return b -> {
            String s = new String(b, StandardCharsets.UTF_8);
            assertThat(s).contains(from);
            return s.replace(from, to).getBytes(StandardCharsets.UTF_8);
        };
    }

    private static void assertRefused(Path file, ErrorCode code, String... fragments) {
        assertThatThrownBy(() -> check(file, TRUST)).isInstanceOfSatisfying(OklException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(code);
            assertThat(e.getMessage()).contains("m.okl").contains(fragments).doesNotContain("\n");
        });
    }

    @Test
    void aSignedArchivePassesUnderAPolicyTrustingItsKey() throws Exception {
        Path file = model();
        ModelSignature written = ArchiveSignature.sign(file, KEYS);
        assertThat(written.fingerprint()).isEqualTo(SigningKeys.fingerprint(KEYS.getPublic()))
                .matches("sha256:[0-9a-f]{64}");
        assertThat(check(file, TRUST)).contains(new ModelSignature(written.fingerprint(), true));
        // two trusted keys: either signs
        assertThat(check(file, TrustPolicy.trusting(List.of(OTHER.getPublic(), KEYS.getPublic())))).isPresent();
        // without a policy: loads as before, the claimed key is reported unchecked
        assertThat(check(file, TrustPolicy.none())).contains(new ModelSignature(written.fingerprint(), false));
        try (ZipFile zip = new ZipFile(file.toFile())) {
            assertThat(Collections.list(zip.entries()).stream().map(ZipEntry::getName).toList()).containsExactly(
                    "model.json", "predictor/coefficients.f64", "SHA256SUMS", "SIGNATURE.json");
        }
    }

    @Test
    void theSignatureIsOverTheDomainAndTheExactChecksumBytes() throws Exception {
        Path file = model();
        ArchiveSignature.sign(file, KEYS);
        try (ZipFile zip = new ZipFile(file.toFile())) {
            byte[] sums = zip.getInputStream(zip.getEntry("SHA256SUMS")).readAllBytes();
            String entry = new String(zip.getInputStream(zip.getEntry("SIGNATURE.json")).readAllBytes(),
                    StandardCharsets.UTF_8);
            String b64 = entry.replaceAll("(?s).*\"signature\" : \"([^\"]+)\".*", "$1");
            java.security.Signature v = java.security.Signature.getInstance("Ed25519");
            v.initVerify(KEYS.getPublic());
            v.update("okl-model-signature-v1\n".getBytes(StandardCharsets.US_ASCII));
            v.update(sums);
            assertThat(v.verify(java.util.Base64.getDecoder().decode(b64))).isTrue();
            assertThat(entry).contains("\"format\" : \"okl-signature\"", "\"algorithm\" : \"Ed25519\"",
                    "\"key\" : \"" + SigningKeys.fingerprint(KEYS.getPublic()) + "\"");
        }
    }

    @Test
    void weightsTimesAThousandWithChecksumsRecomputedAreRefused() throws Exception {
        Path file = model();
        ArchiveSignature.sign(file, KEYS);
        rewrite(file, "predictor/coefficients.f64", b -> new byte[] {9, 9, 9, 9, 9, 9, 9, 9}, true);
        assertThat(check(file, TrustPolicy.none())).isPresent(); // loads without a policy: what signing prevents
        assertRefused(file, ErrorCode.UNTRUSTED_MODEL, "signature by key "
                + SigningKeys.fingerprint(KEYS.getPublic()) + " does not verify", "SHA256SUMS changed");
    }

    @Test
    void anotherKernelInTheIndexWithChecksumsRecomputedIsRefused() throws Exception {
        Path file = model();
        ArchiveSignature.sign(file, KEYS);
        rewrite(file, "model.json", text("gaussian", "laplacian"), true);
        assertRefused(file, ErrorCode.UNTRUSTED_MODEL, "does not verify");
    }

    @Test
    void anEntryChangedWithoutItsChecksumFailsTheChecksumCheck() throws Exception {
        Path file = model();
        ArchiveSignature.sign(file, KEYS);
        rewrite(file, "model.json", text("gaussian", "laplacian"), false);
        assertRefused(file, ErrorCode.INVALID_MODEL, "model.json fails its SHA-256 check");
    }

    @Test
    void anArchiveSignedByAnotherKeyIsRefusedNamingThatKey() throws Exception {
        Path file = model();
        ArchiveSignature.sign(file, OTHER);
        assertRefused(file, ErrorCode.UNTRUSTED_MODEL, "is signed by key " + SigningKeys.fingerprint(OTHER.getPublic())
                + ", which is not trusted (trusted: " + SigningKeys.fingerprint(KEYS.getPublic()) + ")");
    }

    @Test
    void anUnsignedArchiveIsRefused() throws Exception {
        assertRefused(model(), ErrorCode.UNTRUSTED_MODEL, "is not signed");
    }

    @Test
    void aTruncatedSignatureIsRefused() throws Exception {
        Path file = model();
        ArchiveSignature.sign(file, KEYS);
        rewrite(file, "SIGNATURE.json", b -> {
            String s = new String(b, StandardCharsets.UTF_8);
            String sig = s.replaceAll("(?s).*\"signature\" : \"([^\"]+)\".*", "$1");
            String cut = java.util.Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(
                    java.util.Base64.getDecoder().decode(sig), 40));
            return s.replace(sig, cut).getBytes(StandardCharsets.UTF_8);
        }, false);
        assertRefused(file, ErrorCode.UNTRUSTED_MODEL, "signature holds 40 bytes, not the 64");
    }

    @Test
    void aSignatureThatIsNotBase64IsRefusedQuoted() throws Exception {
        Path file = model();
        ArchiveSignature.sign(file, KEYS);
        rewrite(file, "SIGNATURE.json", b -> new String(b, StandardCharsets.UTF_8).replaceAll(
                "\"signature\" : \"[^\"]+\"", "\"signature\" : \"\\\\u001b[2J garbage!\"")
                .getBytes(StandardCharsets.UTF_8), false);
        assertRefused(file, ErrorCode.UNTRUSTED_MODEL, "is not base64", "\\x1b[2J garbage!");
        assertThat(check(file, TrustPolicy.none())).isEmpty(); // no policy: the file loads as before
    }

    @Test
    void aSignatureEntryThatIsNotJsonIsRefusedAndIgnoredWithoutAPolicy() throws Exception {
        Path file = model();
        ArchiveSignature.sign(file, KEYS);
        rewrite(file, "SIGNATURE.json", b -> new byte[] {(byte) 0xff, 0, 1, 2}, false);
        assertRefused(file, ErrorCode.UNTRUSTED_MODEL, "SIGNATURE.json is not valid JSON");
        assertThat(check(file, TrustPolicy.none())).isEmpty();
    }

    @Test
    void aSignatureNamingAMalformedKeyIsRefusedQuoted() throws Exception {
        Path file = model();
        ArchiveSignature.sign(file, KEYS);
        rewrite(file, "SIGNATURE.json", b -> new String(b, StandardCharsets.UTF_8).replaceAll(
                "\"key\" : \"[^\"]+\"", "\"key\" : \"evil\\\\u202e\"").getBytes(StandardCharsets.UTF_8), false);
        assertRefused(file, ErrorCode.UNTRUSTED_MODEL, "names the key 'evil\\u202e'");
    }

    @Test
    void anEntryAddedAfterSigningIsRefused() throws Exception {
        Path file = model();
        ArchiveSignature.sign(file, KEYS);
        Path copy = dir.resolve("copy.okl");
        try (ZipFile in = new ZipFile(file.toFile()); OutputStream os = Files.newOutputStream(copy);
                ZipOutputStream out = new ZipOutputStream(os)) {
            for (ZipEntry e : Collections.list(in.entries())) {
                out.putNextEntry(new ZipEntry(e.getName()));
                out.write(in.getInputStream(e).readAllBytes());
                out.closeEntry();
            }
            out.putNextEntry(new ZipEntry("extra"));
            out.write(1);
            out.closeEntry();
        }
        Files.move(copy, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertRefused(file, ErrorCode.INVALID_MODEL, "not listed in SHA256SUMS");
        // the policy itself requires the listing, whatever the model's format version says
        try (ZipFile zip = new ZipFile(file.toFile())) {
            ChecksummedZip.Reader entries = ChecksummedZip.Reader.open(zip, "m.okl");
            assertThatThrownBy(() -> ArchiveSignature.check(entries, TRUST, "m.okl"))
                    .hasMessageContaining("[extra] are not listed in SHA256SUMS");
        }
    }

    @Test
    void signingAgainReplacesTheSignature() throws Exception {
        Path file = model();
        ArchiveSignature.sign(file, OTHER);
        ArchiveSignature.sign(file, KEYS);
        assertThat(check(file, TRUST)).isPresent();
        try (ZipFile zip = new ZipFile(file.toFile())) {
            assertThat(Collections.list(zip.entries()).stream().filter(e -> e.getName().equals("SIGNATURE.json")))
                    .hasSize(1);
        }
    }

    @Test
    void aDamagedArchiveOrOneWithoutChecksumsIsNotSigned() throws Exception {
        Path file = model();
        rewrite(file, "model.json", text("gaussian", "laplacian"), false);
        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> ArchiveSignature.sign(file, KEYS)).isInstanceOfSatisfying(OklException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_MODEL));
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        Path old = dir.resolve("v1.okl");
        try (OutputStream os = Files.newOutputStream(old); ZipOutputStream out = new ZipOutputStream(os)) {
            out.putNextEntry(new ZipEntry("model.json"));
            out.write("{}".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        assertThatThrownBy(() -> ArchiveSignature.sign(old, KEYS)).hasMessageContaining("has no SHA256SUMS");
    }

    @Test
    void keysRoundTripThroughPemFilesAndThePrivateOneIsOwnerOnly() throws Exception {
        Path key = dir.resolve("k.pem");
        Path pub = dir.resolve("k.pub");
        SigningKeys.write(KEYS, key, pub, false);
        assertThat(Files.readString(pub)).startsWith("-----BEGIN PUBLIC KEY-----\n");
        assertThat(Files.readString(key)).startsWith("-----BEGIN PRIVATE KEY-----\n");
        assertThat(SigningKeys.readPublic(pub)).isEqualTo(KEYS.getPublic());
        assertThat(SigningKeys.readPrivate(key).getEncoded()).isEqualTo(KEYS.getPrivate().getEncoded());
        KeyPair pair = SigningKeys.readPair(key, Optional.empty());
        assertThat(pair.getPublic()).isEqualTo(KEYS.getPublic());
        if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key))).isEqualTo("rw-------");
        }
        // never replaced without force; nothing written then
        String before = Files.readString(key);
        assertThatThrownBy(() -> SigningKeys.write(OTHER, key, dir.resolve("new.pub"), false))
                .isInstanceOfSatisfying(OklException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(ErrorCode.KEY_FILE)).hasMessageContaining("exists");
        assertThat(Files.readString(key)).isEqualTo(before);
        assertThat(dir.resolve("new.pub")).doesNotExist();
        // an existing public key stops the pair before the private key is written
        assertThatThrownBy(() -> SigningKeys.write(OTHER, dir.resolve("new.pem"), pub, false))
                .hasMessageContaining("exists");
        assertThat(dir.resolve("new.pem")).doesNotExist();
        SigningKeys.write(OTHER, key, pub, true);
        assertThat(SigningKeys.readPublic(pub)).isEqualTo(OTHER.getPublic());
        // a private key with another's public key is not a pair
        Path otherPub = dir.resolve("o.pub");
        SigningKeys.write(KEYS, dir.resolve("o.pem"), otherPub, false);
        assertThatThrownBy(() -> SigningKeys.readPair(key, Optional.of(otherPub))).hasMessageContaining(
                "not the one of the private key");
        assertThatThrownBy(() -> SigningKeys.readPrivate(pub)).hasMessageContaining("has no");
        Files.writeString(dir.resolve("bad.pub"), "-----BEGIN PUBLIC KEY-----\n%%%\n-----END PUBLIC KEY-----\n");
        assertThatThrownBy(() -> SigningKeys.readPublic(dir.resolve("bad.pub"))).hasMessageContaining("not base64");
    }
}
