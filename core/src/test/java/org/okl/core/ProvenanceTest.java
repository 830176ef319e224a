package org.okl.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.OklVersion;
import org.okl.linalg.LinearAlgebras;
import org.okl.linalg.parallel.Workers;

/**
 * The provenance's typed parts as {@code model.json} holds them: the flat members of older files read into the parts
 * (the platform's new members absent), a written provenance read back equal, and the platform as the factory
 * records it.
 */
class ProvenanceTest {
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    /** The provenance member of a version-3 file written before the typed parts (as in it-tests' model-v3-flat). */
    private static final String FLAT = """
            {"oklVersion": "0.1.0-SNAPSHOT", "created": "2026-12-04T17:16:04Z", "backEnd": "native", "seed": 7,
             "dataSha256": "ba30132226320f8b5dd908686a337bce5a2047d4c92de110b38330b0ab7c2a10",
             "plugins": ["okl-core@0.1.0-SNAPSHOT", "okl-kernels@0.1.0-SNAPSHOT"],
             "chosen": {"kernel.factor": 8.0, "filter.lambda": 1e-11},
             "selection": "5-fold cross-validation on arrmse, seed 0",
             "validationCurve": [{"grid": {"kernel.factor": 8.0}, "pathValue": 1e-11, "error": 0.25}],
             "solver": "separable-eigen", "sketch": null, "device": "cpu",
             "search": {"candidates": 1610, "splits": 5, "decompositions": 70, "seconds": 1.302},
             "auto": {"task": "regression", "reasons": ["task regression", "40 rows <= 5,000: exact fit"]}}
            """;

    private static Provenance read(String json) throws Exception {
        return ModelArchive.provenance(JSON.readTree(json), "m.okl");
    }

    @Test
    void theFlatMembersOfOlderFilesFillTheTypedParts() throws Exception {
        Provenance p = read(FLAT);
        assertThat(p.created()).isEqualTo("2026-12-04T17:16:04Z");
        assertThat(p.platform()).isEqualTo(new Provenance.Platform("0.1.0-SNAPSHOT", null, null, null, null, null, 0,
                0, "native", null, null, "cpu"));
        assertThat(p.data()).isEqualTo(new Provenance.DataProvenance(
                "ba30132226320f8b5dd908686a337bce5a2047d4c92de110b38330b0ab7c2a10", 0));
        assertThat(p.pipeline()).isEqualTo(new Provenance.PipelineProvenance(7,
                List.of("okl-core@0.1.0-SNAPSHOT", "okl-kernels@0.1.0-SNAPSHOT"),
                Map.of("kernel.factor", 8.0, "filter.lambda", 1e-11), "separable-eigen", null));
        assertThat(p.tuning()).isEqualTo(new Provenance.SearchProvenance("5-fold cross-validation on arrmse, seed 0",
                List.of(new Provenance.CurvePoint(Map.of("kernel.factor", 8.0), 1e-11, 0.25)),
                new Provenance.Search(1610, 5, 70, 1.302)));
        assertThat(p.auto()).isEqualTo(new Provenance.Auto("regression",
                List.of("task regression", "40 rows <= 5,000: exact fit")));
        // the accessors of the flat record read the parts
        assertThat(p.oklVersion()).isEqualTo("0.1.0-SNAPSHOT");
        assertThat(p.backEnd()).isEqualTo("native");
        assertThat(p.device()).isEqualTo("cpu");
        assertThat(p.seed()).isEqualTo(7);
        assertThat(p.dataSha256()).startsWith("ba30132226");
        assertThat(p.chosen()).containsEntry("filter.lambda", 1e-11);
        assertThat(p.selection()).startsWith("5-fold");
        assertThat(p.validationCurve()).extracting(Provenance.CurvePoint::error).containsExactly(0.25);
        assertThat(p.solver()).isEqualTo("separable-eigen");
        assertThat(p.sketch()).isNull();
        assertThat(p.search().decompositions()).isEqualTo(70);
    }

    @Test
    void filesBeforeDevicesSearchAndAutoReadThemAsNull() throws Exception {
        ObjectNode node = (ObjectNode) JSON.readTree(FLAT);
        node.remove(List.of("device", "search", "auto"));
        Provenance p = ModelArchive.provenance(node, "m.okl");
        assertThat(p.device()).isNull();
        assertThat(p.search()).isNull();
        assertThat(p.auto()).isNull();
        assertThat(p.solver()).isEqualTo("separable-eigen");
    }

    @Test
    void aWrittenProvenanceReadsBackEqualWithItsPlatformAndRows() throws Exception {
        Provenance written = new Provenance("2026-12-05T10:00:00Z", new Provenance.Platform("0.2.0", "Eclipse Adoptium",
                "17.0.9+9", "Linux", "6.1.0", "amd64", 16, 12, "native",
                "OpenBLAS 0.3.21 DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64 (/usr/lib/libopenblas.so.0)",
                "Haswell", "cuda:0 NVIDIA H100: per-fold sums"), new Provenance.DataProvenance("ab12", 5000),
                new Provenance.PipelineProvenance(3, List.of("okl-core@0.2.0"), Map.of("filter.lambda", 0.01),
                        "low-rank-eigen", "nystrom, m = 150"),
                new Provenance.SearchProvenance("none (a single parameter value)", List.of(), null), null);
        JsonNode node = JSON.valueToTree(ProvenanceMembers.written(written));
        assertThat(node.path("solver").asText()).isEqualTo("low-rank-eigen");
        assertThat(node.path("seed").asLong()).isEqualTo(3);
        assertThat(node.path("rows").asLong()).isEqualTo(5000);
        assertThat(node.path("platform").path("blasKernels").asText()).isEqualTo("Haswell");
        assertThat(node.path("platform").path("workerThreads").asInt()).isEqualTo(12);
        assertThat(node.path("platform").has("device")).as("kept flat, as before").isFalse();
        assertThat(ModelArchive.provenance(JSON.readTree(JSON.writeValueAsString(node)), "m.okl")).isEqualTo(written);
    }

    @Test
    void aPlatformMemberOfTheWrongTypeIsRefusedByName() throws Exception {
        ObjectNode node = (ObjectNode) JSON.readTree(FLAT);
        node.putObject("platform").put("processors", "many");
        assertThatThrownBy(() -> ModelArchive.provenance(node, "m.okl"))
                .hasMessageContaining("'provenance.platform.processors' is not what OKL writes");
    }

    @Test
    void theFactoryRecordsThisJvmTheBackEndItsBlasAndThePool() {
        Provenance.Platform p = ProvenanceFactory.platform(LinearAlgebras.java(), Workers.shared().threads(), "cpu");
        assertThat(p.oklVersion()).isEqualTo(OklVersion.get());
        assertThat(p.javaVendor()).isEqualTo(System.getProperty("java.vendor"));
        assertThat(p.javaVersion()).isEqualTo(Runtime.version().toString());
        assertThat(p.os()).isEqualTo(System.getProperty("os.name"));
        assertThat(p.osVersion()).isEqualTo(System.getProperty("os.version"));
        assertThat(p.architecture()).isEqualTo(System.getProperty("os.arch"));
        assertThat(p.processors()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(p.workerThreads()).isEqualTo(Workers.shared().threads()).isPositive();
        assertThat(p.linearAlgebra()).isEqualTo("java");
        assertThat(p.blas()).isEqualTo(LinearAlgebras.blasLibrary(LinearAlgebras.java()).orElseThrow().library())
                .startsWith("netlib ");
        assertThat(p.blasKernels()).isEmpty();
        assertThat(p.device()).isEqualTo("cpu");
    }
}
