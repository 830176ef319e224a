package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's code samples are compiled and run: every Java block is preceded by {@code <!-- snippet: FILE#NAME -->}
 * and equals the region between {@code // readme:begin NAME} and {@code // readme:end NAME} of that source file (a
 * test, or the quick-start project the build compiles and runs against the installed artifacts), indentation aside;
 * every XML block's dependency management and dependencies are part of that quick-start's {@code pom.xml}.
 */
class ReadmeSnippetsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern SNIPPET = Pattern.compile(
            "<!-- snippet: (\\S+)#(\\S+) -->\\s*\\n```java\\n(.*?)\\n```", Pattern.DOTALL);
    private static final Pattern BLOCK = Pattern.compile("```(\\w+)\\n(.*?)```", Pattern.DOTALL);

    /** A README block and where its code lives. */
    private record Snippet(String file, String region, String code) {
    }

    private static List<Snippet> snippets() throws IOException {
        Matcher m = SNIPPET.matcher(Files.readString(ROOT.resolve("README.md")));
        List<Snippet> out = new ArrayList<>();
        while (m.find()) {
            out.add(new Snippet(m.group(1), m.group(2), m.group(3)));
        }
        return out;
    }

    /** The lines between the region's markers, with their common indentation removed. */
    static String region(String source, String name) {
        List<String> lines = source.lines().toList();
        int begin = -1;
        int end = -1;
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).strip();
            if (t.equals("// readme:begin " + name)) {
                begin = i;
            } else if (t.equals("// readme:end " + name)) {
                end = i;
            }
        }
        assertThat(begin).as("marker '// readme:begin " + name + "'").isNotNegative();
        assertThat(end).as("marker '// readme:end " + name + "'").isGreaterThan(begin);
        List<String> body = lines.subList(begin + 1, end);
        int indent = body.stream().filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        return String.join("\n", body.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).toList());
    }

    @Test
    void everyReadmeSnippetIsTheCodeOfATest() throws IOException {
        List<Snippet> snippets = snippets();
        assertThat(snippets).extracting(Snippet::region).as("the README's compiled snippets")
                .contains("plugin-tests", "quickstart");
        assertThat(snippets).as("every Java block of the README is a compiled snippet").hasSameSizeAs(blocks("java"));
        for (Snippet s : snippets) {
            Path file = ROOT.resolve(s.file());
            assertThat(file).as("snippet source").isRegularFile();
            assertThat(s.code()).as("README block " + s.file() + "#" + s.region())
                    .isEqualTo(region(Files.readString(file), s.region()));
        }
    }

    @Test
    void everyXmlBlockIsPartOfTheQuickStartPom() throws IOException {
        Matcher v = Pattern.compile("<artifactId>okl-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(ROOT.resolve("pom.xml")));
        assertThat(v.find()).as("okl-parent version").isTrue();
        String pom = Files.readString(ROOT.resolve("all/src/it/quickstart/pom.xml"))
                .replace("@project.version@", v.group(1)).replaceAll("\\s+", "");
        List<String> xml = blocks("xml");
        assertThat(xml).as("XML blocks in the README").isNotEmpty();
        for (String block : xml) {
            for (String part : parts(block.replaceAll("\\s+", ""))) {
                assertThat(pom).as("the quick-start pom.xml holding the README's " + part).contains(part);
            }
        }
    }

    private static List<String> blocks(String language) throws IOException {
        Matcher m = BLOCK.matcher(Files.readString(ROOT.resolve("README.md")));
        List<String> out = new ArrayList<>();
        while (m.find()) {
            if (m.group(1).equals(language)) {
                out.add(m.group(2));
            }
        }
        return out;
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

    @Test
    void regionsDropTheirCommonIndentation() {
        String source = "class A {\n    // readme:begin x\n    int a;\n\n        int b;\n    // readme:end x\n}\n";
        assertThat(region(source, "x")).isEqualTo("int a;\n\n    int b;");
    }
}
