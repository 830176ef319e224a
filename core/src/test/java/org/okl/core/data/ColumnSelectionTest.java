package org.okl.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.data.Table;
import org.okl.api.linalg.Matrix;

class ColumnSelectionTest {
    private static final List<String> NAMES = List.of("a", "b", "c", "d", "e");

    private static int[] resolve(String spec) {
        return ColumnSelection.parse(spec).resolve(NAMES);
    }

    @Test
    void rangesIndicesAndNames() {
        assertThat(resolve("0:2")).containsExactly(0, 1);
        assertThat(resolve("3:")).containsExactly(3, 4);
        assertThat(resolve(":-1")).containsExactly(0, 1, 2, 3);
        assertThat(resolve(":")).containsExactly(0, 1, 2, 3, 4);
        assertThat(resolve("-2:")).containsExactly(3, 4);
        assertThat(resolve("1,3,4")).containsExactly(1, 3, 4);
        assertThat(resolve("0:2,4")).containsExactly(0, 1, 4);
        assertThat(resolve("-1")).containsExactly(4);
        assertThat(resolve("e, a ,c")).containsExactly(4, 0, 2);
        assertThat(resolve("b,0:1")).containsExactly(1, 0);
    }

    @Test
    void largeHalfOpenRangeOnUsps() {
        List<String> names = new java.util.ArrayList<>();
        for (int j = 0; j < 256; j++) {
            names.add("v" + (j + 1));
        }
        assertThat(ColumnSelection.parse("0:128").resolve(names)).hasSize(128).startsWith(0).endsWith(127);
        assertThat(ColumnSelection.parse("128:").resolve(names)).hasSize(128).startsWith(128).endsWith(255);
    }

    @Test
    void appliesToATable() {
        Table t = new Table(Matrix.fromRows(new double[][] {{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}}), NAMES, new int[0]);
        ColumnSelection s = ColumnSelection.parse("d,0:2");
        assertThat(s.apply(t).toRows()).isDeepEqualTo(new double[][] {{4, 1, 2}, {9, 6, 7}});
        assertThat(s.names(t)).containsExactly("d", "a", "b");
    }

    @Test
    void clearErrors() {
        assertThatThrownBy(() -> resolve("5")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column 5 is out of range for a table of 5 columns");
        assertThatThrownBy(() -> resolve("-6")).hasMessageContaining("column -6 is out of range");
        assertThatThrownBy(() -> resolve("0:9")).hasMessageContaining("range '0:9' has an end out of range");
        assertThatThrownBy(() -> resolve("3:1")).hasMessageContaining("range '3:1' is empty");
        assertThatThrownBy(() -> resolve("zz")).hasMessageContaining("no column named 'zz'")
                .hasMessageContaining("['a', 'b', 'c', 'd', 'e']");
        assertThatThrownBy(() -> resolve("\u001b]0;owned\u0007")).hasMessageContaining("'\\x1b]0;owned\\x07'")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\u001b"));
        assertThatThrownBy(() -> ColumnSelection.parse("1,,2")).hasMessageContaining("empty item");
        assertThatThrownBy(() -> ColumnSelection.parse("a:b")).hasMessageContaining("whole-number ends");
        assertThatThrownBy(() -> ColumnSelection.parse("0:4:2")).hasMessageContaining("more than one ':'");
        assertThatThrownBy(() -> ColumnSelection.parse(" ")).hasMessageContaining("empty");
    }
}
