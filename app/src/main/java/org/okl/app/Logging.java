package org.okl.app;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/** Sets the log level of the command line: warnings by default, debug with --verbose. */
final class Logging {
    private Logging() {
    }

    static void configure(boolean verbose) {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(verbose ? Level.DEBUG : Level.WARN);
    }
}
