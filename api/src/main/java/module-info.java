/**
 * OKL's extension points: what a plugin implements and what it may call. The module depends on the JDK only and
 * exports its packages; the plugins themselves are found with {@link java.util.ServiceLoader} by the runtime.
 */
module org.okl.api {
    exports org.okl.api.command;
    exports org.okl.api.component;
    exports org.okl.api.data;
    exports org.okl.api.decoder;
    exports org.okl.api.error;
    exports org.okl.api.execution;
    exports org.okl.api.filter;
    exports org.okl.api.kernel;
    exports org.okl.api.linalg;
    exports org.okl.api.metric;
    exports org.okl.api.operator;
    exports org.okl.api.output;
    exports org.okl.api.plugin;
    exports org.okl.api.regularizer;
    exports org.okl.api.rows;
    exports org.okl.api.sketch;
    exports org.okl.api.solve;
    exports org.okl.api.text;
    exports org.okl.api.transform;
    exports org.okl.api.tuning;
    exports org.okl.api;

    uses org.okl.api.plugin.OklPlugin;
}
