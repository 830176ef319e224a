package org.okl.datasets.io;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.okl.api.data.TableReader;
import org.okl.api.linalg.Matrix;
import org.okl.testkit.TableReaderContract;

/** Every built-in reader against the shared {@link TableReaderContract}. */
class TableReaderContractsTest {

    private static final Matrix VALUES = Matrix.fromRows(new double[][] {{1.5, -2, 0}, {3, 4.25, 1}, {-0.5, 6, 1}});

    private static Path write(Path folder, String name, String text) throws IOException {
        return Files.writeString(folder.resolve(name), text, StandardCharsets.UTF_8);
    }

    @Nested
    class Csv extends TableReaderContract {
        @Override
        protected TableReader reader() {
            return new CsvReader();
        }

        @Override
        protected Sample sample(Path folder) throws IOException {
            return new Sample(write(folder, "sample.csv", "x1,x2,y\n1.5,-2,0\n3,4.25,1\n-0.5,6,1\n"), VALUES);
        }

        @Override
        protected List<Path> malformed(Path folder) throws IOException {
            return List.of(write(folder, "escape.csv", "x1,x2,y\n1,2,3\n4,\u001b[2J\u001b]0;owned\u0007,6\n"),
                    write(folder, "ragged.csv", "x1,x2,y\n1,2\n"),
                    write(folder, "typo.csv", "1,2.O,3\n4,5,6\n"),
                    Files.write(folder.resolve("latin1.csv"), "temp\u00e9rature,y\n1,2\n"
                            .getBytes(StandardCharsets.ISO_8859_1)));
        }
    }

    @Nested
    class Arff extends TableReaderContract {
        @Override
        protected TableReader reader() {
            return new ArffReader();
        }

        @Override
        protected Sample sample(Path folder) throws IOException {
            return new Sample(write(folder, "sample.arff", "@relation r\n@attribute x1 numeric\n@attribute x2 numeric\n"
                    + "@attribute y {0,1}\n@data\n1.5,-2,0\n3,4.25,1\n-0.5,6,1\n"), VALUES);
        }

        @Override
        protected List<Path> malformed(Path folder) throws IOException {
            return List.of(write(folder, "escape.arff", "@relation r\n@attribute x numeric\n@data\n\u001b[31mred\n"));
        }
    }

    @Nested
    class Libsvm extends TableReaderContract {
        @Override
        protected TableReader reader() {
            return new LibsvmReader();
        }

        @Override
        protected Sample sample(Path folder) throws IOException {
            return new Sample(write(folder, "sample.libsvm", "1 1:1.5 2:-2\n2 1:3 2:4.25\n2 1:-0.5 2:6\n"),
                    Matrix.fromRows(new double[][] {{1.5, -2, 1, 0}, {3, 4.25, 0, 1}, {-0.5, 6, 0, 1}}));
        }

        @Override
        protected List<Path> malformed(Path folder) throws IOException {
            return List.of(write(folder, "escape.libsvm", "1 1:2 \u001b[2J:3\n"),
                    write(folder, "huge.libsvm", "1 1:2 2147483647:1\n2 1:3\n"));
        }
    }

    @Nested
    class Esl extends TableReaderContract {
        @Override
        protected TableReader reader() {
            return new EslReader();
        }

        @Override
        protected Sample sample(Path folder) throws IOException {
            return new Sample(write(folder, "sample.esl", "0 1.5 -2\n1 3 4.25\n1 -0.5 6\n"),
                    Matrix.fromRows(new double[][] {{0, 1.5, -2}, {1, 3, 4.25}, {1, -0.5, 6}}));
        }

        @Override
        protected List<Path> malformed(Path folder) throws IOException {
            return List.of(write(folder, "escape.esl", "0 1 2\n1 \u001b[2J 3\n"));
        }
    }

    @Nested
    class Idx extends TableReaderContract {
        @Override
        protected TableReader reader() {
            return new IdxReader();
        }

        @Override
        protected Sample sample(Path folder) throws IOException {
            Path file = folder.resolve("sample.idx");
            try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(file))) {
                out.write(new byte[] {0, 0, 0x0E, 2});
                out.writeInt(3);
                out.writeInt(3);
                for (int i = 0; i < 3; i++) {
                    for (int j = 0; j < 3; j++) {
                        out.writeDouble(VALUES.get(i, j));
                    }
                }
            }
            return new Sample(file, VALUES);
        }

        @Override
        protected List<Path> malformed(Path folder) throws IOException {
            Path huge = folder.resolve("huge.idx");
            try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(huge))) {
                out.write(new byte[] {0, 0, 0x08, 2});
                out.writeInt(-1);
                out.writeInt(-16);
            }
            return List.of(huge, write(folder, "text.idx", "\u001b[2J not an IDX file"));
        }
    }
}
