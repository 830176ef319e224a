package org.okl.app.command;

import org.okl.core.Okl;

/**
 * The {@code okl} root command as its sub-commands see it: the runtime its global options build. Sub-commands take it
 * as their picocli parent, so they depend on this interface rather than on the root command's class (which lists
 * them).
 */
public interface CommandRoot {

    /** The OKL runtime of the global options (back-end, plugin folders, data directory, seed). */
    Okl okl();

    /**
     * The OKL runtime, for a command that creates the data directory when it is missing
     * ({@code okl datasets fetch}).
     */
    Okl oklCreatingDataDirectory();
}
