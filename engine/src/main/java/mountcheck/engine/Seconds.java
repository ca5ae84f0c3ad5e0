package mountcheck.engine;

import java.time.Duration;
import java.util.Locale;

/** Durations as people read them in logs and tables: seconds, e.g. {@code 150 s}, {@code 0.5 s}. */
public final class Seconds {
  private Seconds() {}

  public static String of(Duration d) {
    return ofNanos(d.toNanos());
  }

  public static String ofNanos(long nanos) {
    double s = nanos / 1e9;
    if (s == Math.rint(s)) return String.format(Locale.ROOT, "%d s", (long) s);
    return String.format(Locale.ROOT, s < 0.01 ? "%.3f s" : s < 10 ? "%.2f s" : "%.1f s", s);
  }
}
