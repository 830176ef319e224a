package org.okl.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.okl.api.plugin.OklPlugin;

/** Every public type of the api says how stable it is (JUnit's {@code @API} discipline). */
class ApiStabilityTest {

    private static List<Class<?>> apiTypes() throws IOException, URISyntaxException {
        Path classes = Path.of(API.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> files = Files.walk(classes)) {
            return files.map(p -> classes.relativize(p).toString().replace('\\', '/'))
                    .filter(n -> n.endsWith(".class") && !n.contains("$") && !n.endsWith("package-info.class")
                            && !n.endsWith("module-info.class"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                    .map(ApiStabilityTest::load)
                    .filter(c -> Modifier.isPublic(c.getModifiers()))
                    .toList();
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, API.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyPublicApiTypeCarriesItsStatus() throws Exception {
        List<Class<?>> types = apiTypes();
        assertThat(types).as("the api's public types").hasSizeGreaterThan(40).contains(OklPlugin.class);
        for (Class<?> type : types) {
            API api = type.getAnnotation(API.class);
            assertThat(api).as(type.getName() + " has @API").isNotNull();
            assertThat(api.since()).as(type.getName()).matches("\\d+\\.\\d+");
            assertThat(api.status()).as(type.getName() + ": INTERNAL types do not belong in the api")
                    .isNotEqualTo(API.Status.INTERNAL);
        }
    }
}
