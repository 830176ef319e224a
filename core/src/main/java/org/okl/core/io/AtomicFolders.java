package org.okl.core.io;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Writes a folder of files atomically (a report): the files go into a hidden temporary sibling folder
 * {@code .NAME.RANDOM.tmp}, each flushed to disk ({@link AtomicFiles}), and the folder is renamed to the target, so
 * the target is either absent (or as it was) or whole; a failure (an exception, a full disk, a signal) deletes the
 * temporary folder. A target that exists is replaced only when it is an empty folder or the caller says it may be
 * (for example a report written before); it is first renamed aside, and put back when the new folder cannot be moved
 * in.
 */
public final class AtomicFolders {

    /** Writes the folder's files; may throw {@link IOException}. */
    @FunctionalInterface
    public interface Content {
        /** Writes the files into the (new, empty) folder. */
        void writeInto(Path folder) throws IOException;
    }

    private AtomicFolders() {
    }

    /**
     * Writes a folder atomically, creating missing parent folders.
     *
     * @param target      the folder to write
     * @param replaceable whether an existing non-empty folder may be replaced (it is given the folder's path)
     * @param content     what to write into it
     * @throws IOException {@link FileAlreadyExistsException} when the target exists and may not be replaced (a file,
     *                     or a folder with files that {@code replaceable} refuses); any error of the content or of
     *                     the file system; the target is then unchanged and no temporary folder is left
     */
    public static void write(Path target, Predicate<Path> replaceable, Content content) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        if (parent == null) {
            throw new FileAlreadyExistsException(target.toString(), null, "the root folder is never replaced");
        }
        requireReplaceable(target, absolute, replaceable);
        try {
            Files.createDirectories(parent);
        } catch (FileAlreadyExistsException e) {
            throw new NotDirectoryException(e.getFile());
        }
        String name = absolute.getFileName().toString();
        Path tmp = sibling(parent, name, "tmp");
        AtomicFiles.pending(tmp);
        try {
            Files.createDirectory(tmp);
            content.writeInto(tmp);
            moveInto(tmp, absolute, target, replaceable);
        } finally {
            try {
                deleteTree(tmp);
            } finally {
                AtomicFiles.done(tmp);
            }
        }
    }

    /** Whether a folder holds no entry. */
    public static boolean isEmptyFolder(Path folder) throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        }
    }

    private static void requireReplaceable(Path target, Path absolute, Predicate<Path> replaceable)
            throws IOException {
        if (!Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!Files.isDirectory(absolute, LinkOption.NOFOLLOW_LINKS)) {
            throw new FileAlreadyExistsException(target.toString(), null, "exists and is not a folder");
        }
        if (!isEmptyFolder(absolute) && !replaceable.test(absolute)) {
            throw new FileAlreadyExistsException(target.toString(), null, "exists and holds files");
        }
    }

    /** Renames the written folder to the target, setting an existing target aside first and deleting it after. */
    private static void moveInto(Path tmp, Path absolute, Path target, Predicate<Path> replaceable)
            throws IOException {
        requireReplaceable(target, absolute, replaceable);
        if (!Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            rename(tmp, absolute);
            return;
        }
        // the old folder is not registered for the shutdown hook: a signal now leaves it beside the target, never
        // deletes it
        Path old = sibling(absolute.getParent(), absolute.getFileName().toString(), "old");
        rename(absolute, old);
        try {
            rename(tmp, absolute);
        } catch (IOException e) {
            try {
                rename(old, absolute);
            } catch (IOException back) {
                e.addSuppressed(back);
            }
            throw e;
        }
        deleteTree(old);
    }

    private static void rename(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    /** A hidden sibling path {@code .NAME.RANDOM.SUFFIX} that does not exist yet. */
    private static Path sibling(Path parent, String name, String suffix) {
        while (true) {
            Path p = parent.resolve("." + name + "." + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(),
                    36) + "." + suffix);
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                return p;
            }
        }
    }

    /** Deletes a file, or a folder and everything in it (links are deleted, never followed); nothing when absent. */
    static void deleteTree(Path root) throws IOException {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            Files.deleteIfExists(root);
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    if (e != null) {
                        throw e;
                    }
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException e) {
            // deleted meanwhile
        }
    }
}
