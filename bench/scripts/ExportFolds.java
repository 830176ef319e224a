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
 * Writes the 5 folds (KFold(5, 8), as PredictionIntervalsTest) of the training split of bundled regression sets (and of the synthetic set
 * {@code heteroscedastic}) as
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
            Matrix x;
            Matrix y;
            if (args[a].equals("heteroscedastic")) {
                Matrix[] h = heteroscedastic(600, 17);
                x = h[0];
                y = h[1];
            } else {
                Dataset d = okl.dataset(args[a]);
                x = d.train().inputs();
                y = d.train().outputs();
            }
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

    /**
     * The set {@code heteroscedastic}: PredictionIntervalsTest's synthetic rows (n = 600, seed 17), y = (sin(3 x0),
     * x0 x1) + noise whose scale grows with |x0| (0.05 to 0.85), x uniform on [-1, 1]^2.
     */
    private static Matrix[] heteroscedastic(int n, long seed) {
        java.util.Random r = new java.util.Random(seed);
        Matrix x = Matrix.zeros(n, 2);
        Matrix y = Matrix.zeros(n, 2);
        for (int i = 0; i < n; i++) {
            x.set(i, 0, 2 * r.nextDouble() - 1);
            x.set(i, 1, 2 * r.nextDouble() - 1);
            double scale = 0.05 + 0.8 * Math.abs(x.get(i, 0));
            y.set(i, 0, Math.sin(3 * x.get(i, 0)) + scale * r.nextGaussian());
            y.set(i, 1, x.get(i, 0) * x.get(i, 1) + scale * r.nextGaussian());
        }
        return new Matrix[] {x, y};
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
