package org.okl.bench.synthetic;

/** A synthetic class of the lab. */
public class LabClass {
}
