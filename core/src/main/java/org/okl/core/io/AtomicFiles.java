package org.okl.core.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes files atomically: the content goes to a hidden temporary file in the target's folder, is flushed to disk, and
 * is renamed over the target, so a reader sees the old file or the whole new one and a failure (an exception, a full
 * disk, a killed process) never leaves a partial file under the target's name. A target that exists and is not a
 * regular file (a folder, a device such as {@code /dev/null}, a named pipe) is refused, never replaced.
 *
 * <p>The temporary file is created the way any new file is, so the result has the permissions the user's umask gives
 * ({@code -rw-r--r--} under umask 022, {@code -rw-rw-r--} under 002), unlike {@link Files#createTempFile}, whose
 * owner-only mode would survive the rename. Every file OKL writes for the user (models, predictions, reports) goes
 * through this class.
 *
 * <p>A temporary file is registered while it is being written, and a shutdown hook deletes every registered one:
 * a process stopped by a signal ({@code SIGTERM}, Ctrl-C) while it writes leaves neither a partial target nor a
 * stray {@code .NAME.*.tmp} file (only {@code SIGKILL}, which runs no hook, can leave the latter).
 */
public final class AtomicFiles {

    /** Writes content to a stream; may throw {@link IOException}. */
    @FunctionalInterface
    public interface Content {
        /** Writes the content to a buffered stream; closing it only flushes (the caller closes the file). */
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes text to a writer; may throw {@link IOException}. */
    @FunctionalInterface
    public interface TextContent {
        /** Writes the text to a UTF-8 writer; closing it only flushes (the caller closes the file). */
        void writeTo(Writer out) throws IOException;
    }

    /** The temporary files being written now; the shutdown hook deletes what is left of them. */
    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();

    static {
        Thread cleaner = new Thread(AtomicFiles::deletePending, "okl-temporary-files");
        try {
            Runtime.getRuntime().addShutdownHook(cleaner);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already stopping: nothing is being written
        }
    }

    private AtomicFiles() {
    }

    /** Deletes every temporary file (or folder, {@link AtomicFolders}) still being written (the shutdown hook). */
    static void deletePending() {
        for (Path tmp : PENDING) {
            try {
                AtomicFolders.deleteTree(tmp);
            } catch (IOException e) {
                // nothing more can be done while the JVM stops
            }
            PENDING.remove(tmp);
        }
    }

    /** Registers a temporary path being written, for the shutdown hook to delete. */
    static void pending(Path tmp) {
        PENDING.add(tmp);
    }

    /** Unregisters a temporary path: it was moved into place or deleted. */
    static void done(Path tmp) {
        PENDING.remove(tmp);
    }

    /**
     * Writes a file atomically, creating missing parent folders.
     *
     * @throws IOException when the folder or file cannot be written; the target is then unchanged
     */
    public static void write(Path target, Content content) throws IOException {
        Path absolute = target.toAbsolutePath();
        if (Files.exists(absolute) && !Files.isRegularFile(absolute)) {
            // the rename would replace a folder's entry, a device (as root, /dev/null itself) or a named pipe
            throw new FileSystemException(target.toString(), null, "not a regular file (a folder, a device or a "
                    + "named pipe), which OKL never replaces");
        }
        Path dir = absolute.getParent();
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            // a file stands where a folder must: say so, not "already exists"
            throw new NotDirectoryException(e.getFile());
        }
        Path tmp = createTemporary(dir, absolute.getFileName().toString());
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
                content.writeTo(new KeepOpen(out));
                out.flush();
                channel.force(true);
            }
            try {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            try {
                if (!moved) {
                    Files.deleteIfExists(tmp);
                }
            } finally {
                PENDING.remove(tmp);
            }
        }
    }

    /** Writes a UTF-8 text file atomically (see {@link #write(Path, Content)}). */
    public static void writeText(Path target, TextContent content) throws IOException {
        write(target, out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            content.writeTo(w);
            w.flush();
        });
    }

    /** Writes a string as a UTF-8 text file atomically (see {@link #write(Path, Content)}). */
    public static void writeString(Path target, String text) throws IOException {
        writeText(target, w -> w.write(text));
    }

    /** A stream that passes writes through and turns {@code close()} into {@code flush()}. */
    private static final class KeepOpen extends OutputStream {
        private final OutputStream out;

        KeepOpen(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.flush();
        }
    }

    /** A new empty file {@code .NAME.RANDOM.tmp} in {@code dir}, created with the default (umask) permissions. */
    private static Path createTemporary(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + name + "." + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36)
                    + ".tmp");
            PENDING.add(tmp); // registered before it exists, so a signal never finds it unregistered
            try {
                Files.newByteChannel(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return tmp;
            } catch (FileAlreadyExistsException e) {
                PENDING.remove(tmp);
                if (attempt >= 100) {
                    throw e;
                }
            } catch (IOException | RuntimeException e) {
                PENDING.remove(tmp);
                throw e;
            }
        }
    }
}
