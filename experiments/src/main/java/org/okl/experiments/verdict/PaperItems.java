package org.okl.experiments.verdict;

import java.util.List;
import java.util.Set;
import org.okl.experiments.table.ResultTable;

/**
 * Every table and figure of the four papers, with where this project answers it or why it does not: run (in an
 * experiment's section, on the paper's data or on a stated substitute), not run (with the reason, and for data we
 * cannot reach, where the data live), or not an experiment (notation, schematics, complexity tables).
 */
public final class PaperItems {
    private static final String OCR = "not run: the data are Rob Kassel's handwritten words (MIT Spoken Language"
            + " Systems Group) in Taskar et al.'s OCR subset (6,877 words, 16×8 binary letters; published at"
            + " ai.stanford.edu/~btaskar/ocr/), in no package registry and not in ../shared/datasets, and this machine"
            + " reaches package registries only; no substitute keeps K13's word-level setting (a variable number of"
            + " letters per word, a polynomial character kernel, WRC)";
    private static final String FACES = "not run: the MPI face database (Troje & Bülthoff 1996,"
            + " faces.kyb.tuebingen.mpg.de) is released on request under a licence, not in any registry; the JKM"
            + " patch-kernel baseline is not part of OKL";
    private static final String RCV1 = "not run: MS11's RCV1 subset (6,000 documents of the LIBSVM multi-label page,"
            + " www.csie.ntu.edu.tw/~cjlin/libsvmtools/datasets/multilabel.html, reduced by MS11 to 2,900 words and"
            + " 25 categories with thresholds they do not publish) is in no package registry; this machine reaches"
            + " registries only";
    private static final String METABOLITE = "not run: the metabolite data (6,974 MS/MS spectra with fingerprints"
            + " and 6.4 million candidate molecules, protocol of Brouard et al. 2016b) have no public link in BM22 and"
            + " are in no registry; the probability-product spectrum kernel is not part of OKL";
    private static final String NOT_EXPERIMENT = "not an experiment";

    /**
     * One table or figure.
     *
     * @param paper      K13, B12, MS11 or BM22
     * @param item       for example {@code Table 2 (left)}
     * @param what       what it shows
     * @param experiment the experiment that answers it (null when none does)
     * @param status     how it is answered (run, on which data) or why not
     */
    public record Item(String paper, String item, String what, String experiment, String status) {
    }

    /** The inventory, paper by paper, in the papers' order. */
    public static final List<Item> ALL = List.of(
            new Item("K13", "Table 1", "notation", null, NOT_EXPERIMENT),
            new Item("K13", "Fig. 1", "schematic of kernel dependency estimation", null, NOT_EXPERIMENT),
            new Item("K13", "Table 2 (left)", "USPS top → bottom half, RBF loss of four KDE variants", "kadri-usps",
                    "run on the paper's data (ESL USPS)"),
            new Item("K13", "Table 2 (right)", "OCR, word characters recognised, M³N and three KDE variants", null,
                    OCR),
            new Item("K13", "Table 3", "face-to-face mapping, 20 training faces, MSE (JKM, three KDE variants)", null,
                    FACES),
            new Item("K13", "Fig. 2", "low-rank conditional KDE at ranks m1 = m2 = n against Cortes KDE on n of 1,200"
                    + " faces: MSE and time", "kadri-lowrank", "run on a substitute: USPS digits (1,200 training"
                    + " digits as K13's 1,200 training faces), since the faces are not available (see Table 3)"),
            new Item("B12", "Fig. 1", "multi-task against vector-valued sampling (illustration)", null,
                    NOT_EXPERIMENT),
            new Item("B12", "Fig. 2", "the four related tasks", "baldassarre-multitask", "drawn from OKL's generator"
                    + " (B12 do not print the task weights; OKL fixes them)"),
            new Item("B12", "Fig. 3 (left)", "multi-task: coupled kernel against independent tasks, test MSE against n",
                    "baldassarre-multitask", "run (generated data, B12's recipe)"),
            new Item("B12", "Fig. 3 (right)", "vector-valued: the same pair, shared inputs", "baldassarre-multitask",
                    "run (generated data)"),
            new Item("B12", "Fig. 4 (left)", "validation-based selection time of Tikhonov, Landweber, ν-method",
                    "baldassarre-multitask", "run (times from the bench harness's timer)"),
            new Item("B12", "Fig. 4 (right)", "leave-one-out selection time in the vector-valued case",
                    "baldassarre-multitask", "run (closed-form LOO for Tikhonov, n-fold for the iterative filters)"),
            new Item("B12", "Fig. 5", "picture of vector field 1 (γ = 0.5)", null, "not drawn: a picture of the"
                    + " generated field, no result; the field is OKL's `vector-field-mixture` generator"),
            new Item("B12", "Fig. 6", "field 1, noiseless: angular error of div-curl against independent, against n",
                    "baldassarre-fields", "run (generated data)"),
            new Item("B12", "Fig. 7", "field 1: selected γ̃ against n", "baldassarre-fields", "run"),
            new Item("B12", "Fig. 8", "field 1, noise sd 0.3: angular error against n", "baldassarre-fields", "run"),
            new Item("B12", "Fig. 9", "picture of vector field 2", null, "not drawn: a picture of the generated field,"
                    + " no result; the field is OKL's `vector-field-helmholtz` generator"),
            new Item("B12", "Fig. 10", "field 2, noiseless and noisy: angular error against n",
                    "baldassarre-fields", "run"),
            new Item("B12", "Fig. 11", "field 2: div-curl against the sparsity-enforcing method of Obozinski et al.",
                    null, "not run: the ℓ1/ℓ2 multi-task feature-selection method (Mosci et al.'s solver, two"
                    + " dictionaries) is not part of OKL"),
            new Item("B12", "Fig. 12", "field 2: training and selection time", "baldassarre-fields", "partly run:"
                    + " div-curl and independent ν-method times; the sparsity-enforcing method is not part of OKL"),
            new Item("B12", "Table 1", "school data: explained variance and selection time of three filters",
                    "baldassarre-school", "run on a substitute: R mlmRev `Exam` (4,059 students, 65 schools of the"
                    + " same ILEA data); B12's 15,362-student extract (www.mlwin.com) is in no registry"),
            new Item("MS11", "Fig. 1 (top)", "scene: transductive AUC against γ_I for several γ_O", "minh-scene",
                    "run (Mulan's split of the same 2,407 images)"),
            new Item("MS11", "Fig. 1 (bottom)", "RCV1: the same", null, RCV1),
            new Item("MS11", "Fig. 2 (top)", "scene: inductive against transductive AUC per label", "minh-scene",
                    "run"),
            new Item("MS11", "Fig. 2 (bottom)", "RCV1: the same", null, RCV1),
            new Item("MS11", "Table 1 (scene, VVMR)", "VVMR mean AUC on the unlabelled set", "minh-scene", "run"),
            new Item("MS11", "Table 1 (scene, others)", "KCCA, M3L, SMSE2, CNMF", null, "not run: these methods are"
                    + " not part of OKL; their printed numbers are shown beside ours"),
            new Item("MS11", "Table 1 (RCV1)", "all five methods on RCV1", null, RCV1),
            new Item("BM22", "Fig. 1", "schematic of OEL", null, NOT_EXPERIMENT),
            new Item("BM22", "Table 1", "training complexity", null, NOT_EXPERIMENT),
            new Item("BM22", "Table 2", "notation", null, NOT_EXPERIMENT),
            new Item("BM22", "Fig. 2", "USPS: test surrogate MSE of OEL against λ and p, and IOKR", "oel-usps",
                    "run (ESL USPS)"),
            new Item("BM22", "Table 3", "USPS: RBF loss of SPEN, KDE, IOKR, OEL0, OEL", "oel-usps", "run (SPEN is not"
                    + " part of OKL; its printed number is shown)"),
            new Item("BM22", "Table 4", "multi-label data sets", "oel-multilabel", "Bibtex as printed (Mulan);"
                    + " Bookmarks and Corel5k: see Table 5"),
            new Item("BM22", "Table 5 (Bibtex)", "F1 of IOKR, OEL0, OEL, n = 2000 labelled + m = 2880 unlabelled",
                    "oel-multilabel", "run on the paper's data (Mulan bibtex, the commit OKL's other Mulan sets come"
                    + " from)"),
            new Item("BM22", "Table 5 (Bookmarks)", "the same on Bookmarks", null, "not run: Mulan's bookmarks.arff"
                    + " (87,856 rows) is not in Mulan's GitHub repository (only its header), its archive is on"
                    + " mulan.sourceforge.net, which this machine cannot reach; our smaller sets (yeast, scene, emotions,"
                    + " enron) are run in the same protocol instead, as substitutes with far fewer labels"),
            new Item("BM22", "Table 5 (Corel5k)", "the same on Corel5k", null, "not run: BM22's Corel5k has 37,152"
                    + " features and 260 labels; Mulan's Corel5k (499 features, 374 labels) is another version, so it"
                    + " would not be the paper's data; the substitutes of Bookmarks stand in"),
            new Item("BM22", "Fig. 3", "Bookmarks: test F1 of OEL against the number m of unlabelled outputs",
                    "oel-multilabel", "run on a substitute: Bibtex (Bookmarks is not here), m from 0 to all"
                    + " unlabelled training outputs"),
            new Item("BM22", "Table 6 (IOKR, OEL0)", "all training data, m = 0: F1 of IOKR and OEL0",
                    "oel-multilabel", "Bibtex column run on the paper's data (draws of 90 % of its training"
                    + " documents); Bookmarks not run (see Table 5)"),
            new Item("BM22", "Table 6 (others)", "LR, NN, SPEN, PRLR, DVN (numbers quoted from their papers)", null,
                    "not run: not part of OKL; BM22 quote these numbers rather than run them"),
            new Item("BM22", "Table 7", "metabolite identification: Gaussian-Tanimoto loss and top-k accuracy", null,
                    METABOLITE),
            new Item("BM22", "Tables 8-10", "time and space complexity", null, NOT_EXPERIMENT),
            new Item("BM22", "Table 11", "fitting and decoding times", "oel-usps", "USPS row run (oel-usps); Bibtex"
                    + " row run with Table 6 (oel-multilabel); Bookmarks not run (see Table 5)"),
            new Item("BM22", "Table 12", "multi-label data sets with l̄", "oel-multilabel", "our sets described in the"
                    + " section's protocol"),
            new Item("BM22", "Table 13", "selected p", "oel-multilabel", "our chosen p printed per draw (oel-usps,"
                    + " oel-multilabel)"),
            new Item("BM22", "Table 14", "metabolite: finite KPCA inputs", null, METABOLITE),
            new Item("BM22", "Table 15", "label ranking: Kendall's τ of IOKR and OEL0 on cold, diau, dtt, heat, sushi",
                    null, "not run: the label-ranking benchmarks (Hüllermeier et al. 2008; sushi, Kamishima 2003) are"
                    + " in no registry, and OKL has no Kemeny embedding or permutation decoder"),
            new Item("BM22", "Fig. 4", "SPEN training curves (supplement)", null, "not run: SPEN is not part of OKL"));

    private PaperItems() {
    }

    /**
     * The inventory as a table; items answered by an experiment that did not run in this invocation say so.
     *
     * @param ran the experiments that ran
     */
    public static ResultTable table(Set<String> ran) {
        ResultTable.Builder t = ResultTable.builder("Every table and figure of the four papers (K13 Kadri et al."
                + " 2013, B12 Baldassarre et al. 2012, MS11 Minh & Sindhwani 2011, BM22 Brogat-Motte et al. 2022)",
                "paper", "item", "what it shows", "status", "section");
        for (Item i : ALL) {
            String status = i.status();
            if (i.experiment() != null && !ran.contains(i.experiment())) {
                status = "not run in this invocation (okl experiment " + i.experiment() + "); " + status;
            }
            t.row(i.paper(), i.item(), i.what(), status, i.experiment() == null ? "-" : i.experiment());
        }
        return t.build();
    }
}
