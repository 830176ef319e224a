package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PeerTest {

    @Test
    void parsesThePeerLineWithAMissingScikitLearn() {
        PeerTimings t = PeerTimings.parse("{\"n\": 1000, \"p\": 50, \"d\": 20, \"gram_s\": 0.02, \"eigh_s\": 0.1, "
                + "\"tik_path_s\": 0.15, \"nu_method_s\": 0.3, \"sk_grid_s\": null}");
        assertThat(t.n()).isEqualTo(1000);
        assertThat(t.gram().getAsDouble()).isEqualTo(0.02);
        assertThat(t.skGrid()).isEmpty();
        assertThat(new TikhonovPathWorkload().numpySeconds(t).getAsDouble()).isCloseTo(0.17, within(1e-15));
        assertThat(new NuMethodWorkload().numpySeconds(t).getAsDouble()).isCloseTo(0.32, within(1e-15));
        assertThat(new EigenWorkload().numpySeconds(t).getAsDouble()).isEqualTo(0.1);
        assertThat(new TikhonovPathWorkload().sklearnSeconds(t)).isEmpty();
        assertThat(new KdeCovarianceWorkload().numpySeconds(t)).isEmpty();
    }

    @Test
    void missingPythonIsReportedWithWhatToInstall(@TempDir Path dir) {
        PeerRunner runner = new PeerRunner(dir.resolve("no-python"), dir.resolve("peer_numpy.py"));
        assertThatThrownBy(() -> runner.run(10, 2, 2)).isInstanceOf(PeerRunner.PeerUnavailable.class)
                .hasMessageContaining("no numpy peer").hasMessageContaining("python3-numpy");
    }

    @Test
    void missingNumpyIsNamed() {
        String message = PeerRunner.failure(1, "Traceback (most recent call last):\n  File ...\n"
                + "ModuleNotFoundError: No module named 'numpy'");
        assertThat(message).startsWith("no numpy peer: No module named 'numpy'").contains("apt-get install");
        assertThat(PeerRunner.failure(2, "MemoryError")).isEqualTo("numpy peer failed (exit 2): MemoryError");
    }
}
