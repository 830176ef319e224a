package org.okl.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One case of the bad-input corpus, read from its {@code case.txt} ({@code it-tests/src/test/resources/bad-input/
 * README.md} describes the keys).
 *
 * @param name            the case's folder name
 * @param folder          the case's folder (its other files are the case's inputs)
 * @param what            what the user did, in words (the first comment line)
 * @param setup           commands that must succeed first, for example fitting the model a case then misuses
 * @param run             the command under test
 * @param exit            its expected exit code
 * @param stderr          fragments standard error must contain (for a failure: its one error line)
 * @param stderrNot       fragments standard error must not contain
 * @param stdout          fragments standard output must contain
 * @param stdoutNot       fragments standard output must not contain (a line printed before the inputs were
 *                        checked)
 * @param creates         files the command may create (nothing else may appear in the work folder)
 * @param env             environment variables; a relative path value is taken in the work folder
 * @param pluginCopies    JARs named here receive a copy of the sample plugin in the work folder
 * @param jars            JARs to build before running: target path, and the case sub-folder zipped into it
 * @param allowClassNames whether Java class names may appear (causes meant for a plugin's author)
 * @param make            files to make after the setup, each {@code FILE GENERATOR ARGS...} ({@link CaseFiles})
 * @param remove          files to delete after the setup (a file a model read while it was fitted)
 * @param stderrMax       the most characters standard error may hold, or -1 for no limit
 */
record BadInputCase(String name, Path folder, String what, List<List<String>> setup, List<String> run, int exit,
        List<String> stderr, List<String> stderrNot, List<String> stdout, List<String> stdoutNot, List<String> creates,
        Map<String, String> env, List<String> pluginCopies, Map<String, String> jars, boolean allowClassNames,
        List<List<String>> make, List<String> remove, int stderrMax) {

    /** The file describing a case. */
    static final String FILE = "case.txt";

    /** Reads {@code folder/case.txt}. */
    static BadInputCase read(Path folder) throws IOException {
        String what = "";
        List<List<String>> setup = new ArrayList<>();
        List<String> run = null;
        Integer exit = null;
        List<String> stderr = new ArrayList<>();
        List<String> stderrNot = new ArrayList<>();
        List<String> stdout = new ArrayList<>();
        List<String> stdoutNot = new ArrayList<>();
        List<String> creates = new ArrayList<>();
        Map<String, String> env = new LinkedHashMap<>();
        List<String> pluginCopies = new ArrayList<>();
        Map<String, String> jars = new LinkedHashMap<>();
        boolean allowClassNames = false;
        List<List<String>> make = new ArrayList<>();
        List<String> remove = new ArrayList<>();
        int stderrMax = -1;
        for (String raw : Files.readAllLines(folder.resolve(FILE), StandardCharsets.UTF_8)) {
            String line = raw.strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                what = what.isEmpty() ? line.substring(1).strip() : what;
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException(folder.resolve(FILE) + ": not 'key: value': " + line);
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            switch (key) {
                case "setup" -> setup.add(words(value));
                case "run" -> run = words(value);
                case "exit" -> exit = Integer.parseInt(value);
                case "stderr" -> stderr.addAll(fragments(value));
                case "stderr-not" -> stderrNot.addAll(fragments(value));
                case "stdout" -> stdout.addAll(fragments(value));
                case "stdout-not" -> stdoutNot.addAll(fragments(value));
                case "creates" -> creates.addAll(words(value));
                case "env" -> {
                    int eq = value.indexOf('=');
                    env.put(value.substring(0, eq).strip(), value.substring(eq + 1).strip());
                }
                case "sample-plugin" -> pluginCopies.addAll(words(value));
                case "jar" -> {
                    List<String> w = words(value);
                    jars.put(w.get(0), w.get(1));
                }
                case "class-names" -> allowClassNames = value.equals("allowed");
                case "make" -> make.add(List.of(value.split("\\s+", 5))); // a JSON value last keeps its blanks
                case "remove" -> remove.addAll(words(value));
                case "stderr-max" -> stderrMax = Integer.parseInt(value);
                default -> throw new IllegalArgumentException(folder.resolve(FILE) + ": unknown key '" + key + "'");
            }
        }
        if (run == null || exit == null) {
            throw new IllegalArgumentException(folder.resolve(FILE) + ": needs 'run:' and 'exit:'");
        }
        return new BadInputCase(folder.getFileName().toString(), folder, what, List.copyOf(setup), run, exit,
                List.copyOf(stderr), List.copyOf(stderrNot), List.copyOf(stdout), List.copyOf(stdoutNot),
                List.copyOf(creates), Map.copyOf(env), List.copyOf(pluginCopies), Map.copyOf(jars), allowClassNames,
                List.copyOf(make), List.copyOf(remove), stderrMax);
    }

    /** Splits on blanks; double quotes group words (no escapes). */
    static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char c : text.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
                any = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (any) {
                    out.add(word.toString());
                    word.setLength(0);
                    any = false;
                }
            } else {
                word.append(c);
                any = true;
            }
        }
        if (any) {
            out.add(word.toString());
        }
        return out;
    }

    private static List<String> fragments(String text) {
        List<String> out = new ArrayList<>();
        for (String f : text.split("\\s\\|\\s")) {
            if (!f.isBlank()) {
                out.add(f.strip());
            }
        }
        return out;
    }
}
