package org.okl.api.synthetic;

/** A synthetic api class that depends on a library: the api rule must reject it. */
public class ApiReachingOut {
    /** The forbidden dependency. */
    public org.junit.jupiter.api.TestInfo info;
}
