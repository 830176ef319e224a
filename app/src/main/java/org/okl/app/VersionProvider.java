package org.okl.app;

import org.okl.api.OklVersion;
import picocli.CommandLine;

/** Prints the OKL version for {@code okl --version}. */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"okl " + OklVersion.get()};
    }
}
