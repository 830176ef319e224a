package org.okl.spark.exec;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkFiles;
import org.apache.spark.TaskContext;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.text.UserText;
import org.okl.core.Okl;

/**
 * The driver's folder plugins as the executors receive them. Each plugin JAR is added to the application with
 * {@link SparkContext#addFile}, so Spark's own file server sends it to every executor (no shared file system, nothing
 * written by OKL); this description, which JARs make up which plugin and their SHA-256, travels with the work: as a
 * local property of the jobs of a fit or an evaluation ({@link #inJobsOf}), and inside the model broadcast for
 * predictions. An executor loads each plugin from the fetched JARs in a class loader of its own, as the driver loaded
 * it from its folder ({@link ExecutorOkl#get(ShippedPlugins)}), after checking each JAR's digest.
 */
public final class ShippedPlugins implements Serializable {
    /** The local property that carries the description to the tasks of a job. */
    public static final String PROPERTY = "okl.plugins";
    /** No folder plugins. */
    public static final ShippedPlugins NONE = new ShippedPlugins(List.of());
    private static final long serialVersionUID = 1L;

    private final List<Plugin> plugins;

    /**
     * One plugin.
     *
     * @param location where it came from on the driver (its JAR or sub-folder)
     * @param jars     its JARs, in class-path order
     */
    private record Plugin(String location, List<Jar> jars) implements Serializable {
    }

    /**
     * One JAR: its file name (what Spark ships it under), its path on the driver and its SHA-256.
     */
    private record Jar(String name, String driverPath, String sha256) implements Serializable {
    }

    private ShippedPlugins(List<Plugin> plugins) {
        this.plugins = List.copyOf(plugins);
    }

    /**
     * Adds the plugin JARs of the folders to the application and describes them.
     *
     * @throws OklException ({@link ErrorCode#PLUGIN_FOLDER}) for a folder that cannot be listed or read, or two
     *                      different JARs with the same file name (Spark ships files by name)
     */
    public static ShippedPlugins ship(SparkContext sc, List<Path> folders) {
        if (folders.isEmpty()) {
            return NONE;
        }
        Map<String, Jar> byName = new HashMap<>();
        List<Plugin> plugins = new ArrayList<>();
        for (Okl.FolderPlugin plugin : Okl.folderPlugins(folders)) {
            List<Jar> jars = new ArrayList<>();
            for (Path file : plugin.jars()) {
                Jar jar = new Jar(file.getFileName().toString(), file.toAbsolutePath().toString(), sha256(file));
                Jar same = byName.putIfAbsent(jar.name(), jar);
                if (same == null) {
                    sc.addFile(file.toAbsolutePath().toUri().toString());
                } else if (!same.sha256().equals(jar.sha256())) {
                    throw new OklException(ErrorCode.PLUGIN_FOLDER, "plugin JARs " + UserText.quote(same.driverPath(),
                            200) + " and " + UserText.quote(jar.driverPath(), 200) + " have the same file name but "
                            + "differ; Spark ships files to the executors by name: rename one");
                }
                jars.add(jar);
            }
            plugins.add(new Plugin(plugin.location(), jars));
        }
        return new ShippedPlugins(plugins);
    }

    /** Whether there is no folder plugin. */
    public boolean isEmpty() {
        return plugins.isEmpty();
    }

    /**
     * The plugins' JARs where this JVM finds them: the fetched copies in a task ({@link SparkFiles}), the driver's
     * own files elsewhere, each checked against its digest.
     *
     * @throws OklException ({@link ErrorCode#PLUGIN_FOLDER}) for a JAR that is missing or differs from the driver's
     */
    public List<Okl.FolderPlugin> resolve() {
        boolean inTask = TaskContext.get() != null;
        List<Okl.FolderPlugin> found = new ArrayList<>();
        for (Plugin plugin : plugins) {
            List<Path> jars = new ArrayList<>();
            for (Jar jar : plugin.jars()) {
                Path file = Path.of(inTask ? SparkFiles.get(jar.name()) : jar.driverPath());
                if (!Files.isRegularFile(file)) {
                    throw new OklException(ErrorCode.PLUGIN_FOLDER, "plugin JAR " + UserText.quote(jar.name(), 200)
                            + " shipped by the driver is not at " + UserText.quote(file.toString(), 200));
                }
                String digest = sha256(file);
                if (!digest.equals(jar.sha256())) {
                    throw new OklException(ErrorCode.PLUGIN_FOLDER, "plugin JAR " + UserText.quote(jar.name(), 200)
                            + " here differs from the driver's (SHA-256 " + digest + ", the driver's " + jar.sha256()
                            + "): Spark does not replace a file it shipped before; start a new application after "
                            + "changing a plugin");
                }
                jars.add(file);
            }
            found.add(new Okl.FolderPlugin("shipped from the driver: " + plugin.location(), jars));
        }
        return found;
    }

    /** A key that names these plugins (equal for equal descriptions). */
    String key() {
        return encoded();
    }

    /** The description as one line of text (for {@link #PROPERTY}). */
    public String encoded() {
        StringBuilder s = new StringBuilder();
        for (Plugin plugin : plugins) {
            s.append(s.isEmpty() ? "" : ";").append(encode(plugin.location()));
            for (Jar jar : plugin.jars()) {
                s.append(',').append(encode(jar.name())).append(' ').append(encode(jar.driverPath())).append(' ')
                        .append(jar.sha256());
            }
        }
        return s.toString();
    }

    /** Reads {@link #encoded()} back; {@link #NONE} for {@code null} or an empty text. */
    public static ShippedPlugins decode(String text) {
        if (text == null || text.isEmpty()) {
            return NONE;
        }
        List<Plugin> plugins = new ArrayList<>();
        for (String plugin : text.split(";", -1)) {
            String[] parts = plugin.split(",", -1);
            List<Jar> jars = new ArrayList<>();
            for (int i = 1; i < parts.length; i++) {
                String[] f = parts[i].split(" ", -1);
                if (f.length != 3) {
                    throw new IllegalArgumentException("not a description of shipped plugins: " + UserText.quote(
                            text, 200));
                }
                jars.add(new Jar(decodePart(f[0]), decodePart(f[1]), f[2]));
            }
            plugins.add(new Plugin(decodePart(parts[0]), jars));
        }
        return new ShippedPlugins(plugins);
    }

    /**
     * Sets the description on the jobs this thread starts until the scope closes (the tasks read it in
     * {@link ExecutorOkl#get()}); nothing for no plugins.
     */
    public ExecutorOkl.Scope inJobsOf(SparkContext sc) {
        if (isEmpty()) {
            return () -> {
            };
        }
        String previous = sc.getLocalProperty(PROPERTY);
        sc.setLocalProperty(PROPERTY, encoded());
        return () -> sc.setLocalProperty(PROPERTY, previous);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShippedPlugins other && other.plugins.equals(plugins);
    }

    @Override
    public int hashCode() {
        return plugins.hashCode();
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String decodePart(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                md.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException e) {
            throw new OklException(ErrorCode.PLUGIN_FOLDER, "cannot read plugin JAR " + UserText.quote(file
                    .toString(), 200) + ": " + UserText.escape(String.valueOf(e.getMessage())), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
