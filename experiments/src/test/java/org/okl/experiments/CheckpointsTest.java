package org.okl.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.linalg.Matrix;

/** Units kept and read back unchanged, refused when of another protocol or malformed, never half written. */
class CheckpointsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A unit: a label and a matrix. */
    private record Unit(String label, Matrix m) {
        Checkpoints.Stored stored() {
            ObjectNode fields = JSON.createObjectNode().put("label", label);
            return Checkpoints.Stored.of(fields, Map.of("m", m));
        }

        static Unit of(Checkpoints.Stored s) {
            return new Unit(s.field("label").asText(), s.matrix("m"));
        }
    }

    private static Unit unit() {
        return new Unit("a \"label\"", Matrix.fromRows(new double[][] {{1.5, Double.NaN, -0.0},
            {Double.POSITIVE_INFINITY, 1e-300, 3}}));
    }

    @Test
    void aUnitIsComputedOnceAndReadBackUnchanged(@TempDir Path dir) {
        AtomicInteger computed = new AtomicInteger();
        Unit first = Checkpoints.in(dir, "build a").unit("draw-1", "protocol x", () -> {
            computed.incrementAndGet();
            return unit();
        }, Unit::stored, Unit::of);
        Checkpoints again = Checkpoints.in(dir, "build b");
        Unit read = again.unit("draw-1", "protocol x", () -> {
            computed.incrementAndGet();
            return unit();
        }, Unit::stored, Unit::of);
        assertThat(computed).hasValue(1);
        assertThat(read.label()).isEqualTo(first.label());
        assertThat(read.m().rows()).isEqualTo(2);
        assertThat(read.m().data()).containsExactly(first.m().data());
        assertThat(Double.doubleToRawLongBits(read.m().get(0, 2))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(again.provenance()).singleElement().asString().startsWith("draw-1: build a, finished ")
                .endsWith("(read from draw-1)");
    }

    @Test
    void withoutAFolderEveryUnitIsComputed() {
        AtomicInteger computed = new AtomicInteger();
        Checkpoints none = Checkpoints.none();
        for (int i = 0; i < 2; i++) {
            none.unit("u", "p", () -> {
                computed.incrementAndGet();
                return unit();
            }, Unit::stored, Unit::of);
        }
        assertThat(computed).hasValue(2);
        assertThat(none.provenance()).isEmpty();
    }

    @Test
    void aUnitThatFailsLeavesNothing(@TempDir Path dir) throws Exception {
        Checkpoints c = Checkpoints.in(dir, "b");
        assertThatThrownBy(() -> c.unit("u", "p", () -> {
            throw new IllegalStateException("no");
        }, Unit::stored, Unit::of)).isInstanceOf(IllegalStateException.class);
        assertThat(dir).isEmptyDirectory();
        // a unit whose encoding fails midway leaves no folder, and no temporary one
        assertThatThrownBy(() -> c.unit("v", "p", CheckpointsTest::unit, u -> Checkpoints.Stored.of(
                JSON.createObjectNode(), Map.of("bad name", u.m())), Unit::of))
                .isInstanceOf(Checkpoints.BadCheckpoint.class);
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void aCheckpointOfAnotherProtocolIsRefused(@TempDir Path dir) {
        Checkpoints.in(dir, "b").unit("u", "grid 1, 2", CheckpointsTest::unit, Unit::stored, Unit::of);
        assertThatThrownBy(() -> Checkpoints.in(dir, "b").unit("u", "grid 1, 2, 4", CheckpointsTest::unit,
                Unit::stored, Unit::of)).isInstanceOf(Checkpoints.BadCheckpoint.class)
                .hasMessage(dir.resolve("u").resolve("checkpoint.json") + ": field protocol: computed under 'grid 1, 2'"
                        + ", but this run's is 'grid 1, 2, 4'; remove " + dir.resolve("u") + " or give another "
                        + "--checkpoints folder");
    }

    @Test
    void aMalformedCheckpointNamesItsFileAndField(@TempDir Path dir) throws Exception {
        Checkpoints.in(dir, "b").unit("u", "p", CheckpointsTest::unit, Unit::stored, Unit::of);
        Path meta = dir.resolve("u").resolve("checkpoint.json");
        String good = Files.readString(meta);
        Map<String, String> broken = Map.of(
                good.replace("\"m\" : [ 2, 3 ]", "\"m\" : [ 2, 4 ]"), "m.f64: 48 bytes, expected 64",
                good.replace("\"m\" : [ 2, 3 ]", "\"m\" : [ 2 ]"), "checkpoint.json: field matrices.m: not a matrix",
                good.replace("\"label\"", "\"other\""), "checkpoint.json: field fields.label: missing",
                good.replace("\"format\" : \"okl-experiment-checkpoint 1\"", "\"format\" : 1"),
                "checkpoint.json: field format: not",
                good.substring(0, 20), "checkpoint.json: not a JSON checkpoint");
        for (Map.Entry<String, String> e : broken.entrySet()) {
            assertThat(e.getKey()).isNotEqualTo(good);
            Files.writeString(meta, e.getKey());
            assertThatThrownBy(() -> Checkpoints.in(dir, "b").unit("u", "p", CheckpointsTest::unit, Unit::stored,
                    Unit::of)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(e.getValue())
                    .satisfies(x -> assertThat(x.getMessage()).doesNotContain("\n"));
        }
    }
}
