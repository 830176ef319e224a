package org.okl.core;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.okl.core.io.AtomicFiles;

/**
 * A ZIP archive whose entries are listed with their SHA-256 in a last entry {@value #SUMS}, in the format of
 * {@code sha256sum} ({@code <64 hex digits><two spaces><entry name>} per line), so that {@code unzip} then
 * {@code sha256sum -c SHA256SUMS} checks an unpacked file without OKL. The reader verifies every entry it reads.
 * A signed archive has one more entry, {@value ArchiveSignature#ENTRY}, not listed (it signs the list itself).
 */
final class ChecksummedZip {
    /** The checksum entry. */
    static final String SUMS = "SHA256SUMS";
    /** The most bytes one entry may hold: the largest byte array the JVM makes. */
    private static final long MAX_ENTRY = Integer.MAX_VALUE - 8;

    private ChecksummedZip() {
    }

    /** Writes entries, then the checksum entry. */
    static final class Writer {
        private final ZipOutputStream zip;
        private final Map<String, String> sums = new LinkedHashMap<>();

        /** Writes to {@code out}, which {@link #finish()} closes. */
        Writer(OutputStream out) {
            this.zip = new ZipOutputStream(out);
        }

        /** Adds an entry. */
        void add(String name, AtomicFiles.Content content) throws IOException {
            if (name.equals(SUMS) || name.equals(ArchiveSignature.ENTRY) || sums.containsKey(name)) {
                throw new IllegalArgumentException("entry '" + name + "' is reserved or already written");
            }
            zip.putNextEntry(new ZipEntry(name));
            MessageDigest md = sha256();
            OutputStream entry = new DigestOutputStream(new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    zip.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    zip.write(b, off, len);
                }
            }, md);
            content.writeTo(entry);
            entry.flush();
            zip.closeEntry();
            sums.put(name, HexFormat.of().formatHex(md.digest()));
        }

        /** Writes the checksum entry and the ZIP directory, and closes the stream. */
        void finish() throws IOException {
            StringBuilder text = new StringBuilder();
            sums.forEach((name, sum) -> text.append(sum).append("  ").append(name).append('\n'));
            zip.putNextEntry(new ZipEntry(SUMS));
            zip.write(text.toString().getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
            zip.close();
        }
    }

    /** The entries of an archive: a ZIP file on disk, or the bytes of one in memory. */
    private interface Entries {
        /** Whether the archive has the entry. */
        boolean has(String name);

        /** Every entry's name. */
        List<String> names();

        /** An entry's bytes, never more than {@code limit} (see {@link ChecksummedZip#bounded}). */
        byte[] bounded(String name, long limit) throws IOException;
    }

    /** Reads entries of an archive, verifying each against the checksum entry when the archive has one. */
    static final class Reader {
        private final Entries zip;
        private final String file;
        private final Map<String, String> sums;
        private final byte[] sumsBytes;

        private Reader(Entries zip, String file, Map<String, String> sums, byte[] sumsBytes) {
            this.zip = zip;
            this.file = file;
            this.sums = sums;
            this.sumsBytes = sumsBytes;
        }

        /** Opens the entries of {@code zip} (read from {@code file}, named in errors). */
        static Reader open(ZipFile zip, String file) throws IOException {
            return open(new Entries() {
                @Override
                public boolean has(String name) {
                    return zip.getEntry(name) != null;
                }

                @Override
                public List<String> names() {
                    return Collections.list(zip.entries()).stream().map(ZipEntry::getName).toList();
                }

                @Override
                public byte[] bounded(String name, long limit) throws IOException {
                    return ChecksummedZip.bounded(zip, zip.getEntry(name), file, limit);
                }
            }, file);
        }

        /**
         * Opens the entries of an archive held in memory (a model sent to a Spark executor), named {@code file} in
         * errors: nothing is written to or read from disk. An entry is inflated when it is read, never beyond the
         * limit it is read with.
         *
         * @throws IOException when the bytes are not a ZIP archive, or an entry name appears twice
         */
        static Reader open(byte[] archive, String file) throws IOException {
            List<String> names = new ArrayList<>();
            try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(archive))) {
                for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                    if (names.contains(e.getName())) {
                        throw new ZipException("entry " + org.okl.api.text.UserText.quote(e.getName())
                                + " appears twice");
                    }
                    names.add(e.getName());
                }
            }
            if (names.isEmpty()) {
                throw new ZipException("no ZIP entries");
            }
            List<String> all = List.copyOf(names);
            return open(new Entries() {
                @Override
                public boolean has(String name) {
                    return all.contains(name);
                }

                @Override
                public List<String> names() {
                    return all;
                }

                @Override
                public byte[] bounded(String name, long limit) throws IOException {
                    try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(archive))) {
                        for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                            if (e.getName().equals(name)) {
                                return atMost(in, e, -1, Math.min(limit, MAX_ENTRY), file);
                            }
                        }
                    }
                    throw new ZipException("entry " + org.okl.api.text.UserText.quote(name) + " vanished");
                }
            }, file);
        }

        private static Reader open(Entries zip, String file) throws IOException {
            if (!zip.has(SUMS)) {
                return new Reader(zip, file, null, null);
            }
            Map<String, String> sums = new LinkedHashMap<>();
            byte[] raw = zip.bounded(SUMS, Long.MAX_VALUE);
            String text = new String(raw, StandardCharsets.UTF_8);
            int line = 0;
            for (String l : text.split("\n", -1)) {
                line++;
                if (l.isEmpty()) {
                    continue;
                }
                if (l.length() < 67 || !l.substring(0, 64).matches("[0-9a-f]{64}") || !l.startsWith("  ", 64)) {
                    throw ModelArchive.invalid(file, SUMS + " line " + line + " is not '<sha-256>  <entry>'; the file "
                            + "is damaged");
                }
                sums.put(l.substring(66), l.substring(0, 64));
            }
            return new Reader(zip, file, Collections.unmodifiableMap(sums), raw);
        }

        /** The exact bytes of the checksum entry (what a signature signs), or {@code null} when there is none. */
        byte[] sumsBytes() {
            return sumsBytes == null ? null : sumsBytes.clone();
        }

        /** The names of the archive's entries, in order. */
        List<String> names() {
            return zip.names();
        }

        /**
         * The bytes of an entry that the checksum entry does not list (the signature), never more than
         * {@code limit}: they are not checked here.
         */
        byte[] readUnlisted(String name, long limit) throws IOException {
            return zip.bounded(name, limit);
        }

        /** Whether the archive has the entry. */
        boolean has(String name) {
            return zip.has(name);
        }

        /**
         * Fails unless the archive has a checksum entry listing exactly its other entries (a format that requires
         * checksums).
         */
        void requireChecksums() {
            if (sums == null) {
                throw ModelArchive.invalid(file, "has no " + SUMS + " entry; the file is damaged or was not written "
                        + "by OKL");
            }
            TreeSet<String> unlisted = new TreeSet<>();
            zip.names().forEach(name -> {
                if (!name.equals(SUMS) && !name.equals(ArchiveSignature.ENTRY) && !sums.containsKey(name)) {
                    unlisted.add(name);
                }
            });
            if (!unlisted.isEmpty()) {
                throw ModelArchive.invalid(file, "entries " + org.okl.api.text.UserText.escape(unlisted.toString())
                        + " are not listed in " + SUMS
                        + "; the file was altered");
            }
            TreeSet<String> missing = new TreeSet<>();
            sums.keySet().forEach(name -> {
                if (!has(name)) {
                    missing.add(name);
                }
            });
            if (!missing.isEmpty()) {
                throw ModelArchive.invalid(file, "entries " + missing + " listed in " + SUMS
                        + " are missing; the file is truncated or damaged");
            }
        }

        /** The bytes of an entry, verified against its checksum when the archive has checksums. */
        byte[] read(String name) throws IOException {
            return read(name, Long.MAX_VALUE);
        }

        /**
         * The same, refusing an entry that holds more than {@code limit} bytes (what the index says it holds) before
         * reading more than that.
         */
        byte[] read(String name, long limit) throws IOException {
            byte[] bytes = zip.bounded(name, limit);
            if (sums != null) {
                String expected = sums.get(name);
                if (expected == null) {
                    throw ModelArchive.invalid(file, "entry " + org.okl.api.text.UserText.quote(name)
                            + " is not listed in " + SUMS
                            + "; the file was altered");
                }
                String actual = HexFormat.of().formatHex(sha256().digest(bytes));
                if (!actual.equals(expected)) {
                    throw ModelArchive.invalid(file, "entry " + name + " fails its SHA-256 check (the file is "
                            + "damaged); fit the model again or restore the file from a copy");
                }
            }
            return bytes;
        }
    }

    /**
     * An entry's bytes, never more than its declared size (the ZIP directory's), {@code limit}, or the largest array
     * the JVM makes: a crafted entry that inflates to gigabytes (a ZIP bomb) is refused as damaged after that many
     * bytes, never read until the heap runs out.
     */
    private static byte[] bounded(ZipFile zip, ZipEntry entry, String file, long limit) throws IOException {
        long cap = Math.min(limit, MAX_ENTRY);
        long declared = entry.getSize();
        String shown = org.okl.api.text.UserText.quote(entry.getName());
        if (declared > cap) {
            throw ModelArchive.invalid(file, "entry " + shown + " declares " + declared + " bytes, more than "
                    + (cap == limit ? "the " + limit + " its index gives it" : "an entry OKL writes holds")
                    + "; the file is damaged or was crafted");
        }
        try (InputStream in = zip.getInputStream(entry)) {
            return atMost(in, entry, declared, declared >= 0 ? declared : cap, file);
        }
    }

    /**
     * An entry's bytes from its stream, refused as damaged when it holds more than {@code cap}.
     *
     * @param declared the size the archive's directory declares, or -1 when not known
     */
    private static byte[] atMost(InputStream in, ZipEntry entry, long declared, long cap, String file)
            throws IOException {
        byte[] bytes = in.readNBytes((int) cap);
        if (in.read() >= 0) {
            throw ModelArchive.invalid(file, "entry " + org.okl.api.text.UserText.quote(entry.getName())
                    + " holds more than " + (declared >= 0 ? "its declared " : "the ") + cap + " bytes; the file is "
                    + "damaged or was crafted");
        }
        return bytes;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }
}
