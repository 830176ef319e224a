import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;

/**
 * Writes the 5 folds (KFold(5, 8), as PredictionIntervalsTest) of the training split of bundled regression sets as
 * CSV files DIR/SET/foldF-train.csv and -test.csv (inputs x0.., outputs y0..), so that okl and scikit-learn are scored
 * on the same rows. Run with the app JAR on the class path (Java's single-file launch):
 * {@code java -cp app/target/okl-app-0.1.0-SNAPSHOT-all.jar bench/scripts/ExportFolds.java DIR slump enb ...}.
 */
public final class ExportFolds {
    private ExportFolds() {
    }

    public static void main(String[] args) throws IOException {
        Okl okl = Okl.builder().seed(3).build();
        Path dir = Path.of(args[0]);
        for (int a = 1; a < args.length; a++) {
            Dataset d = okl.dataset(args[a]);
            Matrix x = d.train().inputs();
            Matrix y = d.train().outputs();
            Path set = Files.createDirectories(dir.resolve(args[a]));
            int f = 0;
            for (Split s : new KFold(5, 8).splits(x.rows())) {
                write(set.resolve("fold" + f + "-train.csv"), x.selectRows(s.train()), y.selectRows(s.train()));
                write(set.resolve("fold" + f + "-test.csv"), x.selectRows(s.validation()),
                        y.selectRows(s.validation()));
                f++;
            }
        }
    }

    private static void write(Path file, Matrix x, Matrix y) throws IOException {
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file))) {
            StringBuilder header = new StringBuilder();
            for (int j = 0; j < x.cols(); j++) {
                header.append("x").append(j).append(',');
            }
            for (int j = 0; j < y.cols(); j++) {
                header.append("y").append(j).append(j + 1 < y.cols() ? "," : "");
            }
            out.println(header);
            for (int i = 0; i < x.rows(); i++) {
                StringBuilder row = new StringBuilder();
                for (int j = 0; j < x.cols(); j++) {
                    row.append(String.format(Locale.ROOT, "%.17g,", x.get(i, j)));
                }
                for (int j = 0; j < y.cols(); j++) {
                    row.append(String.format(Locale.ROOT, "%.17g", y.get(i, j))).append(j + 1 < y.cols() ? "," : "");
                }
                out.println(row);
            }
        }
    }
}
