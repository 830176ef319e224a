package org.okl.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFoldersTest {
    @TempDir
    Path dir;

    private List<String> entries(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFailingContentLeavesNeitherTheTargetNorATemporaryFolder() throws IOException {
        Path target = dir.resolve("out");
        assertThatThrownBy(() -> AtomicFolders.write(target, p -> false, folder -> {
            Files.writeString(folder.resolve("a.txt"), "a");
            throw new IOException("disk full");
        })).isInstanceOf(IOException.class).hasMessage("disk full");
        assertThat(entries(dir)).isEmpty();
    }

    @Test
    void writesWholeAndReplacesOnlyWhatItMay() throws IOException {
        Path target = dir.resolve("out");
        AtomicFolders.write(target, p -> false, folder -> Files.writeString(folder.resolve("a.txt"), "1"));
        assertThat(entries(target)).containsExactly("a.txt");
        assertThatThrownBy(() -> AtomicFolders.write(target, p -> false, folder -> Files.writeString(
                folder.resolve("b.txt"), "2"))).isInstanceOf(FileAlreadyExistsException.class);
        assertThat(entries(target)).containsExactly("a.txt");
        AtomicFolders.write(target, p -> true, folder -> Files.writeString(folder.resolve("b.txt"), "2"));
        assertThat(entries(target)).containsExactly("b.txt");
        assertThat(entries(dir)).containsExactly("out");
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> AtomicFolders.write(file, p -> true, folder -> {
        })).isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    /** What a signal's shutdown hook does to a folder still being written: it deletes the folder and its files. */
    @Test
    void theShutdownHookDeletesAFolderBeingWritten() throws IOException {
        Path target = dir.resolve("out");
        assertThatThrownBy(() -> AtomicFolders.write(target, p -> false, folder -> {
            Files.writeString(folder.resolve("a.txt"), "a");
            Files.createDirectory(folder.resolve("sub"));
            Files.writeString(folder.resolve("sub/b.txt"), "b");
            AtomicFiles.deletePending();
            assertThat(folder).doesNotExist();
            throw new IOException("stopped");
        })).hasMessage("stopped");
        assertThat(entries(dir)).isEmpty();
    }
}
