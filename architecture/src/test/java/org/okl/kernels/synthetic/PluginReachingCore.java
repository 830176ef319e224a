package org.okl.kernels.synthetic;

/** A synthetic plugin class that reaches into another OKL module: the plugin rule must reject it. */
public class PluginReachingCore {
    /** The forbidden dependency (any OKL class outside the api and the math module). */
    public org.okl.core.plugin.synthetic.CoreInternal internal;
}
