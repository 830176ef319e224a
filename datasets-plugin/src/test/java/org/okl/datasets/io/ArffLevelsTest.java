package org.okl.datasets.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.data.Table;

/** Nominal ARFF attributes keep their declared levels, which one-hot coding reads. */
class ArffLevelsTest {

    private static Table read(String arff) {
        return new ArffReader().read(new ByteArrayInputStream(arff.getBytes(StandardCharsets.UTF_8)), "t.arff",
                Optional.empty(), "");
    }

    @Test
    void nominalAttributesKeepTheirLevelsInDeclarationOrder() {
        Table t = read("""
                @relation r
                @attribute size numeric
                @attribute colour {red, 'light green', blue}
                @attribute flag {0,1}
                @data
                1.5,blue,1
                2.5,red,0
                """);
        assertThat(t.levels()).containsExactly(List.of(), List.of("red", "light green", "blue"), List.of("0", "1"));
        assertThat(t.values().get(0, 1)).isEqualTo(2.0);
        assertThat(t.values().get(0, 2)).isEqualTo(1.0);
    }

    @Test
    void numericFilesHaveNoLevels() {
        assertThat(read("@relation r\n@attribute a numeric\n@data\n1\n").levels()).isEmpty();
    }
}
