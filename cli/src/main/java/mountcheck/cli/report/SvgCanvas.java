package mountcheck.cli.report;

import java.util.Locale;

/** A {@link PlotCanvas} that writes SVG 1.1 text by hand. */
final class SvgCanvas implements PlotCanvas {
  private final StringBuilder svg = new StringBuilder();

  SvgCanvas(int width, int height) {
    svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append(
            String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0"
                    + " %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
                width,
                height,
                width,
                height))
        .append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
  }

  String finish() {
    return svg + "</svg>\n";
  }

  @Override
  public void line(
      double x1, double y1, double x2, double y2, int rgb, double width, boolean dashed) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
                + " stroke-width=\"%.1f\"%s/>\n",
            x1,
            y1,
            x2,
            y2,
            color(rgb),
            width,
            dashed ? " stroke-dasharray=\"4 4\"" : ""));
  }

  @Override
  public void polyline(double[] xs, double[] ys, int rgb, double width) {
    if (xs.length < 2) {
      return;
    }
    StringBuilder points = new StringBuilder();
    for (int i = 0; i < xs.length; i++) {
      points.append(String.format(Locale.ROOT, "%s%.1f,%.1f", i == 0 ? "" : " ", xs[i], ys[i]));
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\""
                + " stroke-linejoin=\"round\"/>\n",
            points,
            color(rgb),
            width));
  }

  @Override
  public void marker(double x, double y, Marker marker, int rgb) {
    double r = 4;
    String c = color(rgb);
    svg.append(
        switch (marker) {
          case CIRCLE ->
              String.format(
                  Locale.ROOT,
                  "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n",
                  x,
                  y,
                  r,
                  c);
          case SQUARE ->
              String.format(
                  Locale.ROOT,
                  "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
                  x - r,
                  y - r,
                  2 * r,
                  2 * r,
                  c);
          case TRIANGLE ->
              String.format(
                  Locale.ROOT,
                  "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>\n",
                  x,
                  y - r,
                  x + r,
                  y + r,
                  x - r,
                  y + r,
                  c);
          case DIAMOND ->
              String.format(
                  Locale.ROOT,
                  "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>\n",
                  x,
                  y - r,
                  x + r,
                  y,
                  x,
                  y + r,
                  x - r,
                  y,
                  c);
        });
  }

  @Override
  public void rectangle(
      double x, double y, double width, double height, int strokeRgb, int fillRgb) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\""
                + " stroke=\"%s\"/>\n",
            x,
            y,
            width,
            height,
            color(fillRgb),
            color(strokeRgb)));
  }

  @Override
  public void text(
      double x, double y, String text, double size, Anchor anchor, boolean bold, boolean rotated) {
    String a = anchor == Anchor.START ? "start" : anchor == Anchor.MIDDLE ? "middle" : "end";
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"%s\"%s%s>%s</text>\n",
            x,
            y,
            size,
            a,
            bold ? " font-weight=\"bold\"" : "",
            rotated ? String.format(Locale.ROOT, " transform=\"rotate(-90 %.1f %.1f)\"", x, y) : "",
            escape(text)));
  }

  private static String color(int rgb) {
    return String.format(Locale.ROOT, "#%06x", rgb & 0xffffff);
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
