package org.okl.app.command;

import java.io.PrintWriter;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.DatasetSource;
import org.okl.app.OklCommand;
import org.okl.core.Okl;
import org.okl.core.plugin.ComponentKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code okl datasets}: every data set with its task, shape and source, and whether it is available here. */
@Command(name = "datasets", mixinStandardHelpOptions = true,
        description = "List the data sets: task, shape, source, and where a missing one is expected.")
public final class DatasetsCommand implements Runnable {
    @ParentCommand
    private OklCommand root;

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        Okl okl = root.okl();
        PrintWriter out = spec.commandLine().getOut();
        out.println("data directory: " + okl.context().dataDirectory().map(Object::toString).orElse("(none)"));
        for (String id : okl.registry().components(ComponentKind.DATASET).keySet()) {
            DatasetSource source = okl.create(DatasetSource.class, ComponentSpec.of(id));
            boolean available = source.isAvailable(okl.context());
            out.printf("  %-18s %s%s%n", id, source.summary(),
                    available ? "" : "  [missing: expected at " + source.expectedLocation(okl.context()) + "]");
        }
        out.flush();
    }
}
