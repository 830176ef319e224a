package org.okl.experiments;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;
import org.okl.api.data.Dataset;

/**
 * Selection code cannot reach test outputs: no experiment class but {@link TestSeal} calls {@link Dataset#test()},
 * and {@link HeldOut} has no getter for its outputs, so a shipped test split reaches an experiment only as sealed
 * inputs and a one-shot scoring.
 */
class TestSealRuleTest {

    /** The rule, for the classes given. */
    static ArchRule onlyTheSealReadsTestSplits() {
        return noClasses().that().doNotHaveFullyQualifiedName(TestSeal.class.getName())
                .should().callMethod(Dataset.class, "test")
                .because("a test split reaches experiments only through TestSeal.split, outputs sealed (issue 39)");
    }

    @Test
    void noExperimentReadsATestSplitButTheSeal() {
        JavaClasses main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.okl.experiments");
        assertThat(main.contain(TestSeal.class)).isTrue();
        assertThat(main.size()).isGreaterThan(50);
        onlyTheSealReadsTestSplits().check(main);
    }

    @Test
    void theRuleFlagsCodeThatReadsATestSplit() {
        JavaClasses fixture = new ClassFileImporter().importPackages("org.okl.experiments.sealfixture");
        assertThatThrownBy(() -> onlyTheSealReadsTestSplits().check(fixture)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("ReadsTheTestSplit.testOutputs");
    }
}
