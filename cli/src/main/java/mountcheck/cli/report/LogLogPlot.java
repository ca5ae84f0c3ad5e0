package mountcheck.cli.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * One log-log panel: a title, axis labels and named series of (x, y) points, each drawn as a line
 * with markers in its own colour. Points with a non-positive coordinate are left out (a log axis
 * has no place for them). Several panels are laid out side by side in one PNG (Java2D, headless) or
 * one hand-written SVG; {@link #write} picks the format from the file name.
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
  private static final int LEFT = 78;
  private static final int RIGHT = 24;
  private static final int TOP = 44;
  private static final int BOTTOM = 58;
  private static final int[] COLOURS = {
    0x1f77b4, 0xd62728, 0xff7f0e, 0x2ca02c, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f, 0x17becf
  };
  private static final int GRID = 0xdddddd;
  private static final int MINOR_GRID = 0xf0f0f0;
  private static final int AXIS = 0x333333;

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
    Java2dCanvas canvas = new Java2dCanvas(PANEL_WIDTH * panels.size(), PANEL_HEIGHT);
    drawAll(canvas, panels);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(canvas.finish(), "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  public static String svg(List<LogLogPlot> panels) {
    SvgCanvas canvas = new SvgCanvas(PANEL_WIDTH * panels.size(), PANEL_HEIGHT);
    drawAll(canvas, panels);
    return canvas.finish();
  }

  private static void drawAll(PlotCanvas c, List<LogLogPlot> panels) {
    for (int i = 0; i < panels.size(); i++) {
      panels.get(i).draw(c, i * PANEL_WIDTH);
    }
  }

  /**
   * An axis range in log10 units: the values' range with a little margin, at least one decade wide
   * (centred on the values when they span less).
   */
  private record Range(double lo, double hi) {
    static Range of(List<Double> values) {
      if (values.isEmpty()) {
        return new Range(0, 1);
      }
      double a = Math.log10(values.stream().mapToDouble(Double::doubleValue).min().orElseThrow());
      double b = Math.log10(values.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
      if (b - a < 1) {
        double mid = (a + b) / 2;
        a = mid - 0.5;
        b = mid + 0.5;
      }
      double pad = 0.04 * (b - a);
      return new Range(a - pad, b + pad);
    }

    double fraction(double v) {
      return (Math.log10(v) - lo) / (hi - lo);
    }

    boolean contains(double v) {
      double l = Math.log10(v);
      return l >= lo - 1e-9 && l <= hi + 1e-9;
    }

    /** Labels go on powers of ten, and also on 2 and 5 times them when fewer than two fit. */
    boolean labelled(int m) {
      int decades = (int) (Math.floor(hi + 1e-9) - Math.ceil(lo - 1e-9)) + 1;
      return m == 1 || (decades < 2 && (m == 2 || m == 5));
    }
  }

  private void draw(PlotCanvas c, double x0) {
    double left = x0 + LEFT;
    double top = TOP;
    double width = PANEL_WIDTH - LEFT - RIGHT;
    double height = PANEL_HEIGHT - TOP - BOTTOM;
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (Series s : series) {
      for (int i = 0; i < s.x().length; i++) {
        if (s.x()[i] > 0 && s.y()[i] > 0) {
          xs.add(s.x()[i]);
          ys.add(s.y()[i]);
        }
      }
    }
    Range rx = Range.of(xs);
    Range ry = Range.of(ys);

    c.text(x0 + PANEL_WIDTH / 2.0, 26, title, 15, PlotCanvas.Anchor.MIDDLE, true, false);
    grid(c, rx, ry, left, top, width, height);
    c.line(left, top + height, left + width, top + height, AXIS, 1.2, false);
    c.line(left, top, left, top + height, AXIS, 1.2, false);
    c.text(left + width / 2, PANEL_HEIGHT - 14, xLabel, 13, PlotCanvas.Anchor.MIDDLE, false, false);
    c.text(x0 + 18, top + height / 2, yLabel, 13, PlotCanvas.Anchor.MIDDLE, false, true);
    if (xs.isEmpty()) {
      c.text(
          left + width / 2,
          top + height / 2,
          "no data",
          14,
          PlotCanvas.Anchor.MIDDLE,
          false,
          false);
    }

    for (int k = 0; k < series.size(); k++) {
      Series s = series.get(k);
      int colour = COLOURS[k % COLOURS.length];
      PlotCanvas.Marker marker = PlotCanvas.Marker.values()[k % PlotCanvas.Marker.values().length];
      List<double[]> pts = new ArrayList<>();
      for (int i = 0; i < s.x().length; i++) {
        if (s.x()[i] > 0 && s.y()[i] > 0) {
          pts.add(
              new double[] {
                left + rx.fraction(s.x()[i]) * width, top + height - ry.fraction(s.y()[i]) * height
              });
        }
      }
      c.polyline(
          pts.stream().mapToDouble(p -> p[0]).toArray(),
          pts.stream().mapToDouble(p -> p[1]).toArray(),
          colour,
          2);
      for (double[] p : pts) {
        c.marker(p[0], p[1], marker, colour);
      }
    }
    legend(c, left + 12, top + 12);
  }

  private static void grid(
      PlotCanvas c, Range rx, Range ry, double left, double top, double width, double height) {
    for (int e = (int) Math.floor(rx.lo()); e <= (int) Math.ceil(rx.hi()); e++) {
      for (int m = 1; m <= 9; m++) {
        double v = m * Math.pow(10, e);
        if (!rx.contains(v)) {
          continue;
        }
        double x = left + rx.fraction(v) * width;
        c.line(x, top, x, top + height, m == 1 ? GRID : MINOR_GRID, 1, false);
        c.line(x, top + height, x, top + height + (m == 1 ? 6 : 3), AXIS, 1, false);
        if (rx.labelled(m)) {
          c.text(x, top + height + 21, tick(m, e), 12, PlotCanvas.Anchor.MIDDLE, false, false);
        }
      }
    }
    for (int e = (int) Math.floor(ry.lo()); e <= (int) Math.ceil(ry.hi()); e++) {
      for (int m = 1; m <= 9; m++) {
        double v = m * Math.pow(10, e);
        if (!ry.contains(v)) {
          continue;
        }
        double y = top + height - ry.fraction(v) * height;
        c.line(left, y, left + width, y, m == 1 ? GRID : MINOR_GRID, 1, false);
        c.line(left - (m == 1 ? 6 : 3), y, left, y, AXIS, 1, false);
        if (ry.labelled(m)) {
          c.text(left - 9, y + 4, tick(m, e), 12, PlotCanvas.Anchor.END, false, false);
        }
      }
    }
  }

  private void legend(PlotCanvas c, double x, double y) {
    if (series.isEmpty()) {
      return;
    }
    int longest = series.stream().mapToInt(s -> s.name().length()).max().orElse(0);
    double w = 44 + 7.5 * longest;
    double h = 8 + 18 * series.size();
    c.rectangle(x, y, w, h, 0xaaaaaa, 0xffffff);
    for (int k = 0; k < series.size(); k++) {
      int colour = COLOURS[k % COLOURS.length];
      double ly = y + 15 + 18 * k;
      c.line(x + 6, ly - 4, x + 30, ly - 4, colour, 2, false);
      c.marker(
          x + 18,
          ly - 4,
          PlotCanvas.Marker.values()[k % PlotCanvas.Marker.values().length],
          colour);
      c.text(x + 36, ly, series.get(k).name(), 12, PlotCanvas.Anchor.START, false, false);
    }
  }

  /** Tick label for m * 10^e: plain from 0.001 to 90000, else like 2e6. */
  static String tick(int m, int e) {
    if (e >= -3 && e <= 4) {
      return new BigDecimal(m).scaleByPowerOfTen(e).stripTrailingZeros().toPlainString();
    }
    return m + "e" + e;
  }
}
