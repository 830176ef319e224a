package org.okl.decoders.pipeline;

import java.util.List;
import org.okl.api.plugin.PipelineTemplate;

/**
 * The named pipelines of the seed papers, in the pipeline-file format. Values come from the papers' reported settings
 * where they exist, with every lambda in OKL's normalised scale
 * (docs/conventions.md#regularization-scale: Kadri et al.'s lambda_K = n lambda, here with their n = 200 USPS training
 * digits). Kernel widths are the papers' values on their own data scales; Brogat-Motte et al. select the input width
 * by validation and do not report it, so the USPS pipelines start from sigma = 4 (pixels in [-1, 1], 128 of them).
 * Users override any key in their pipeline file ({@code {"preset": "iokr", ...}}).
 *
 * <p>Candidate sets: Kadri et al. decode over the training outputs ({@code train}); Brogat-Motte et al. decode over
 * all training outputs, labelled and unlabelled (USPS: 7,000 bottom halves), hence {@code train+unlabelled}, which
 * is the training outputs alone when no unlabelled outputs are given.
 */
public final class PaperPipelines {

    private PaperPipelines() {
    }

    /** All templates. */
    public static List<PipelineTemplate> all() {
        return List.of(
                new PipelineTemplate("kde-cortes",
                        "KDE of Cortes et al. 2005: identity operator, Gaussian output kernel, pre-image over the"
                                + " training outputs (Kadri et al. 2013, Table 2 USPS)",
                        """
                        {"kernel": {"name": "gaussian", "sigma": 0.1},
                         "operator": {"name": "separable", "matrix": {"name": "identity"}},
                         "output": {"name": "kernel", "kernel": {"name": "gaussian", "sigma": 10.0}},
                         "filter": {"name": "tikhonov", "lambda": 5.0e-5},
                         "regularizers": [],
                         "decoder": {"name": "candidates", "from": "train"}}
                        """),
                new PipelineTemplate("kde-weston",
                        "kernel-PCA KDE of Weston et al. 2003 with 64 components (Kadri et al. 2013 Table 2;"
                                + " Brogat-Motte et al. 2022 Table 3)",
                        """
                        {"kernel": {"name": "gaussian", "sigma": 0.07},
                         "operator": {"name": "separable", "matrix": {"name": "identity"}},
                         "output": {"name": "kpca", "kernel": {"name": "gaussian", "sigma": 10.0}, "components": 64},
                         "filter": {"name": "tikhonov", "lambda": 5.0e-5},
                         "regularizers": [],
                         "decoder": {"name": "candidates", "from": "train"}}
                        """),
                new PipelineTemplate("kde-covariance",
                        "operator-valued KDE with the output covariance kernel, Kadri et al. 2013 eq. 5 (Table 2"
                                + " USPS)",
                        """
                        {"kernel": {"name": "gaussian", "sigma": 1.0},
                         "operator": {"name": "covariance"},
                         "output": {"name": "kernel", "kernel": {"name": "gaussian", "sigma": 12.0}},
                         "filter": {"name": "tikhonov", "lambda": 5.0e-4},
                         "regularizers": [],
                         "decoder": {"name": "candidates", "from": "train"}}
                        """),
                new PipelineTemplate("kde-conditional-covariance",
                        "operator-valued KDE with the conditional covariance kernel, Kadri et al. 2013 eq. 7 (Table 2"
                                + " USPS; epsilon is not reported, set to lambda)",
                        """
                        {"kernel": {"name": "gaussian", "sigma": 1.0},
                         "operator": {"name": "conditional-covariance", "epsilon": 5.0e-4},
                         "output": {"name": "kernel", "kernel": {"name": "gaussian", "sigma": 12.0}},
                         "filter": {"name": "tikhonov", "lambda": 5.0e-4},
                         "regularizers": [],
                         "decoder": {"name": "candidates", "from": "train"}}
                        """),
                new PipelineTemplate("iokr",
                        "input-output kernel regression (IOKR): kernel ridge into the output feature space and"
                                + " pre-image over all training outputs (Brogat-Motte et al. 2022, USPS:"
                                + " sigma^2 = 10, lambda = 0.01329)",
                        """
                        {"kernel": {"name": "gaussian", "sigma": 4.0},
                         "operator": {"name": "separable", "matrix": {"name": "identity"}},
                         "output": {"name": "kernel", "kernel": {"name": "gaussian", "sigma": 3.1622776601683795}},
                         "filter": {"name": "tikhonov", "lambda": 0.01329},
                         "regularizers": [],
                         "decoder": {"name": "candidates", "from": "train+unlabelled"}}
                        """),
                new PipelineTemplate("oel0",
                        "output embedding learning without unlabelled outputs, c = 1, p = 64 (Brogat-Motte et al."
                                + " 2022, Algorithm 1; Table 3 USPS)",
                        """
                        {"kernel": {"name": "gaussian", "sigma": 4.0},
                         "operator": {"name": "separable", "matrix": {"name": "identity"}},
                         "output": {"name": "oel", "kernel": {"name": "gaussian", "sigma": 3.1622776601683795},
                                    "c": 1.0, "p": 64, "svd": "randomized"},
                         "filter": {"name": "tikhonov", "lambda": 0.01329},
                         "regularizers": [],
                         "decoder": {"name": "candidates", "from": "train+unlabelled"}}
                        """),
                new PipelineTemplate("oel",
                        "output embedding learning with unlabelled outputs, c = 0.15, p = 98 (Brogat-Motte et al."
                                + " 2022, Algorithm 1; Fig. 2 and Table 3 USPS)",
                        """
                        {"kernel": {"name": "gaussian", "sigma": 4.0},
                         "operator": {"name": "separable", "matrix": {"name": "identity"}},
                         "output": {"name": "oel", "kernel": {"name": "gaussian", "sigma": 3.1622776601683795},
                                    "c": 0.15, "p": 98, "svd": "randomized"},
                         "filter": {"name": "tikhonov", "lambda": 0.01329},
                         "regularizers": [],
                         "decoder": {"name": "candidates", "from": "train+unlabelled"}}
                        """),
                new PipelineTemplate("vv-rls",
                        "vector-valued regularized least squares with a common-similarity separable kernel"
                                + " (Baldassarre et al. 2012, Sec. 4.1; omega = 0.6, the median selected in Sec. 6.1)",
                        """
                        {"kernel": {"name": "gaussian", "sigma": 1.0},
                         "operator": {"name": "separable", "matrix": {"name": "common-similarity", "omega": 0.6}},
                         "output": {"name": "vector"},
                         "filter": {"name": "tikhonov", "lambda": 1.0e-3},
                         "regularizers": [],
                         "decoder": {"name": "identity"}}
                        """),
                new PipelineTemplate("vvmr",
                        "vector-valued manifold regularization, output-graph separable kernel, +-1 labels, sign"
                                + " decisions (Minh and Sindhwani 2011, scene settings: sigma = 4.3, gammaA = 1e-4,"
                                + " 5-NN input graph, 2-NN output graph; the paper does not state gammaI, gammaO: gammaI"
                                + " = 1e-3 is the best of OKL's minh-scene sweep, see RESULTS.md)",
                        """
                        {"kernel": {"name": "gaussian", "sigma": 4.3},
                         "operator": {"name": "separable",
                                      "matrix": {"name": "output-laplacian", "gammaO": 0.5, "neighbours": 2}},
                         "output": {"name": "labels", "coding": "plus-minus"},
                         "filter": {"name": "tikhonov", "lambda": 1.0e-4},
                         "regularizers": [{"name": "manifold", "gammaI": 1.0e-3, "neighbours": 5}],
                         "decoder": {"name": "threshold"}}
                        """));
    }
}
