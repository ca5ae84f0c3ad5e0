package mountcheck.cli.report;

/**
 * The few drawing operations a {@link LogLogPlot} needs, in pixels with y growing downwards, so
 * that one layout serves both the PNG ({@link Java2dCanvas}) and the SVG ({@link SvgCanvas}).
 * Colours are 0xRRGGBB.
 */
interface PlotCanvas {
  /** Where a text's x coordinate is: its start, its middle or its end. */
  enum Anchor {
    START,
    MIDDLE,
    END
  }

  /** Point markers, one per series. */
  enum Marker {
    CIRCLE,
    SQUARE,
    TRIANGLE,
    DIAMOND
  }

  void line(double x1, double y1, double x2, double y2, int rgb, double width, boolean dashed);

  void polyline(double[] xs, double[] ys, int rgb, double width);

  void marker(double x, double y, Marker marker, int rgb);

  void rectangle(double x, double y, double width, double height, int strokeRgb, int fillRgb);

  /** Text with its baseline at y; rotated texts read bottom to top. */
  void text(
      double x, double y, String text, double size, Anchor anchor, boolean bold, boolean rotated);
}
