package org.okl.app;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * The log message with control characters escaped and its length bounded ({@link ErrorReporter#safe}): the last
 * guard that keeps a file's bytes (an escape sequence in a CSV header, megabytes of binary) from reaching the
 * terminal raw through a note or a warning, whatever logged it. Used as {@code %safeMessage} in {@code logback.xml}.
 */
public final class EscapedMessageConverter extends MessageConverter {

    @Override
    public String convert(ILoggingEvent event) {
        return ErrorReporter.safe(super.convert(event));
    }
}
