package mountcheck.cli.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

/** A {@link PlotCanvas} that draws into an image with Java2D (works headless). */
final class Java2dCanvas implements PlotCanvas {
  private static final String FONT = "DejaVu Sans";

  private final BufferedImage image;
  private final Graphics2D g;

  Java2dCanvas(int width, int height) {
    image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
  }

  BufferedImage finish() {
    g.dispose();
    return image;
  }

  @Override
  public void line(
      double x1, double y1, double x2, double y2, int rgb, double width, boolean dashed) {
    g.setColor(new Color(rgb));
    g.setStroke(stroke(width, dashed));
    g.draw(new Line2D.Double(x1, y1, x2, y2));
  }

  @Override
  public void polyline(double[] xs, double[] ys, int rgb, double width) {
    if (xs.length < 2) {
      return;
    }
    Path2D.Double path = new Path2D.Double();
    path.moveTo(xs[0], ys[0]);
    for (int i = 1; i < xs.length; i++) {
      path.lineTo(xs[i], ys[i]);
    }
    g.setColor(new Color(rgb));
    g.setStroke(stroke(width, false));
    g.draw(path);
  }

  @Override
  public void marker(double x, double y, Marker marker, int rgb) {
    double r = 4;
    Shape shape =
        switch (marker) {
          case CIRCLE -> new Ellipse2D.Double(x - r, y - r, 2 * r, 2 * r);
          case SQUARE -> new Rectangle2D.Double(x - r, y - r, 2 * r, 2 * r);
          case TRIANGLE ->
              polygon(new double[] {x, x + r, x - r}, new double[] {y - r, y + r, y + r});
          case DIAMOND ->
              polygon(new double[] {x, x + r, x, x - r}, new double[] {y - r, y, y + r, y});
        };
    g.setColor(new Color(rgb));
    g.fill(shape);
  }

  @Override
  public void rectangle(
      double x, double y, double width, double height, int strokeRgb, int fillRgb) {
    Rectangle2D.Double r = new Rectangle2D.Double(x, y, width, height);
    g.setColor(new Color(fillRgb));
    g.fill(r);
    g.setColor(new Color(strokeRgb));
    g.setStroke(stroke(1, false));
    g.draw(r);
  }

  @Override
  public void text(
      double x, double y, String text, double size, Anchor anchor, boolean bold, boolean rotated) {
    Font font = new Font(FONT, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) size);
    g.setFont(font);
    g.setColor(Color.BLACK);
    double w = g.getFontMetrics().getStringBounds(text, g).getWidth();
    double shift = anchor == Anchor.START ? 0 : anchor == Anchor.MIDDLE ? w / 2 : w;
    AffineTransform saved = g.getTransform();
    g.translate(x, y);
    if (rotated) {
      g.rotate(-Math.PI / 2);
    }
    g.drawString(text, (float) -shift, 0f);
    g.setTransform(saved);
  }

  private static BasicStroke stroke(double width, boolean dashed) {
    return dashed
        ? new BasicStroke(
            (float) width,
            BasicStroke.CAP_BUTT,
            BasicStroke.JOIN_ROUND,
            10f,
            new float[] {4f, 4f},
            0f)
        : new BasicStroke((float) width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
  }

  private static Path2D.Double polygon(double[] xs, double[] ys) {
    Path2D.Double p = new Path2D.Double();
    p.moveTo(xs[0], ys[0]);
    for (int i = 1; i < xs.length; i++) {
      p.lineTo(xs[i], ys[i]);
    }
    p.closePath();
    return p;
  }
}
