package mountcheck.model.ops;

import java.util.List;
import java.util.Set;

/**
 * The words of a {@code -o} list the scenario language takes (those of mount(8) that set or clear
 * one per-mount attribute, or the superblock's read-only state): {@code ro rw nosuid suid nodev dev
 * noexec exec noatime atime relatime norelatime strictatime nostrictatime nodiratime diratime
 * nosymfollow symfollow}. The order is kept: a later word overrides an earlier one.
 */
public final class MountOptionWords {
  public static final Set<String> WORDS =
      Set.of(
          "ro",
          "rw",
          "nosuid",
          "suid",
          "nodev",
          "dev",
          "noexec",
          "exec",
          "noatime",
          "atime",
          "relatime",
          "norelatime",
          "strictatime",
          "nostrictatime",
          "nodiratime",
          "diratime",
          "nosymfollow",
          "symfollow");

  private MountOptionWords() {}

  /** An immutable copy of {@code words}, each one of {@link #WORDS}. */
  static List<String> check(List<String> words) {
    for (String w : words)
      if (!WORDS.contains(w)) throw new IllegalArgumentException("not a mount option word: " + w);
    return List.copyOf(words);
  }

  /** {@code "-o a,b "} for a command line, or nothing when there are no words. */
  static String flag(List<String> words) {
    return words.isEmpty() ? "" : "-o " + String.join(",", words) + " ";
  }
}
