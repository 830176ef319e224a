package org.okl.core.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * I/O errors in words for one-line user messages: what happened and to which file, never the exception's class name
 * (Java's file-system exceptions often carry only the path as their message).
 */
public final class IoErrors {
    private IoErrors() {
    }

    /** For example {@code permission denied: /data/m.okl} or {@code no such file or folder: /data/x}. */
    public static String describe(Exception e) {
        Throwable t = e instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : e;
        if (t instanceof FileSystemException f) {
            String file = f.getFile() == null ? "" : ": " + f.getFile();
            if (f instanceof AccessDeniedException) {
                return "permission denied" + file;
            }
            if (f instanceof NoSuchFileException) {
                return "no such file or folder" + file;
            }
            if (f instanceof NotDirectoryException) {
                return "not a folder" + file;
            }
            if (f instanceof FileAlreadyExistsException) {
                return "already exists" + file;
            }
            if (f instanceof DirectoryNotEmptyException) {
                return "folder not empty" + file;
            }
            return (f.getReason() == null ? "file-system error" : f.getReason()) + file;
        }
        if (t instanceof IOException && t.getMessage() != null) {
            return t.getMessage();
        }
        return t.getMessage() == null ? "I/O error" : t.getMessage();
    }
}
