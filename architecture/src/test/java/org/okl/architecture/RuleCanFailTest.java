package org.okl.architecture;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;
import org.okl.api.synthetic.ApiReachingOut;
import org.okl.architecture.cycle.a.A;
import org.okl.architecture.cycle.b.B;
import org.okl.kernels.synthetic.PluginReachingCore;
import org.okl.linalg.synthetic.SideDoor;

/** Every rule of {@link ModuleRulesTest} fails on synthetic classes that break it: none of them can pass vacuously. */
class RuleCanFailTest {
    private static final ModuleRulesTest.Rules RULES = ModuleRulesTest.rules();

    private static JavaClasses of(Class<?>... classes) {
        return new ClassFileImporter().importClasses(classes);
    }

    @Test
    void anApiClassOnALibraryFails() {
        assertThatThrownBy(() -> RULES.apiOnJdkOnly().check(of(ApiReachingOut.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("org.junit.jupiter.api.TestInfo");
    }

    @Test
    void aPluginOnAnotherModuleFails() {
        assertThatThrownBy(() -> RULES.onlyOn("org.okl.kernels..", "org.okl.api..", "org.okl.linalg..",
                "org.okl.kernels..").check(of(PluginReachingCore.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("CoreInternal");
    }

    @Test
    void aPackageCycleFails() {
        assertThatThrownBy(() -> RULES.acyclic().check(of(A.class, B.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Cycle");
    }

    @Test
    void aBackEndOnCoreInternalsFails() {
        assertThatThrownBy(() -> RULES.offCoreInternals().check(of(PluginReachingCore.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("org.okl.core.plugin.synthetic");
    }

    @Test
    void aServiceLoaderOutsideThePluginLoaderFails() {
        assertThatThrownBy(() -> RULES.onlyThePluginLoaderFinds().check(of(SideDoor.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("java.util.ServiceLoader");
    }

    @Test
    void theProductReachingTheLabFails() {
        assertThatThrownBy(() -> RULES.offTheLab().check(of(B.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("LabClass");
    }
}
