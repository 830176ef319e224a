package org.okl.bench.accuracy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The critical-difference diagram's groups and its drawing. */
class CdPlotTest {

    @Test
    void groupsAreTheMaximalRunsWithinTheCriticalDifference() {
        double[] ranks = {1.0, 1.5, 2.4, 3.0, 4.9};
        // from 1.0: 1.5 and 2.4 within 1.5, 3.0 not; from 1.5: up to 2.4 (3.0 is 1.5 away: not within), inside the
        // first group; from 2.4: 3.0; from 3.0: nothing
        assertThat(CdPlot.cliques(ranks, 1.5)).containsExactly(new int[] {0, 2}, new int[] {2, 3});
        assertThat(CdPlot.cliques(ranks, 0.1)).isEmpty();
        assertThat(CdPlot.cliques(ranks, 10)).containsExactly(new int[] {0, 4});
    }

    @Test
    void theDiagramIsSvgWithEveryMethodAtItsRank() throws Exception {
        List<String> methods = List.of("okl-auto", "krr-grid", "a<b", "mlp");
        double[] ranks = {1.25, 2.5, 4.0, 2.25};
        String svg = CdPlot.svg("regression", methods, ranks, 1.2, "okl-auto");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertThat(doc.getDocumentElement().getTagName()).isEqualTo("svg");
        NodeList lines = doc.getElementsByTagName("polyline");
        assertThat(lines.getLength()).isEqualTo(4);
        // the best method hangs from x(1.25) on an axis of 4 ranks from 230 to 670: 230 + 0.25 / 3 * 440
        String first = ((Element) lines.item(0)).getAttribute("points");
        assertThat(first).startsWith("266.7,60 266.7,");
        StringBuilder text = new StringBuilder();
        NodeList texts = doc.getElementsByTagName("text");
        for (int i = 0; i < texts.getLength(); i++) {
            text.append(texts.item(i).getTextContent()).append('\n');
        }
        assertThat(text.toString()).contains("okl-auto (1.25)").contains("a<b (4.00)").contains("CD = 1.200");
        // the CD bar, the axis, 4 ticks and two groups: {1.25, 2.25} and {2.25, 2.5} (2.5 is 1.25 from 1.25); 4.0 alone
        assertThat(doc.getElementsByTagName("line").getLength()).isEqualTo(1 + 1 + 4 + 2);
    }
}
