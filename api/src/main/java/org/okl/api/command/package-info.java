/**
 * Sub-commands of the {@code okl} command line that plugins contribute ({@link
 * org.okl.api.command.PluginCommand}), through the same {@link org.okl.api.plugin.OklPlugin} as every other
 * extension.
 */
package org.okl.api.command;
