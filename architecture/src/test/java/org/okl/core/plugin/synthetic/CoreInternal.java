package org.okl.core.plugin.synthetic;

/** A synthetic class in one of core's internal packages. */
public class CoreInternal {
}
