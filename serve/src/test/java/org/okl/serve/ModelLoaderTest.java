package org.okl.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.security.KeyPair;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.TrustPolicy;
import org.okl.core.signing.SigningKeys;

/** {@code okl serve --trust-key}: the loader refuses what the trusted keys did not sign, at start and on reload. */
class ModelLoaderTest {
    @Test
    void underATrustPolicyOnlyFilesSignedByATrustedKeyAreServed(@TempDir Path dir) {
        Okl okl = Okl.builder().build();
        Model model = TestModels.regression(okl, 1e-3);
        KeyPair ours = SigningKeys.generate();
        KeyPair theirs = SigningKeys.generate();
        Path signed = TestModels.save(model, dir.resolve("signed.okl"));
        Model.sign(signed, ours);
        Path other = TestModels.save(model, dir.resolve("other.okl"));
        Model.sign(other, theirs);
        Path unsigned = TestModels.save(model, dir.resolve("unsigned.okl"));
        ModelLoader trusting = ModelLoader.verified(okl, TrustPolicy.trusting(List.of(ours.getPublic())));

        ServedModel served = trusting.load("m", signed);
        assertThat(served.model().predict(TestModels.inputs(3, 1)).outputs().maxAbsDifference(
                model.predict(TestModels.inputs(3, 1)).outputs())).isLessThan(1e-12);
        for (Path refused : List.of(other, unsigned)) {
            assertThatThrownBy(() -> trusting.load("m", refused)).isInstanceOfSatisfying(OklException.class,
                    e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNTRUSTED_MODEL));
        }
        // without a policy every intact file is served, signed or not
        assertThat(ModelLoader.verified(okl).load("m", unsigned).model()).isNotNull();
    }
}
