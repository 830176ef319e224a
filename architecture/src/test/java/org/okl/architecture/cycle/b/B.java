package org.okl.architecture.cycle.b;

/** The other half of a synthetic package cycle. */
public class B {
    /** The edge back. */
    public org.okl.architecture.cycle.a.A a;
    /** A product class reaching the lab, for the lab rule. */
    public org.okl.bench.synthetic.LabClass lab;
}
