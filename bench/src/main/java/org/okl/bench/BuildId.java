package org.okl.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.okl.api.OklVersion;

/**
 * Which OKL build is running, for results kept across runs (benchmark parts, experiment checkpoints): the version
 * and the first 12 hex digits of the SHA-256 of the JAR this class was loaded from ({@code classes} when it runs from
 * a build's class folders, {@code unknown} when the JAR cannot be read).
 */
public final class BuildId {
    private BuildId() {
    }

    /** This build, such as {@code okl 0.1.0-SNAPSHOT 3f2a9c01d4be}. */
    public static String current() {
        String hash = "classes";
        try {
            var source = BuildId.class.getProtectionDomain().getCodeSource();
            Path location = source == null ? null : Path.of(source.getLocation().toURI());
            if (location != null && Files.isRegularFile(location)) {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                try (InputStream in = new DigestInputStream(Files.newInputStream(location), sha)) {
                    in.transferTo(java.io.OutputStream.nullOutputStream());
                }
                hash = HexFormat.of().formatHex(sha.digest()).substring(0, 12);
            }
        } catch (IOException | URISyntaxException | NoSuchAlgorithmException | SecurityException
                | IllegalArgumentException e) {
            hash = "unknown";
        }
        return "okl " + OklVersion.get() + " " + hash;
    }
}
