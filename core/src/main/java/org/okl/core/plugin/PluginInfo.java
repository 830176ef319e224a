package org.okl.core.plugin;

/**
 * A loaded plugin, for {@code okl plugins} and model provenance.
 *
 * @param name     the plugin's name
 * @param version  its version
 * @param location its JAR
 */
public record PluginInfo(String name, String version, String location) {
}
