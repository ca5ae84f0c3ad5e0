package mountcheck.experiments.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class LogLogPlotTest {
  private static LogLogPlot twoSeries() {
    return new LogLogPlot("t & <title>", "mounts", "seconds")
        .add("fast-series", new double[] {10, 100, 1000}, new double[] {1e-5, 1e-4, 1e-3})
        .add("slow-series", new double[] {10, 100, 1000}, new double[] {1e-4, 1e-2, 0});
  }

  private static Document parse(String svg) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    return f.newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void svgIsWellFormedXmlNamingTitleAxesAndEverySeries() throws Exception {
    String svg = LogLogPlot.svg(List.of(twoSeries()));
    Document doc = parse(svg);
    assertEquals("svg", doc.getDocumentElement().getNodeName());
    assertEquals(640, Double.parseDouble(doc.getDocumentElement().getAttribute("width")));
    String text = doc.getDocumentElement().getTextContent();
    for (String s :
        List.of("fast-series", "slow-series", "t & <title>", "mounts", "seconds", "1e-4")) {
      assertTrue(text.contains(s), s + " in " + text);
    }
  }

  @Test
  void nonPositivePointsAreLeftOut() {
    XYDataset data = ((XYPlot) twoSeries().chart().getPlot()).getDataset();
    assertEquals(2, data.getSeriesCount());
    assertEquals(3, data.getItemCount(0));
    assertEquals(2, data.getItemCount(1), "the point with y = 0 has no place on a log axis");
  }

  @Test
  void pngPanelsAreLaidOutSideBySideAndBothAreDrawn() throws Exception {
    byte[] png = LogLogPlot.png(List.of(twoSeries(), twoSeries()));
    assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
    assertEquals(2 * 640, image.getWidth());
    assertEquals(480, image.getHeight());
    // each half holds a chart: many colours (lines, markers, text), not a blank panel
    for (int half = 0; half < 2; half++) {
      Set<Integer> colours = new HashSet<>();
      for (int x = half * 640; x < (half + 1) * 640; x += 3) {
        for (int y = 0; y < 480; y += 3) colours.add(image.getRGB(x, y));
      }
      assertTrue(colours.size() > 10, "panel " + half + " has " + colours.size() + " colours");
    }
    String wide = LogLogPlot.svg(List.of(twoSeries(), twoSeries()));
    assertEquals(1280, Double.parseDouble(parse(wide).getDocumentElement().getAttribute("width")));
  }

  @Test
  void theFormatComesFromTheFileName(@TempDir Path dir) throws Exception {
    Path svg = dir.resolve("p.SVG");
    LogLogPlot.write(svg, List.of(twoSeries()));
    assertTrue(Files.readString(svg).startsWith("<?xml"));
    Path png = dir.resolve("p.png");
    LogLogPlot.write(png, List.of(twoSeries()));
    assertEquals(640, ImageIO.read(png.toFile()).getWidth());
    assertThrows(
        IllegalArgumentException.class, () -> LogLogPlot.write(dir.resolve("p.pdf"), List.of()));
    assertFalse(LogLogPlot.supports(dir.resolve("p.pdf")));
  }

  @Test
  void seriesNeedAsManyYAsXValues() {
    LogLogPlot p = new LogLogPlot("t", "x", "y");
    assertThrows(
        IllegalArgumentException.class, () -> p.add("s", new double[] {1, 2}, new double[] {1}));
  }
}
