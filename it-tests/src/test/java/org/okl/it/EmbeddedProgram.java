package org.okl.it;

import org.okl.core.Okl;

/** A program that embeds OKL: builds the runtime and prints the linear-algebra back-end it got. */
public final class EmbeddedProgram {
    private EmbeddedProgram() {
    }

    /** Prints the back-end's name. */
    public static void main(String[] args) {
        System.out.println(Okl.builder().build().context().linearAlgebra().name());
    }
}
