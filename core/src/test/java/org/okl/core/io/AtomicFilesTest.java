package org.okl.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @Test
    void writesTheWholeFileWithTheModeOfAnyNewFile(@TempDir Path dir) throws IOException {
        Path plain = Files.createFile(dir.resolve("plain.txt"));
        Path target = dir.resolve("a/b/out.txt");
        AtomicFiles.writeString(target, "héllo\n");
        assertThat(Files.readString(target)).isEqualTo("héllo\n");
        // the mode the user's umask gives every new file, not the owner-only mode of a temporary file
        assertThat(Files.getPosixFilePermissions(target)).isEqualTo(Files.getPosixFilePermissions(plain));
        assertThat(leftovers(target.getParent())).isEmpty();
    }

    @Test
    void aFileWhereTheFolderMustBeIsNamedAsNotAFolder(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("rows.csv"), "1,2\n");
        assertThatThrownBy(() -> AtomicFiles.writeString(file.resolve("m.okl"), "x"))
                .isInstanceOf(NotDirectoryException.class).hasMessage(file.toString());
        assertThat(Files.readString(file)).isEqualTo("1,2\n");
    }

    @Test
    void replacesAnExistingFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out.bin");
        Files.write(target, new byte[] {1, 2, 3, 4, 5});
        AtomicFiles.write(target, out -> out.write(new byte[] {9, 8}));
        assertThat(Files.readAllBytes(target)).containsExactly(9, 8);
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out.txt");
        Files.writeString(target, "old");
        assertThatThrownBy(() -> AtomicFiles.writeText(target, w -> {
            w.write("half of the new content");
            w.close();
            throw new IOException("disk full");
        })).hasMessage("disk full");
        assertThat(Files.readString(target)).isEqualTo("old");
        assertThat(leftovers(dir)).isEmpty();
    }

    /**
     * A folder or a named pipe (or a device: run as root, {@code --model /dev/null} once replaced {@code /dev/null}
     * with a regular file) is refused and left as it was.
     */
    @Test
    void aTargetThatIsNotARegularFileIsRefusedAndLeftAsItIs(@TempDir Path dir) throws Exception {
        Path folder = Files.createDirectory(dir.resolve("out"));
        Path fifo = dir.resolve("pipe");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        for (Path target : new Path[] {folder, fifo, dir.resolve("link")}) {
            if (target.endsWith("link")) {
                Files.createSymbolicLink(target, fifo);
            }
            assertThatThrownBy(() -> AtomicFiles.writeString(target, "x"))
                    .isInstanceOf(java.nio.file.FileSystemException.class)
                    .hasMessageContaining("not a regular file (a folder, a device or a named pipe)");
        }
        assertThat(Files.isDirectory(folder)).isTrue();
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Files.exists(fifo)).isTrue();
        assertThat(Files.isSymbolicLink(dir.resolve("link"))).isTrue();
        assertThat(leftovers(dir)).isEmpty();
    }

    private static Stream<String> leftovers(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList().stream();
        }
    }
}
