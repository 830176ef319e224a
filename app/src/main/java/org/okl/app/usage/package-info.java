/**
 * The error of a command line that cannot run ({@link org.okl.app.usage.UsageException}): thrown by the commands and
 * the data arguments, reported by the root with its own exit code.
 */
package org.okl.app.usage;
