package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's code cannot drift from code that is compiled and run: every Java block is a source file (or a part of
 * one) of a project the build compiles and runs (the quick-start under {@code all/src/it}, the sample plugin), and
 * every XML block's dependency management and dependencies are part of the quick-start's {@code pom.xml} (the
 * artifact version filled in).
 */
class ReadmeSamplesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern BLOCK = Pattern.compile("```(\\w+)\\n(.*?)```", Pattern.DOTALL);

    private static List<String> blocks(String language) throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        List<String> out = new ArrayList<>();
        Matcher m = BLOCK.matcher(readme);
        while (m.find()) {
            if (m.group(1).equals(language)) {
                out.add(m.group(2));
            }
        }
        return out;
    }

    /** Lines without trailing blanks, without leading and trailing empty lines. */
    private static String normalized(String code) {
        return code.lines().map(String::stripTrailing).collect(Collectors.joining("\n")).strip();
    }

    private static List<String> compiledSources() throws IOException {
        List<String> sources = new ArrayList<>();
        for (Path root : List.of(ROOT.resolve("all/src/it"), ROOT.resolve("it-tests/sample-plugin/src"))) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    sources.add(normalized(Files.readString(f)));
                }
            }
        }
        return sources;
    }

    @Test
    void everyJavaBlockIsCompiledAndRunCode() throws IOException {
        List<String> java = blocks("java");
        assertThat(java).as("Java blocks in the README").isNotEmpty();
        List<String> sources = compiledSources();
        for (String block : java) {
            String code = normalized(block);
            assertThat(sources).as("a compiled source holding the README block starting "
                    + code.lines().findFirst().orElse("")).anyMatch(s -> s.contains(code));
        }
        // the quick-start is shown whole, not an excerpt
        assertThat(java.stream().map(ReadmeSamplesTest::normalized))
                .contains(normalized(Files.readString(
                        ROOT.resolve("all/src/it/quickstart/src/main/java/example/QuickStart.java"))));
    }

    @Test
    void everyXmlBlockIsPartOfTheQuickStartPom() throws IOException {
        String version = versionOf(Files.readString(ROOT.resolve("pom.xml")));
        String pom = Files.readString(ROOT.resolve("all/src/it/quickstart/pom.xml"))
                .replace("@project.version@", version).replaceAll("\\s+", "");
        List<String> xml = blocks("xml");
        assertThat(xml).as("XML blocks in the README").isNotEmpty();
        for (String block : xml) {
            for (String part : parts(block.replaceAll("\\s+", ""))) {
                assertThat(pom).as("quick-start pom.xml holding the README's " + part).contains(part);
            }
        }
    }

    /**
     * The dependencyManagement section of a README block, and each of its other dependencies (the quick-start's
     * dependencies section also holds its test dependency).
     */
    private static List<String> parts(String xml) {
        List<String> parts = new ArrayList<>();
        Matcher managed = Pattern.compile("<dependencyManagement>.*?</dependencyManagement>").matcher(xml);
        String rest = xml;
        if (managed.find()) {
            parts.add(managed.group());
            rest = xml.substring(0, managed.start()) + xml.substring(managed.end());
        }
        Matcher dependency = Pattern.compile("<dependency>.*?</dependency>").matcher(rest);
        while (dependency.find()) {
            parts.add(dependency.group());
        }
        assertThat(parts).as("parts of the README block " + xml).isNotEmpty();
        return parts;
    }

    private static String versionOf(String parentPom) {
        Matcher m = Pattern.compile("<artifactId>okl-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(parentPom);
        assertThat(m.find()).as("okl-parent version").isTrue();
        return m.group(1);
    }
}
