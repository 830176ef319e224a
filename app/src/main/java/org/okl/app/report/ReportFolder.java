package org.okl.app.report;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.text.UserText;
import org.okl.app.usage.UsageException;
import org.okl.core.UncertaintyTally;
import org.okl.core.io.AtomicFiles;
import org.okl.core.io.AtomicFolders;
import org.okl.core.io.IoErrors;

/**
 * Writes an evaluation report folder ({@code okl evaluate --report DIR}): {@code index.html} ({@link HtmlReport}) and
 * {@code report.json} ({@link ReportJson}), rendered inside the write and moved into place as a whole
 * ({@link AtomicFolders}), so that an error leaves no half-written folder. A folder that exists is refused before the
 * evaluation runs, unless it is empty, or it is a report written before (only {@code index.html} and
 * {@code report.json}) and {@code --force} is given; OKL never replaces a folder holding anything else.
 */
public final class ReportFolder {
    /** The files of a report. */
    static final Set<String> FILES = Set.of("index.html", "report.json");

    private ReportFolder() {
    }

    /**
     * Refuses a report folder that cannot be written, before any work: one that exists and is not a folder, or holds
     * files and may not be replaced.
     *
     * @param dir   the report folder
     * @param force whether a report written before may be replaced
     * @throws UsageException naming the folder and what to do
     */
    public static void check(Path dir, boolean force) {
        String shown = "--report " + UserText.quote(dir.toString());
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new UsageException(shown + " exists and is not a folder; name a new folder for the report");
        }
        boolean empty;
        try {
            empty = AtomicFolders.isEmptyFolder(dir);
        } catch (IOException e) {
            throw new OklException(ErrorCode.OUTPUT_FILE, shown + ": cannot read the folder: " + IoErrors.describe(e),
                    e);
        }
        if (empty) {
            return;
        }
        if (!isReport(dir)) {
            throw new UsageException(shown + " holds files other than a report's (index.html, report.json); OKL "
                    + "never replaces such a folder: name a new folder");
        }
        if (!force) {
            throw new UsageException(shown + " holds a report; add --force to replace it, or name a new folder");
        }
    }

    /**
     * Writes the report: the page and the JSON of the evaluation's tally.
     *
     * @throws OklException {@link ErrorCode#OUTPUT_FILE} when the folder cannot be written; nothing is left then
     */
    public static void write(Path dir, boolean force, ReportHeader header, UncertaintyTally tally) {
        Map<String, Supplier<String>> files = new LinkedHashMap<>();
        files.put("report.json", () -> ReportJson.render(header, tally));
        files.put("index.html", () -> HtmlReport.render(header, tally));
        write(dir, force, files);
    }

    /** Writes files, each rendered inside the atomic write (an exception there leaves nothing). */
    static void write(Path dir, boolean force, Map<String, Supplier<String>> files) {
        check(dir, force);
        try {
            AtomicFolders.write(dir, p -> force && isReport(p), folder -> {
                for (Map.Entry<String, Supplier<String>> f : files.entrySet()) {
                    AtomicFiles.writeString(folder.resolve(f.getKey()), f.getValue().get());
                }
            });
        } catch (FileAlreadyExistsException e) {
            throw new UsageException("--report " + UserText.quote(dir.toString()) + " appeared while the evaluation "
                    + "ran: name a new folder, or add --force to replace a report");
        } catch (IOException e) {
            throw new OklException(ErrorCode.OUTPUT_FILE, "--report " + UserText.quote(dir.toString()) + ": cannot "
                    + "write the report: " + IoErrors.describe(e), e);
        }
    }

    /** Whether a folder holds only a report's files, each a regular file. */
    private static boolean isReport(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.allMatch(p -> FILES.contains(p.getFileName().toString())
                    && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS));
        } catch (IOException e) {
            return false;
        }
    }
}
