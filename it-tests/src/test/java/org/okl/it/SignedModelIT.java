package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.error.OklException;
import org.okl.core.Model;
import org.okl.core.ModelSignature;
import org.okl.core.Okl;
import org.okl.core.TrustPolicy;
import org.okl.core.signing.SigningKeys;

/**
 * Signed models through the real {@code okl} process: {@code okl keys generate}, {@code okl sign} and
 * {@code okl predict --trust-key}. A model edited by someone who recomputed its checksums (coefficients times 1,000,
 * another kernel in {@code model.json}) predicts without a word when loaded without trusted keys, and is refused with
 * {@code OKL-E015} with them; so are a model signed by another key, an unsigned one, and damaged signatures.
 */
class SignedModelIT {
    private static final Pattern FINGERPRINT = Pattern.compile("fingerprint (sha256:[0-9a-f]{64})");

    @TempDir
    static Path dir;
    static Path csv;
    static Path unsigned;
    static Path signed;
    static String fingerprint;
    static String otherFingerprint;
    static String predictions;

    @BeforeAll
    static void files() throws Exception {
        Path pipeline = dir.resolve("p.json");
        Files.writeString(pipeline, """
                {"kernel": {"name": "gaussian", "sigma": 1.5}, "filter": {"name": "tikhonov", "lambda": 1e-3}}
                """);
        csv = ThirdPartyPluginIT.regressionCsv(dir);
        unsigned = dir.resolve("unsigned.okl");
        ok(OklProcess.run(dir, Map.of(), "fit", "--pipeline", pipeline.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--model", unsigned.toString()));
        fingerprint = fingerprintOf(ok(OklProcess.run(dir, Map.of(), "keys", "generate", "--private", "k.pem",
                "--public", "k.pub")).stdout());
        otherFingerprint = fingerprintOf(ok(OklProcess.run(dir, Map.of(), "keys", "generate", "--private",
                "other.pem", "--public", "other.pub")).stdout());
        signed = dir.resolve("signed.okl");
        Files.copy(unsigned, signed);
        assertThat(ok(OklProcess.run(dir, Map.of(), "sign", "--model", "signed.okl", "--key", "k.pem")).stdout())
                .contains("signed signed.okl with key " + fingerprint);
        ok(OklProcess.run(dir, Map.of(), "predict", "--model", "unsigned.okl", "--data", csv.toString(), "--out",
                "unsigned.csv"));
        predictions = Files.readString(dir.resolve("unsigned.csv"));
    }

    private static String fingerprintOf(String stdout) {
        Matcher m = FINGERPRINT.matcher(stdout);
        assertThat(m.find()).as(stdout).isTrue();
        return m.group(1);
    }

    private static OklProcess.Result ok(OklProcess.Result r) {
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        return r;
    }

    private static OklProcess.Result predict(String model, String... trustKeys) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("predict", "--model", model, "--data", csv.toString(),
                "--out", "p.csv"));
        for (String k : trustKeys) {
            args.addAll(List.of("--trust-key", k));
        }
        Files.deleteIfExists(dir.resolve("p.csv"));
        return OklProcess.run(dir, Map.of(), args.toArray(String[]::new));
    }

    /** Runs predict with trusted keys and checks it is refused with one OKL-E015 line holding the fragments. */
    private static void refused(String model, String code, String... fragments) throws Exception {
        OklProcess.Result r = predict(model, "k.pub");
        assertThat(r.exitCode()).as(r.stderr()).isEqualTo(1);
        List<String> errors = r.stderr().lines().filter(l -> l.startsWith("okl: error: ")).toList();
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0)).startsWith("okl: error: [" + code + "] " + model + ": ").contains(fragments);
        assertThat(r.stderr()).doesNotContain("Exception").doesNotContain("\u001b");
        assertThat(dir.resolve("p.csv")).doesNotExist();
    }

    private static Path altered(String name, String entry, UnaryOperator<byte[]> change, boolean sums)
            throws Exception {
        Path copy = dir.resolve(name);
        ModelArchives.rewrite(signed, copy, entry, change, sums);
        return copy;
    }

    @Test
    void aSignedModelPredictsWithItsKeyTrustedAndAmongOthers() throws Exception {
        OklProcess.Result r = ok(predict("signed.okl", "k.pub"));
        assertThat(Files.readString(dir.resolve("p.csv"))).isEqualTo(predictions);
        assertThat(r.stderr()).contains("okl: note: signed.okl is signed by the trusted key " + fingerprint);
        ok(predict("signed.okl", "other.pub", "k.pub"));
        // without trusted keys: as before, with a note on the key it claims
        r = ok(predict("signed.okl"));
        assertThat(r.stderr()).contains("says it is signed by key " + fingerprint + " (not checked");
        assertThat(Files.readString(dir.resolve("p.csv"))).isEqualTo(predictions);
    }

    @Test
    void coefficientsTimesAThousandWithChecksumsRecomputedAreRefused() throws Exception {
        altered("weights.okl", "predictor/coefficients.f64", bytes -> {
            ByteBuffer b = ByteBuffer.wrap(bytes.clone()).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < bytes.length; i += 8) {
                b.putDouble(i, b.getDouble(i) * 1000);
            }
            return b.array();
        }, true);
        // the attack this prevents: without trusted keys the edited model predicts something else, silently
        ok(predict("weights.okl"));
        assertThat(Files.readString(dir.resolve("p.csv"))).isNotEqualTo(predictions);
        refused("weights.okl", "OKL-E015", "its signature by key " + fingerprint + " does not verify",
                "SHA256SUMS changed after it was signed");
    }

    @Test
    void anotherKernelInTheIndexWithChecksumsRecomputedIsRefused() throws Exception {
        altered("kernel.okl", "model.json", ModelArchives.replace("\"gaussian\"", "\"laplacian\""), true);
        ok(predict("kernel.okl"));
        refused("kernel.okl", "OKL-E015", "does not verify");
    }

    @Test
    void weightsChangedWithoutTheirChecksumFailTheChecksumCheck() throws Exception {
        altered("sums.okl", "predictor/coefficients.f64", bytes -> {
            byte[] copy = bytes.clone();
            copy[copy.length / 2] ^= 1;
            return copy;
        }, false);
        refused("sums.okl", "OKL-E006", "predictor/coefficients.f64 fails its SHA-256 check");
    }

    @Test
    void aModelSignedByAnotherKeyIsRefusedNamingIt() throws Exception {
        Path other = dir.resolve("by-other.okl");
        Files.copy(unsigned, other);
        ok(OklProcess.run(dir, Map.of(), "sign", "--model", "by-other.okl", "--key", "other.pem"));
        refused("by-other.okl", "OKL-E015", "is signed by key " + otherFingerprint + ", which is not trusted "
                + "(trusted: " + fingerprint + ")");
    }

    @Test
    void anUnsignedModelIsRefused() throws Exception {
        refused("unsigned.okl", "OKL-E015", "is not signed", fingerprint);
    }

    @Test
    void aTruncatedSignatureIsRefused() throws Exception {
        altered("truncated.okl", "SIGNATURE.json", bytes -> {
            String s = new String(bytes, StandardCharsets.UTF_8);
            Matcher m = Pattern.compile("\"signature\" : \"([^\"]+)\"").matcher(s);
            assertThat(m.find()).isTrue();
            return s.replace(m.group(1), m.group(1).substring(0, 44)).getBytes(StandardCharsets.UTF_8);
        }, false);
        refused("truncated.okl", "OKL-E015", "signature holds 33 bytes, not the 64 of an Ed25519 signature");
    }

    @Test
    void aSignatureOfGarbageIsRefusedWithItsTextEscaped() throws Exception {
        altered("garbage.okl", "SIGNATURE.json", bytes -> new String(bytes, StandardCharsets.UTF_8)
                .replaceAll("\"signature\" : \"[^\"]+\"", "\"signature\" : \"\\\\u001b[31mnot base64\"")
                .getBytes(StandardCharsets.UTF_8), false);
        refused("garbage.okl", "OKL-E015", "its signature '\\x1b[31mnot base64' is not base64");
        altered("not-json.okl", "SIGNATURE.json", bytes -> new byte[] {0x1b, 0x00, (byte) 0xff}, false);
        refused("not-json.okl", "OKL-E015", "SIGNATURE.json is not valid JSON");
    }

    @Test
    void keysAreNeverReplacedWithoutForceAndThePrivateOneIsOwnerOnly() throws Exception {
        String before = Files.readString(dir.resolve("k.pem"));
        OklProcess.Result r = OklProcess.run(dir, Map.of(), "keys", "generate", "--private", "k.pem", "--public",
                "new.pub");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).contains("[OKL-E016] 'k.pem': exists");
        assertThat(Files.readString(dir.resolve("k.pem"))).isEqualTo(before);
        assertThat(dir.resolve("new.pub")).doesNotExist();
        if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("k.pem"))))
                    .isEqualTo("rw-------");
        }
        r = OklProcess.run(dir, Map.of(), "predict", "--model", "signed.okl", "--data", csv.toString(), "--out",
                "p.csv", "--trust-key", "missing.pub");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).contains("[OKL-E016] 'missing.pub': no such key file");
    }

    @Test
    void inCodeATrustPolicyLoadsOnlyWhatItsKeysSigned() throws Exception {
        Okl okl = Okl.fromEnvironment();
        TrustPolicy trust = TrustPolicy.fromKeyFiles(List.of(dir.resolve("k.pub")));
        Model model = Model.load(signed, okl, trust);
        assertThat(model.signature()).contains(new ModelSignature(fingerprint, true));
        assertThat(Model.load(signed, okl).signature()).contains(new ModelSignature(fingerprint, false));
        assertThat(Model.load(unsigned, okl).signature()).isEmpty();
        assertThatThrownBy(() -> Model.fromBytes(Files.readAllBytes(unsigned), "the bytes", okl, trust))
                .isInstanceOf(OklException.class).hasMessageContaining("[OKL-E015] the bytes: is not signed");
        assertThat(Model.fromBytes(Files.readAllBytes(signed), "the bytes", okl, trust).signature()).isPresent();
        assertThat(SigningKeys.fingerprint(SigningKeys.readPublic(dir.resolve("k.pub")))).isEqualTo(fingerprint);
    }
}
