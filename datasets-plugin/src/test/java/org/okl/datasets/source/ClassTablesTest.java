package org.okl.datasets.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Dataset;

class ClassTablesTest {
    private static final ClassTables.Spec TWO = new ClassTables.Spec("two", "two.csv", List.of("a", "b"),
            List.of("no", "yes"));

    private static Dataset parse(String text, int rows) {
        return ClassTables.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "two.csv", TWO,
                rows, "test");
    }

    @Test
    void readsTheRowsUnderTheCheckedFirstLine() {
        Dataset d = parse("3,2,no,yes\r\n1.5,2,0\n3,4,1\n5,6.25,1\n", 3);
        assertThat(d.task()).isEqualTo(Dataset.Task.MULTI_CLASS);
        assertThat(d.inputNames()).containsExactly("a", "b");
        assertThat(d.outputNames()).containsExactly("class");
        assertThat(d.train().inputs().row(0)).containsExactly(1.5, 2);
        assertThat(d.train().inputs().row(2)).containsExactly(5, 6.25);
        assertThat(d.train().outputs().data()).containsExactly(0, 1, 1);
        assertThat(d.test()).isEmpty();
    }

    @Test
    void aFirstLineThatIsNotTheTablesIsRefusedQuoted() {
        assertThatThrownBy(() -> parse("3,2,no,maybe\u001b\n1,2,0\n", 3)).isInstanceOf(DataFormatException.class)
                .hasMessageStartingWith("two.csv:1: field 1: expected the line '3,2,no,yes'")
                .hasMessageContaining("found '3,2,no,maybe\\x1b' (4 fields)").hasMessageNotContaining("\u001b");
        assertThatThrownBy(() -> parse("", 3)).hasMessage("two.csv: empty file");
        assertThatThrownBy(() -> parse("3,2,no,yes", 3)).hasMessage("two.csv: no data rows");
    }

    @Test
    void errorsInTheRowsNameTheFilesOwnLine() {
        // the replaced first line keeps the CSV reader's line numbers the file's
        assertThatThrownBy(() -> parse("2,2,no,yes\n1,2,0\n3,x,1\n", 2)).isInstanceOf(DataFormatException.class)
                .hasMessageStartingWith("two.csv:3: field ");
        assertThatThrownBy(() -> parse("2,2,no,yes\n1,2,0\n3,4,2\n", 2)).hasMessageStartingWith("two.csv:3: field 3:")
                .hasMessageContaining("class 2.0 is not one of 0..1");
        assertThatThrownBy(() -> parse("2,2,no,yes\n1,2,0\n", 2)).hasMessageContaining("expected 2 rows x 3 columns");
    }
}
