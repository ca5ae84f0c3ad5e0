package mountcheck.experiments.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import mountcheck.engine.report.MarkdownTable;
import mountcheck.experiments.plot.LogLogPlot;

/** The results of {@code bench model}: one point per shape and scenario length. */
public final class ModelBenchReport {
  /** One measured scenario: the median seconds of its runs, end to end without JVM start. */
  public record Point(
      String shape, int commands, int mountsAtEnd, int failedCommands, double seconds) {
    double microsPerCommand() {
      return seconds * 1e6 / commands;
    }
  }

  private final List<Point> points = new ArrayList<>();

  public void add(Point p) {
    points.add(p);
  }

  public List<Point> points() {
    return List.copyOf(points);
  }

  public String markdown() {
    MarkdownTable t =
        new MarkdownTable(
                "shape",
                "commands",
                "mounts at end",
                "failed commands",
                "seconds",
                "µs per command")
            .rightAligned(1, 2, 3, 4, 5);
    for (Point p : points) {
      t.row(
          p.shape(),
          p.commands(),
          p.mountsAtEnd(),
          p.failedCommands(),
          String.format(Locale.ROOT, "%.3f", p.seconds()),
          String.format(Locale.ROOT, "%.1f", p.microsPerCommand()));
    }
    return t.render();
  }

  public String csv() {
    StringBuilder sb = new StringBuilder("shape,commands,mounts_at_end,failed_commands,seconds\n");
    for (Point p : points) {
      sb.append(
          String.format(
              Locale.ROOT,
              "%s,%d,%d,%d,%.6f%n",
              p.shape(),
              p.commands(),
              p.mountsAtEnd(),
              p.failedCommands(),
              p.seconds()));
    }
    return sb.toString();
  }

  /**
   * Growth per doubling of the scenario length from the smallest to the largest point of each
   * shape: 2.0 is linear time, 4.0 quadratic.
   */
  public List<String> growth() {
    List<String> out = new ArrayList<>();
    for (String shape : shapes()) {
      List<Point> ps = points.stream().filter(p -> p.shape().equals(shape)).toList();
      if (ps.size() < 2) continue;
      Point first = ps.get(0);
      Point last = ps.get(ps.size() - 1);
      double doublings = Math.log((double) last.commands() / first.commands()) / Math.log(2);
      double ratio = Math.pow(last.seconds() / first.seconds(), 1 / doublings);
      out.add(
          String.format(
              Locale.ROOT,
              "%s: time x%.2f per doubling of the commands (%d -> %d commands)",
              shape,
              ratio,
              first.commands(),
              last.commands()));
    }
    return out;
  }

  private List<String> shapes() {
    return points.stream().map(Point::shape).distinct().toList();
  }

  /** One panel: seconds against commands, one series per shape. */
  public List<LogLogPlot> plots() {
    LogLogPlot plot =
        new LogLogPlot(
            "mountcheck model: scenario run time", "commands", "seconds (parse, run, print)");
    for (String shape : shapes()) {
      List<Point> ps = points.stream().filter(p -> p.shape().equals(shape)).toList();
      plot.add(
          shape,
          ps.stream().mapToDouble(Point::commands).toArray(),
          ps.stream().mapToDouble(Point::seconds).toArray());
    }
    return List.of(plot);
  }
}
