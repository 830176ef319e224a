package org.okl.core.signing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Set;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.text.UserText;
import org.okl.core.io.IoErrors;

/**
 * Ed25519 key pairs for signing model files, from the JDK ({@code KeyPairGenerator "Ed25519"}), in the PEM files
 * OpenSSL reads and writes: the private key as PKCS#8 ({@code -----BEGIN PRIVATE KEY-----}), the public key as X.509
 * SubjectPublicKeyInfo ({@code -----BEGIN PUBLIC KEY-----}). A key's fingerprint is {@code sha256:} and the SHA-256 of
 * the public key's encoding (the DER bytes of the SubjectPublicKeyInfo) in lowercase hex, which OpenSSL gives as
 * {@code openssl pkey -pubin -in pub.pem -outform DER | sha256sum}. The private key file also holds the public key,
 * after the private key, so that signing can name its key by fingerprint (OpenSSL reads the first block).
 */
public final class SigningKeys {
    /** The signature algorithm (JDK name). */
    public static final String ALGORITHM = "Ed25519";
    private static final String PRIVATE_LABEL = "PRIVATE KEY";
    private static final String PUBLIC_LABEL = "PUBLIC KEY";
    /** The most bytes a key file may hold: an Ed25519 PEM file holds about 120. */
    private static final long MAX_FILE = 64 * 1024;

    private SigningKeys() {
    }

    /** A new random Ed25519 key pair. */
    public static KeyPair generate() {
        try {
            return KeyPairGenerator.getInstance(ALGORITHM).generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks Ed25519", e);
        }
    }

    /** The fingerprint of a public key: {@code sha256:} and 64 lowercase hex digits. */
    public static String fingerprint(PublicKey key) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getEncoded()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    /**
     * Writes a new key pair: the private key readable and writable by its owner only (on a file system with POSIX
     * permissions; elsewhere with the folder's defaults), the public key with the user's umask. Each file is written
     * to a temporary file beside it and renamed into place.
     *
     * @param force replace key files that exist; without it an existing file is refused and nothing is written
     * @throws OklException {@link ErrorCode#KEY_FILE} when a file exists (without {@code force}), both paths are the
     *                      same file, or a file cannot be written
     */
    public static void write(KeyPair pair, Path privateFile, Path publicFile, boolean force) {
        if (privateFile.toAbsolutePath().normalize().equals(publicFile.toAbsolutePath().normalize())) {
            throw keyError(privateFile, "is given for both the private and the public key; give two files");
        }
        if (!force) {
            for (Path p : new Path[] {privateFile, publicFile}) {
                if (Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    throw keyError(p, "exists; OKL never replaces a key file unless told to (--force)");
                }
            }
        }
        String pub = pem(PUBLIC_LABEL, pair.getPublic().getEncoded());
        writeFile(privateFile, pem(PRIVATE_LABEL, pair.getPrivate().getEncoded()) + pub, true, force);
        writeFile(publicFile, pub, false, force);
    }

    /**
     * Reads a key pair for signing: the private key from its PEM file, and the public key from the same file (where
     * {@link #write} puts it after the private key) or, for a private key file without one (made by
     * {@code openssl genpkey -algorithm ed25519}), from {@code publicFile}.
     *
     * @throws OklException {@link ErrorCode#KEY_FILE} when a file is missing or damaged, there is no public key, or
     *                      the two keys are not a pair
     */
    public static KeyPair readPair(Path privateFile, java.util.Optional<Path> publicFile) {
        PrivateKey key = readPrivate(privateFile);
        PublicKey pub;
        if (publicFile.isPresent()) {
            pub = readPublic(publicFile.get());
        } else if (holds(privateFile, PUBLIC_LABEL)) {
            pub = readPublic(privateFile);
        } else {
            throw keyError(privateFile, "holds no public key after its private key (OKL records the signing key's "
                    + "fingerprint); give the public key file too (--public)");
        }
        try {
            byte[] probe = "okl-key-pair-check".getBytes(StandardCharsets.US_ASCII);
            java.security.Signature s = java.security.Signature.getInstance(ALGORITHM);
            s.initSign(key);
            s.update(probe);
            byte[] signature = s.sign();
            s.initVerify(pub);
            s.update(probe);
            if (!s.verify(signature)) {
                throw keyError(publicFile.orElse(privateFile), "holds the public key " + fingerprint(pub) + ", which "
                        + "is not the one of the private key in " + UserText.quote(privateFile.toString()));
            }
        } catch (GeneralSecurityException e) {
            throw keyError(privateFile, "cannot sign with this key: " + e.getMessage());
        }
        return new KeyPair(pub, key);
    }

    private static boolean holds(Path file, String label) {
        try {
            return Files.size(file) <= MAX_FILE && Files.readString(file, StandardCharsets.ISO_8859_1)
                    .contains("-----BEGIN " + label + "-----");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Reads an Ed25519 private key from a PEM (PKCS#8) file.
     *
     * @throws OklException {@link ErrorCode#KEY_FILE} when the file is missing, unreadable or holds no Ed25519
     *                      private key
     */
    public static PrivateKey readPrivate(Path file) {
        byte[] der = readPem(file, PRIVATE_LABEL);
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException | RuntimeException e) {
            throw keyError(file, "is not an Ed25519 private key (PKCS#8 PEM, as 'okl keys generate' writes it)");
        }
    }

    /**
     * Reads an Ed25519 public key from a PEM (X.509 SubjectPublicKeyInfo) file.
     *
     * @throws OklException {@link ErrorCode#KEY_FILE} when the file is missing, unreadable or holds no Ed25519
     *                      public key
     */
    public static PublicKey readPublic(Path file) {
        byte[] der = readPem(file, PUBLIC_LABEL);
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePublic(new X509EncodedKeySpec(der));
        } catch (GeneralSecurityException | RuntimeException e) {
            throw keyError(file, "is not an Ed25519 public key (X.509 SubjectPublicKeyInfo PEM, as 'okl keys "
                    + "generate' writes it)");
        }
    }

    /** Whether a key is an Ed25519 key (the JDK names them {@code EdDSA} or {@code Ed25519}). */
    public static boolean isEd25519(java.security.Key key) {
        return key.getAlgorithm().equals("EdDSA") || key.getAlgorithm().equals(ALGORITHM);
    }

    private static byte[] readPem(Path file, String label) {
        byte[] bytes;
        try {
            if (Files.isDirectory(file)) {
                throw keyError(file, "is a folder, not a key file");
            }
            if (Files.size(file) > MAX_FILE) {
                throw keyError(file, "holds " + Files.size(file) + " bytes, far more than a PEM key file; it is not "
                        + "a key file");
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw keyError(file, "no such key file");
        } catch (IOException e) {
            throw keyError(file, "cannot read the key file: " + IoErrors.describe(e));
        }
        String text = new String(bytes, StandardCharsets.US_ASCII).replace("\r", "");
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        int from = text.indexOf(begin);
        int to = text.indexOf(end);
        if (from < 0 || to < from) {
            throw keyError(file, "has no '" + begin + "' block; give a PEM " + label.toLowerCase(java.util.Locale.ROOT)
                    + " file");
        }
        try {
            return Base64.getDecoder().decode(text.substring(from + begin.length(), to).replaceAll("[ \t\n]", ""));
        } catch (IllegalArgumentException e) {
            throw keyError(file, "its " + label.toLowerCase(java.util.Locale.ROOT) + " block is not base64; the file "
                    + "is damaged");
        }
    }

    private static String pem(String label, byte[] der) {
        StringBuilder pem = new StringBuilder("-----BEGIN ").append(label).append("-----\n");
        String b64 = Base64.getEncoder().encodeToString(der);
        for (int i = 0; i < b64.length(); i += 64) {
            pem.append(b64, i, Math.min(b64.length(), i + 64)).append('\n');
        }
        return pem.append("-----END ").append(label).append("-----\n").toString();
    }

    private static void writeFile(Path file, String pem, boolean ownerOnly, boolean force) {
        Path absolute = file.toAbsolutePath();
        Path tmp = null;
        try {
            Files.createDirectories(absolute.getParent());
            Set<PosixFilePermission> owner = PosixFilePermissions.fromString("rw-------");
            boolean posix = Files.getFileStore(absolute.getParent()).supportsFileAttributeView("posix");
            tmp = absolute.resolveSibling("." + absolute.getFileName() + "." + Long.toUnsignedString(
                    java.util.concurrent.ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
            if (ownerOnly && posix) {
                Files.createFile(tmp, PosixFilePermissions.asFileAttribute(owner));
            } else {
                Files.createFile(tmp);
            }
            Files.writeString(tmp, pem, StandardCharsets.US_ASCII);
            if (force) {
                Files.move(tmp, absolute, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.move(tmp, absolute); // refuses a file that appeared meanwhile
            }
            tmp = null;
        } catch (FileAlreadyExistsException e) {
            throw keyError(file, "exists; OKL never replaces a key file unless told to (--force)");
        } catch (IOException e) {
            throw keyError(file, "cannot write the key file: " + IoErrors.describe(e));
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // nothing more to do: the key was not written
                }
            }
        }
    }

    private static OklException keyError(Path file, String problem) {
        return new OklException(ErrorCode.KEY_FILE, UserText.quote(file.toString()) + ": " + problem);
    }
}
