package org.okl.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The module rules of {@code docs/architecture.md}, checked on every module's compiled classes (its
 * {@code target/classes}): each module is imported on its own, so a rule speaks of a module's own classes and of
 * what they reach. Each rule's forbidden case is also built here from synthetic classes and must fail, so a rule
 * that can no longer fail is seen (RuleCanFailTest).
 */
class ModuleRulesTest {

    /** The product's OKL-component modules: a plugin depends on the api and the math module only. */
    static final Map<String, String> PLUGINS = Map.of(
            "solvers-plugin", "org.okl.solvers..",
            "kernels-plugin", "org.okl.kernels..",
            "filters-plugin", "org.okl.filters..",
            "decoders-plugin", "org.okl.decoders..",
            "datasets-plugin", "org.okl.datasets..",
            "transforms-plugin", "org.okl.transforms..",
            "metrics-plugin", "org.okl.metrics..",
            "presets-plugin", "org.okl.presets..",
            "parquet", "org.okl.parquet..",
            "arrow", "org.okl.arrow..");

    /** Core's packages that no module outside core may import: the registry, contexts, file access, selection. */
    static final String[] CORE_INTERNAL = {"org.okl.core.plugin..", "org.okl.core.component..",
        "org.okl.core.io..", "org.okl.core.select..", "org.okl.core.solve..", "org.okl.core.progress.."};

    /** The lab: research code that the product artifacts must not contain or reach. */
    static final String[] LAB = {"org.okl.bench..", "org.okl.experiments.."};

    /** Modules whose package graphs must be free of cycles. */
    static final List<String> ACYCLIC = List.of("api", "linalg", "core", "solvers-plugin", "kernels-plugin",
            "filters-plugin", "decoders-plugin", "datasets-plugin", "transforms-plugin", "metrics-plugin",
            "presets-plugin", "parquet", "arrow", "gpu", "testkit", "spark", "onnx", "experiments", "bench", "app",
            "serve");

    private static final Map<String, JavaClasses> IMPORTED = new ConcurrentHashMap<>();

    /** A module's main classes, as compiled by the reactor before this module. */
    static JavaClasses module(String name) {
        return IMPORTED.computeIfAbsent(name, n -> {
            Path classes = Path.of("..", n, "target", "classes");
            assertThat(classes).as("the compiled classes of module '%s' (build it first)", n).isDirectory();
            return new ClassFileImporter().importPath(classes);
        });
    }

    @Test
    void theApiDependsOnTheJdkOnly() {
        rules().apiOnJdkOnly().check(module("api"));
    }

    @Test
    void theMathModuleDependsOnTheApiOnly() {
        rules().onlyOn("org.okl.linalg..", "org.okl.api..", "org.okl.linalg..").check(module("linalg"));
    }

    static Stream<String> plugins() {
        return PLUGINS.keySet().stream().sorted();
    }

    @ParameterizedTest
    @MethodSource("plugins")
    void aPluginDependsOnTheApiAndTheMathModuleOnly(String plugin) {
        String own = PLUGINS.get(plugin);
        rules().onlyOn(own, "org.okl.api..", "org.okl.linalg..", own).check(module(plugin));
    }

    static Stream<String> acyclic() {
        return ACYCLIC.stream();
    }

    @ParameterizedTest
    @MethodSource("acyclic")
    void noPackageCycleInsideAModule(String name) {
        rules().acyclic().check(module(name));
    }

    @ParameterizedTest
    @MethodSource("backEnds")
    void gpuSparkAndServeStayOffCoreInternals(String name) {
        rules().offCoreInternals().check(module(name));
    }

    static Stream<String> backEnds() {
        return Stream.of("gpu", "spark", "onnx", "serve");
    }

    @ParameterizedTest
    @MethodSource("product")
    void theProductDoesNotReachTheLab(String name) {
        rules().offTheLab().check(module(name));
    }

    @ParameterizedTest
    @MethodSource("product")
    void onlyThePluginLoaderFindsImplementations(String name) {
        rules().onlyThePluginLoaderFinds().check(module(name));
    }

    static Stream<String> product() {
        return Stream.of("api", "linalg", "core", "solvers-plugin", "kernels-plugin", "filters-plugin",
                "decoders-plugin", "datasets-plugin", "transforms-plugin", "metrics-plugin", "presets-plugin", "app",
                "parquet", "arrow", "gpu", "spark", "onnx", "testkit", "serve");
    }

    static Rules rules() {
        return new Rules();
    }

    /** The rules, built fresh for each check (ArchUnit rules are immutable values). */
    static final class Rules {

        ArchRule apiOnJdkOnly() {
            return noClasses().that().resideInAPackage("org.okl.api..")
                    .should().dependOnClassesThat().resideOutsideOfPackages("java..", "javax..", "jdk..",
                            "org.okl.api..")
                    .because("plugins compile against the api alone (docs/architecture.md)");
        }

        ArchRule onlyOn(String module, String... allowed) {
            return noClasses().that().resideInAPackage(module)
                    .should().dependOnClassesThat(resideInAPackage("org.okl..")
                            .and(not(resideInAnyPackage(allowed))))
                    .because("a plugin and the math module see OKL through the api and the math module only");
        }

        ArchRule acyclic() {
            return slices().matching("org.okl.(**)").should().beFreeOfCycles()
                    .because("a package is read and changed apart from those that use it");
        }

        ArchRule offCoreInternals() {
            return noClasses().should().dependOnClassesThat().resideInAnyPackage(CORE_INTERNAL)
                    .because("back-ends use the api, the math module and core's public packages only");
        }

        ArchRule onlyThePluginLoaderFinds() {
            return noClasses().that().resideOutsideOfPackage("org.okl.core.plugin..")
                    .should().dependOnClassesThat().haveFullyQualifiedName("java.util.ServiceLoader")
                    .because("OklPlugin is the one extension mechanism: kernels, solvers, devices and clusters are "
                            + "found by the plugin loader, never by a ServiceLoader of their own");
        }

        ArchRule offTheLab() {
            return noClasses().should().dependOnClassesThat().resideInAnyPackage(LAB)
                    .because("the product artifacts do not contain or reach bench and experiments");
        }
    }
}
