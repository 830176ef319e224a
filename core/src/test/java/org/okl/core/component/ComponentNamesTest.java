package org.okl.core.component;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.okl.api.text.ComponentNames;

class ComponentNamesTest {
    static final class LinearKernel {
    }

    static final class DivCurlKernel {
    }

    static final class HTTPMirror {
    }

    static final class Tsvd {
    }

    @Test
    void classNamesBecomeLowerCaseWords() {
        assertThat(ComponentNames.of(new LinearKernel())).isEqualTo("linear kernel");
        assertThat(ComponentNames.of(new DivCurlKernel())).isEqualTo("div curl kernel");
        assertThat(ComponentNames.of(new HTTPMirror())).isEqualTo("http mirror");
        assertThat(ComponentNames.of(new Tsvd())).isEqualTo("tsvd");
        assertThat(ComponentNames.of(new Object() { })).isEqualTo("a component of a plugin");
    }
}
