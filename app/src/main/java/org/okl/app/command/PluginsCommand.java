package org.okl.app.command;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import org.okl.api.component.ParameterSpec;
import org.okl.app.usage.UsageException;
import org.okl.core.Okl;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.PluginInfo;
import org.okl.core.plugin.PluginLoader;
import org.okl.core.plugin.RegisteredComponent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code okl plugins}: every component by kind, with parameters, defaults and source JAR, and the back-end. */
@Command(name = "plugins", mixinStandardHelpOptions = true,
        description = "List the plugins, every component by kind with its parameters, the linear-algebra "
                + "back-end and the compute device (GPU) in use or why there is none.")
public final class PluginsCommand implements Runnable {
    @ParentCommand
    private CommandRoot root;

    @Spec
    private CommandSpec spec;

    @Option(names = "--kind", description = "Only this kind (kernel, operator, matrix, output, filter, regularizer, "
            + "decoder, dataset, metric, reader, solver, sketch).")
    private String kind;

    @Override
    public void run() {
        if (kind != null && Arrays.stream(ComponentKind.values()).noneMatch(k -> k.label().equals(kind))) {
            throw new UsageException("--kind " + kind + ": no such kind; kinds are " + Arrays.stream(
                    ComponentKind.values()).map(ComponentKind::label).collect(Collectors.joining(", ")));
        }
        Okl okl = root.okl();
        PrintWriter out = spec.commandLine().getOut();
        out.println("linear algebra: " + okl.context().linearAlgebra().description());
        out.println("compute device: " + okl.devices().status());
        out.println();
        out.println("plugins:");
        for (PluginInfo p : okl.registry().plugins()) {
            out.printf("  %-16s %-12s %s%n", p.name(), p.version(), p.location());
        }
        for (PluginLoader.PluginFailure f : okl.registry().failures()) {
            out.printf("  FAILED           %s: %s%n", f.location(), f.cause());
        }
        out.println();
        out.println("defaults (the stages a pipeline leaves out): " + String.join(", ", okl.registry().defaults()
                .entrySet().stream().map(e -> e.getKey().label() + " " + e.getValue()).toList()));
        for (ComponentKind k : ComponentKind.values()) {
            if (kind != null && !k.label().equals(kind)) {
                continue;
            }
            Map<String, RegisteredComponent> components = okl.registry().components(k);
            out.println();
            out.println(k.label() + " (" + components.size() + "):");
            for (RegisteredComponent c : components.values()) {
                out.printf("  %-28s %s  [%s]%n", c.factory().id(), c.factory().description(), c.plugin());
                for (ParameterSpec p : c.factory().parameters()) {
                    out.printf("      %-22s %s%n", p.name() + describe(p), p.description());
                }
            }
        }
        if (kind == null) {
            out.println();
            out.println("pipeline (" + okl.registry().templates().size() + "):");
            okl.registry().templates().values()
                    .forEach(t -> out.printf("  %-28s %s%n", t.id(), t.description()));
        }
        out.flush();
    }

    private static String describe(ParameterSpec p) {
        StringBuilder sb = new StringBuilder(" ").append(p.type().name().toLowerCase(java.util.Locale.ROOT));
        if (p.required()) {
            sb.append(", required");
        } else if (p.defaultValue() != null) {
            sb.append(" = ").append(p.defaultValue());
        }
        if (!p.rangeText().isEmpty()) {
            sb.append(" in ").append(p.rangeText());
        }
        if (!p.choices().isEmpty()) {
            sb.append(" ").append(p.choices());
        }
        return sb.toString();
    }
}
