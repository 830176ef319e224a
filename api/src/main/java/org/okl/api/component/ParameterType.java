package org.okl.api.component;

import org.okl.api.API;

/** The type of a component parameter, as written in a pipeline file or on the command line. */
@API(status = API.Status.STABLE, since = "0.1")
public enum ParameterType {
    /** A real number. */
    DOUBLE,
    /** A whole number. */
    INTEGER,
    /** A boolean, {@code true} or {@code false}. */
    BOOLEAN,
    /** A string; {@link ParameterSpec#choices()} may restrict it. */
    STRING,
    /** A list of real numbers (a single number is accepted as a list of one), for example a lambda path. */
    DOUBLE_LIST,
    /** A nested component, {@code {"name": ..., params...}}, of kind {@link ParameterSpec#componentKind()}. */
    COMPONENT,
    /** A list of nested components of kind {@link ParameterSpec#componentKind()}. */
    COMPONENT_LIST,
    /**
     * A file the component reads, named by its path (a string). The component reads it with
     * {@link ComponentContext#readFile}, never itself: OKL reads it while fitting and stores its content in the model
     * file, and a model loaded from a file reads only the copies it holds, so a model never opens a path it names.
     */
    FILE
}
