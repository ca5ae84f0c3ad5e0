package mountcheck.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogLogPlotTest {
  private static LogLogPlot twoSeries() {
    return new LogLogPlot("t & <title>", "mounts", "seconds")
        .add("fast", new double[] {10, 100, 1000}, new double[] {1e-5, 1e-4, 1e-3})
        .add("slow", new double[] {10, 100, 1000}, new double[] {1e-4, 1e-2, 0});
  }

  private static int count(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  @Test
  void svgHasOneLinePerSeriesLeavesOutNonPositivePointsAndEscapesText() {
    String svg = LogLogPlot.svg(List.of(twoSeries()));
    assertEquals(2, count(svg, "<polyline "));
    // markers: 3 + 2 points (the zero is left out) and one per legend entry
    assertEquals(3 + 2 + 2, count(svg, "<circle |<rect x=\"[^\"]*\" y=\"[^\"]*\" width=\"8.0\""));
    assertTrue(svg.contains(">t &amp; &lt;title&gt;</text>"), svg);
    assertFalse(svg.contains("<title>"));
  }

  @Test
  void panelsAreLaidOutSideBySide() throws Exception {
    byte[] png = LogLogPlot.png(List.of(twoSeries(), twoSeries()));
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
    assertEquals(2 * 640, image.getWidth());
    assertEquals(480, image.getHeight());
    assertTrue(LogLogPlot.svg(List.of(twoSeries(), twoSeries())).contains("width=\"1280\""));
  }

  @Test
  void theFormatComesFromTheFileName(@TempDir Path dir) throws Exception {
    Path svg = dir.resolve("p.SVG");
    LogLogPlot.write(svg, List.of(twoSeries()));
    assertTrue(Files.readString(svg).startsWith("<?xml"));
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

  @Test
  void tickLabelsArePlainForModerateValues() {
    assertEquals("0.001", LogLogPlot.tick(1, -3));
    assertEquals("50000", LogLogPlot.tick(5, 4));
    assertEquals("1e5", LogLogPlot.tick(1, 5));
    assertEquals("2e-4", LogLogPlot.tick(2, -4));
  }
}
