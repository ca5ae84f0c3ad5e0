package mountcheck.model.ops;

import java.util.regex.Pattern;

/**
 * The name a {@code mountfd} line gives a descriptor (README, "The fd-based mount API"): a
 * lowercase word, so that it never reads as a path (paths start with {@code /}). A name followed by
 * {@code /} and a relative path ({@code t/A/AA}) is a path relative to that descriptor: the call
 * gets the descriptor as its dirfd and the relative path.
 */
public final class DescriptorName {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*");
  private static final Pattern COMPONENT = Pattern.compile("[A-Za-z0-9_.,+:=-]+");

  private DescriptorName() {}

  /** Whether {@code word} is a descriptor name. */
  public static boolean isName(String word) {
    return NAME.matcher(word).matches();
  }

  /**
   * Whether {@code word} is a path relative to a named descriptor: {@code NAME/C/...}, each
   * component neither empty nor {@code .} or {@code ..}.
   */
  public static boolean isRelative(String word) {
    int slash = word.indexOf('/');
    if (slash <= 0 || !isName(word.substring(0, slash))) return false;
    for (String c : word.substring(slash + 1).split("/", -1))
      if (!COMPONENT.matcher(c).matches() || c.equals(".") || c.equals("..")) return false;
    return true;
  }

  /** The descriptor name of a name or of a path relative to it ({@code t} of {@code t/A}). */
  public static String descriptorOf(String word) {
    int slash = word.indexOf('/');
    return slash < 0 ? word : word.substring(0, slash);
  }

  /** The relative path of {@code NAME/REL} ({@code A/AA} of {@code t/A/AA}). */
  public static String relativePart(String word) {
    return word.substring(word.indexOf('/') + 1);
  }

  /**
   * Whether {@code word} is a path, a descriptor name or a path relative to a descriptor, the ways
   * to name a mount.
   */
  public static boolean isPathOrName(String word) {
    return word.startsWith("/") || isName(word) || isRelative(word);
  }

  static String require(String word) {
    if (!isName(word)) throw new IllegalArgumentException("not a descriptor name: " + word);
    return word;
  }

  static String requirePathOrName(String word) {
    if (!isPathOrName(word))
      throw new IllegalArgumentException(
          "neither a path, a descriptor name nor a path relative to one: " + word);
    return word;
  }
}
