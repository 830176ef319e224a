package org.okl.app;

import java.io.PrintStream;
import org.okl.core.progress.ProgressListener;

/**
 * A one-line progress bar on standard error, redrawn in place; used only when OKL runs in a terminal, so that logs
 * and pipes stay clean.
 */
final class ConsoleProgress implements ProgressListener {
    private static final int WIDTH = 30;
    private final PrintStream err;

    ConsoleProgress(PrintStream err) {
        this.err = err;
    }

    /** A bar when standard error is a terminal, nothing otherwise. */
    static ProgressListener forTerminal() {
        return System.console() != null ? new ConsoleProgress(System.err) : ProgressListener.NONE;
    }

    @Override
    public synchronized void progress(String task, int done, int total) {
        int filled = total <= 0 ? WIDTH : (int) ((long) WIDTH * Math.min(done, total) / total);
        err.print("\r" + task + " [" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + done + "/" + total);
        if (done >= total) {
            err.print("\r" + " ".repeat(task.length() + WIDTH + 16) + "\r");
        }
        err.flush();
    }
}
