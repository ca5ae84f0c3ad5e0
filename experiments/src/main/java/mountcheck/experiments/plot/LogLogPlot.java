package mountcheck.experiments.plot;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.text.TextUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * One log-log panel: a title, axis labels and named series of (x, y) points, each drawn as a line
 * with markers. Points with a non-positive coordinate are left out (a log axis has no place for
 * them). Several panels are laid out side by side in one PNG or one SVG; {@link #write} picks the
 * format from the file name. Drawing is JFreeChart's (log axes), the SVG is JFreeSVG's.
 */
public final class LogLogPlot {
  /** A named series of points; x and y have the same length. */
  public record Series(String name, double[] x, double[] y) {
    public Series {
      if (x.length != y.length) {
        throw new IllegalArgumentException(
            name + ": " + x.length + " x values, " + y.length + " y values");
      }
      x = x.clone();
      y = y.clone();
    }
  }

  static final int PANEL_WIDTH = 640;
  static final int PANEL_HEIGHT = 480;

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final List<Series> series = new ArrayList<>();

  public LogLogPlot(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  public LogLogPlot add(String name, double[] x, double[] y) {
    series.add(new Series(name, x, y));
    return this;
  }

  public List<Series> series() {
    return List.copyOf(series);
  }

  /** Writes the panels side by side: PNG when the name ends in .png, SVG when in .svg. */
  public static void write(Path file, List<LogLogPlot> panels) throws IOException {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".png")) {
      Files.write(file, png(panels));
    } else if (name.endsWith(".svg")) {
      Files.writeString(file, svg(panels), StandardCharsets.UTF_8);
    } else {
      throw new IllegalArgumentException(file + ": the plot file must end in .png or .svg");
    }
  }

  /** True when {@link #write} knows the file's format. */
  public static boolean supports(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    return name.endsWith(".png") || name.endsWith(".svg");
  }

  public static byte[] png(List<LogLogPlot> panels) {
    BufferedImage image =
        new BufferedImage(width(panels), PANEL_HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, image.getWidth(), image.getHeight());
    drawAll(g, panels);
    g.dispose();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  public static String svg(List<LogLogPlot> panels) {
    SVGGraphics2D g = new SVGGraphics2D(width(panels), PANEL_HEIGHT);
    drawAll(g, panels);
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + g.getSVGElement() + "\n";
  }

  private static int width(List<LogLogPlot> panels) {
    return PANEL_WIDTH * Math.max(1, panels.size());
  }

  private static void drawAll(Graphics2D g, List<LogLogPlot> panels) {
    for (int i = 0; i < panels.size(); i++) {
      panels
          .get(i)
          .chart()
          .draw(g, new Rectangle2D.Double(i * PANEL_WIDTH, 0, PANEL_WIDTH, PANEL_HEIGHT));
    }
  }

  /**
   * A base-10 log axis with plain-string tick labels ("1e-4"): LogAxis's attributed (superscript)
   * labels, and rotated labels drawn as text layouts, would reach the SVG as glyph outlines instead
   * of text.
   */
  private static LogarithmicAxis axis(String label) {
    TextUtils.setUseDrawRotatedStringWorkaround(false);
    LogarithmicAxis a = new LogarithmicAxis(label);
    a.setExpTickLabelsFlag(true);
    a.setStrictValuesFlag(false);
    return a;
  }

  /** The panel as a JFreeChart chart: log axes, one line with markers per series, a legend. */
  JFreeChart chart() {
    XYSeriesCollection data = new XYSeriesCollection();
    for (Series s : series) {
      XYSeries xy = new XYSeries(s.name(), false, true);
      for (int i = 0; i < s.x().length; i++)
        if (s.x()[i] > 0 && s.y()[i] > 0) xy.add(s.x()[i], s.y()[i]);
      data.addSeries(xy);
    }
    LogarithmicAxis x = axis(xLabel);
    LogarithmicAxis y = axis(yLabel);
    XYPlot plot = new XYPlot(data, x, y, new XYLineAndShapeRenderer(true, true));
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    return chart;
  }
}
