package mountcheck.cli;

/** A message on one line: its line breaks, and the blanks around them, become "; ". */
public final class OneLine {
  private OneLine() {}

  public static String of(String s) {
    return s == null ? "" : s.strip().replaceAll("\\s*\\R\\s*", "; ");
  }
}
