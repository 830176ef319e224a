package org.okl.architecture.cycle.a;

/** One half of a synthetic package cycle. */
public class A {
    /** The edge to the other package. */
    public org.okl.architecture.cycle.b.B b;
}
