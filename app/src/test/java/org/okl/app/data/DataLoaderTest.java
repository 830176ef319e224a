package org.okl.app.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.DataFormatException;
import org.okl.api.linalg.Matrix;
import org.okl.core.InputColumns;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.OklException;
import org.okl.app.usage.UsageException;
import org.okl.core.Okl;

class DataLoaderTest {
    private static final Okl OKL = Okl.builder().build();
    private static final List<String> COLOUR = List.of("red", "green", "blue", "green", "red", "red", "blue");

    @TempDir
    Path dir;

    /** Rows x, colour, y as an ARFF file declaring the colour levels in the given order. */
    private Path arff(String name, List<String> levels, List<String> colours) throws IOException {
        StringBuilder s = new StringBuilder("@relation colours\n@attribute x numeric\n@attribute colour {")
                .append(String.join(",", levels)).append("}\n@attribute y numeric\n@data\n");
        for (int i = 0; i < colours.size(); i++) {
            s.append(0.5 * i).append(',').append(colours.get(i)).append(',').append(i * i).append('\n');
        }
        return Files.writeString(dir.resolve(name), s.toString());
    }

    /** The streamed rows' inputs, all blocks stacked. */
    private static double[][] streamedInputs(DataLoader.StreamedFile file) {
        double[][] rows = new double[(int) file.rows().size()][];
        file.rows().forEachRowBlock((first, inputs, outputs) -> {
            for (int i = 0; i < inputs.rows(); i++) {
                rows[(int) first + i] = new double[] {inputs.get(i, 0), inputs.get(i, 1)};
            }
        });
        return rows;
    }

    private static double[][] rows(Matrix m) {
        double[][] rows = new double[m.rows()][];
        for (int i = 0; i < m.rows(); i++) {
            rows[i] = new double[] {m.get(i, 0), m.get(i, 1)};
        }
        return rows;
    }

    @Test
    void aFileBesideTrainingDataIsCodedByTheTrainingLevelsWholeAndInBlocks() throws IOException {
        DataLoader loader = new DataLoader(OKL);
        LoadedData training = loader.load(arff("train.arff", List.of("red", "green", "blue"), COLOUR).toString(),
                "x,colour", "y");
        InputColumns trained = training.inputColumns();
        assertThat(trained.levels()).containsExactly(List.of(), List.of("red", "green", "blue"));
        // the same rows, the levels declared in another order: each text has another code in the file
        String other = arff("test.arff", List.of("blue", "red", "green"), COLOUR).toString();
        assertThat(loader.load(other, "x,colour", "y").inputs().get(0, 1)).isEqualTo(1.0);
        LoadedData coded = loader.load(other, "x,colour", "y", Optional.of(trained));
        assertThat(coded.inputs().data()).containsExactly(training.inputs().data());
        assertThat(coded.outputs().orElseThrow().data()).containsExactly(training.outputs().orElseThrow().data());
        assertThat(coded.inputColumns().levels()).isEqualTo(trained.levels());
        DataLoader.StreamedFile streamed = loader.rows(other, "x,colour", "y", Optional.of(trained)).orElseThrow();
        assertThat(streamedInputs(streamed)).isEqualTo(rows(training.inputs()));
        assertThat(streamed.inputColumns().levels()).isEqualTo(trained.levels());
        // without training columns the file keeps its own codes, whole and in blocks (what a training file needs)
        assertThat(streamedInputs(loader.rows(other, "x,colour", "y").orElseThrow())[0]).containsExactly(0.0, 1.0);
        assertThat(loader.rows(other, "x,colour", "y").orElseThrow().inputColumns().levels().get(1))
                .containsExactly("blue", "red", "green");
    }

    @Test
    void aLevelTheTrainingDataNeverHadNamesTheFileRowColumnAndLevel() throws IOException {
        DataLoader loader = new DataLoader(OKL);
        InputColumns trained = loader.load(arff("train.arff", List.of("red", "green", "blue"), COLOUR).toString(),
                "x,colour", "y").inputColumns();
        String unseen = arff("unseen.arff", List.of("red", "purple", "blue"), List.of("red", "purple", "blue"))
                .toString();
        assertThatThrownBy(() -> loader.load(unseen, "x,colour", "y", Optional.of(trained)))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("unseen.arff")
                .hasMessageContaining("row 2, column 'colour': level 'purple' was not seen");
        DataLoader.StreamedFile streamed = loader.rows(unseen, "x,colour", "y", Optional.of(trained)).orElseThrow();
        assertThatThrownBy(() -> streamedInputs(streamed)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("row 2, column 'colour': level 'purple' was not seen");
    }

    @Test
    void parsesParametersAndTheSplit() {
        assertThat(DataRef.parse("yeast:test")).isEqualTo(new DataRef(ComponentSpec.of("yeast"), true));
        assertThat(DataRef.parse("related-tasks:n=7:seed=3")).isEqualTo(
                new DataRef(ComponentSpec.of("related-tasks", "n", "7", "seed", "3"), false));
        assertThat(DataRef.parse("related-tasks:n=7:train").test()).isFalse();
        assertThatThrownBy(() -> DataRef.parse("related-tasks:test:n=7")).isInstanceOf(UsageException.class)
                .hasMessageContaining("'test' is not key=value");
    }

    @Test
    void generatorParametersReachTheSource() {
        DataLoader loader = new DataLoader(OKL);
        LoadedData small = loader.load("related-tasks:n=7:nTest=5:seed=3", null, null);
        assertThat(small.inputs().rows()).isEqualTo(4 * 7);
        assertThat(loader.load("related-tasks:n=7:nTest=5:seed=3:test", null, null).inputs().rows())
                .isEqualTo(4 * 5);
        assertThat(loader.load("related-tasks:n=7:nTest=5:seed=3", null, null).outputs().orElseThrow().data())
                .containsExactly(small.outputs().orElseThrow().data());
        assertThat(loader.load("related-tasks:n=7:nTest=5:seed=4", null, null).outputs().orElseThrow().data())
                .isNotEqualTo(small.outputs().orElseThrow().data());
        assertThat(loader.load("related-tasks", null, null).inputs().rows()).isEqualTo(4 * 20);
    }

    @Test
    void invalidGeneratorParametersAreNamed() {
        DataLoader loader = new DataLoader(OKL);
        assertThatThrownBy(() -> loader.load("related-tasks:n=0", null, null))
                .isInstanceOf(OklException.class).hasMessageContaining("parameter 'n' must be in [1, inf), got 0");
        assertThatThrownBy(() -> loader.load("related-tasks:size=3", null, null))
                .hasMessageContaining("size");
    }
}
