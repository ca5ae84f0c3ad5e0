package mountcheck.model.ops;

import java.util.regex.Pattern;

/**
 * The name a {@code mountfd} line gives a descriptor (README, "The fd-based mount API"): a
 * lowercase word, so that it never reads as a path (paths start with {@code /}).
 */
public final class DescriptorName {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*");

  private DescriptorName() {}

  /** Whether {@code word} is a descriptor name. */
  public static boolean isName(String word) {
    return NAME.matcher(word).matches();
  }

  /** Whether {@code word} is a path or a descriptor name, the two ways to name a mount. */
  public static boolean isPathOrName(String word) {
    return word.startsWith("/") || isName(word);
  }

  static String require(String word) {
    if (!isName(word)) throw new IllegalArgumentException("not a descriptor name: " + word);
    return word;
  }

  static String requirePathOrName(String word) {
    if (!isPathOrName(word))
      throw new IllegalArgumentException("neither a path nor a descriptor name: " + word);
    return word;
  }
}
