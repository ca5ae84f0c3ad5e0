package mountcheck.cli;

import java.lang.reflect.AccessibleObject;
import java.util.Collection;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Validates every numeric option the user gave, before any command runs: it must be a finite number
 * in the option's {@link Bounds}, or positive when the option declares none. Seeds take any 64-bit
 * number.
 */
final class NumericFlags {
  private static final Set<Class<?>> NUMERIC =
      Set.of(
          int.class,
          Integer.class,
          long.class,
          Long.class,
          double.class,
          Double.class,
          float.class,
          Float.class);

  private NumericFlags() {}

  /** A number, or a list of numbers ({@code --commands 1000,2000}: each element is checked). */
  static boolean isNumeric(OptionSpec o) {
    if (NUMERIC.contains(o.type())) return true;
    Class<?>[] elements = o.auxiliaryTypes();
    return Collection.class.isAssignableFrom(o.type())
        && elements.length == 1
        && NUMERIC.contains(elements[0]);
  }

  static boolean isSeed(OptionSpec o) {
    return o.longestName().equals("--seed");
  }

  /** The accepted range of {@code o}: its {@link Bounds}, or (0, +inf). */
  static double[] range(OptionSpec o) {
    Bounds b = o.userObject() instanceof AccessibleObject a ? a.getAnnotation(Bounds.class) : null;
    return b != null
        ? new double[] {b.min(), b.max()}
        : new double[] {Math.nextUp(0.0), Double.POSITIVE_INFINITY};
  }

  /** Throws a one-line {@link ParameterException} for the first given value out of range. */
  static void check(ParseResult parsed) {
    for (ParseResult p = parsed; p != null; p = p.subcommand()) {
      CommandLine cl = p.commandSpec().commandLine();
      for (OptionSpec o : p.matchedOptions()) {
        if (!isNumeric(o) || isSeed(o)) continue;
        Object value = o.getValue();
        double[] r = range(o);
        if (value instanceof Number n) {
          check(cl, o, r, n);
        } else if (value instanceof Collection<?> list) {
          for (Object element : list) if (element instanceof Number n) check(cl, o, r, n);
        }
      }
    }
  }

  private static void check(CommandLine cl, OptionSpec o, double[] r, Number n) {
    double v = n.doubleValue();
    if (!Double.isFinite(v) || v < r[0] || v > r[1]) {
      throw new ParameterException(cl, o.longestName() + " " + describe(r) + ", got " + n);
    }
  }

  /** "must be positive", "must be at least 0", "must be between 2 and 6". */
  static String describe(double[] r) {
    if (r[0] == Math.nextUp(0.0) && r[1] == Double.POSITIVE_INFINITY) return "must be positive";
    if (r[1] == Double.POSITIVE_INFINITY) return "must be at least " + number(r[0]);
    if (r[0] == Double.NEGATIVE_INFINITY) return "must be at most " + number(r[1]);
    return "must be between " + number(r[0]) + " and " + number(r[1]);
  }

  private static String number(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%s", d);
  }
}
