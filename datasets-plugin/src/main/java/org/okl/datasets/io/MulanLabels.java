package org.okl.datasets.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.okl.api.data.DataFormatException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Mulan label files: an XML document whose {@code <label name="...">} elements (possibly nested, for hierarchies)
 * name the label attributes of the sibling ARFF file.
 */
public final class MulanLabels {

    private MulanLabels() {
    }

    /**
     * The label file that belongs to an ARFF file, if one exists: first {@code base.xml} next to {@code base.arff}
     * (or {@code base.arff.gz}); then, for Mulan's split files such as {@code yeast-train.arff}, the base name without
     * its last {@code -part} or {@code _part} ({@code yeast.xml}).
     */
    public static Optional<Path> find(Path arff) {
        for (Path candidate : candidates(arff)) {
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The first place {@link #find} looks, for error messages. */
    public static Path expected(Path arff) {
        return candidates(arff).get(0);
    }

    private static List<Path> candidates(Path arff) {
        String name = DataFiles.formatName(arff);
        String original = arff.getFileName().toString();
        String base = original.substring(0, Math.min(original.length(), name.length()));
        if (base.toLowerCase(java.util.Locale.ROOT).endsWith(".arff")) {
            base = base.substring(0, base.length() - ".arff".length());
        }
        List<Path> out = new ArrayList<>();
        out.add(arff.resolveSibling(base + ".xml"));
        int cut = Math.max(base.lastIndexOf('-'), base.lastIndexOf('_'));
        if (cut > 0) {
            out.add(arff.resolveSibling(base.substring(0, cut) + ".xml"));
        }
        return out;
    }

    /**
     * Reads the label names of a label file.
     *
     * @throws DataFormatException when the file is missing, is not XML, or names no label
     */
    public static List<String> read(Path xml) {
        try (InputStream in = DataFiles.open(xml)) {
            return read(in, xml.toString());
        } catch (IOException e) {
            throw DataFiles.readError(xml.toString(), e);
        }
    }

    /** Reads label names from an open stream (not closed here); {@code name} is for error messages. */
    public static List<String> read(InputStream in, String name) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            NodeList nodes = builder.parse(in).getElementsByTagNameNS("*", "label");
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < nodes.getLength(); i++) {
                String label = ((Element) nodes.item(i)).getAttribute("name");
                if (label.isEmpty()) {
                    throw new DataFormatException(name, "label element " + (i + 1) + " has no name attribute");
                }
                labels.add(label);
            }
            if (labels.isEmpty()) {
                throw new DataFormatException(name, "no <label name=\"...\"> elements: not a Mulan label file");
            }
            return List.copyOf(labels);
        } catch (SAXException e) {
            throw new DataFormatException(name, "not a valid Mulan label XML file: " + e.getMessage(), e);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK XML parser cannot be configured securely", e);
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
    }
}
