package mountcheck.cli.litmus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One LKMM litmus test of the repository's litmus/ directory. A statement whose line ends with the
 * comment {@code needed} (a barrier or a grace period the tested ordering relies on) is removed on
 * its own; statements tagged {@code needed: NAME} with the same NAME (a lock pair, an RCU read-side
 * section, a barrier pair) are removed together, so that no weakened test holds half a pair. As
 * written the test's outcome must be Never, each weakened one must allow it.
 *
 * <p>The header line {@code weak-memory: needed} or {@code weak-memory: not needed} states whether
 * only weak memory reaches the outcome once every needed statement is gone: "needed" means
 * sequential consistency still forbids it, "not needed" that sequential consistency reaches it too.
 *
 * @param path the file
 * @param name the test's name (the first line, {@code C name})
 * @param text the file's text
 * @param weakMemoryNeeded what the test's {@code weak-memory:} line states
 */
public record LitmusFile(Path path, String name, String text, boolean weakMemoryNeeded) {
  private static final Pattern NEEDED =
      Pattern.compile(".*;\\s*/\\*\\s*needed(?::\\s*([\\w-]+))?\\s*\\*/\\s*");
  private static final Pattern WEAK_MEMORY =
      Pattern.compile("(?m)^[\\s*]*weak-memory:\\s*(needed|not needed)\\s*$");

  public static LitmusFile read(Path path) throws IOException {
    String text = Files.readString(path, StandardCharsets.UTF_8);
    String first = text.lines().findFirst().orElse("");
    if (!first.startsWith("C ")) throw new IOException(path + ": not a C litmus test");
    Matcher weak = WEAK_MEMORY.matcher(text);
    if (!weak.find())
      throw new IOException(path + ": no line 'weak-memory: needed' or 'weak-memory: not needed'");
    return new LitmusFile(path, first.substring(2).strip(), text, weak.group(1).equals("needed"));
  }

  /** Every litmus test under {@code dir}, by name. */
  public static List<LitmusFile> all(Path dir) throws IOException {
    List<LitmusFile> out = new ArrayList<>();
    try (var s = Files.list(dir)) {
      for (Path p : s.filter(f -> f.toString().endsWith(".litmus")).sorted().toList())
        out.add(read(p));
    }
    return out;
  }

  /**
   * Statements removed together: a named group, or one statement tagged plain {@code needed}.
   *
   * @param label the group's name, or the single statement as written
   * @param lineIndexes where its statements are, counting the file's lines from 0
   * @param lines its statements, as written
   */
  public record Group(String label, List<Integer> lineIndexes, List<String> lines) {
    public Group {
      lineIndexes = List.copyOf(lineIndexes);
      lines = List.copyOf(lines);
    }
  }

  /** The statements tagged as needed, as written. */
  public List<String> neededLines() {
    return text.lines().filter(l -> NEEDED.matcher(l).matches()).map(String::strip).toList();
  }

  /** The needed statements in their removal groups, in the order they first appear. */
  public List<Group> neededGroups() {
    Map<String, List<Integer>> indexes = new LinkedHashMap<>();
    Map<String, List<String>> lines = new LinkedHashMap<>();
    String[] all = text.split("\n", -1);
    for (int i = 0; i < all.length; i++) {
      Matcher m = NEEDED.matcher(all[i]);
      if (!m.matches()) continue;
      String key = m.group(1) != null ? "group " + m.group(1) : "line " + i;
      indexes.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
      lines.computeIfAbsent(key, k -> new ArrayList<>()).add(all[i].strip());
    }
    List<Group> out = new ArrayList<>();
    for (var e : indexes.entrySet()) {
      String key = e.getKey();
      String label = key.startsWith("group ") ? key.substring(6) : lines.get(key).get(0);
      out.add(new Group(label, e.getValue(), lines.get(key)));
    }
    return out;
  }

  /** The test without the i-th group of {@link #neededGroups()}, renamed {@code name-without-i}. */
  public Weakened without(int i) {
    List<Group> groups = neededGroups();
    if (i < 0 || i >= groups.size()) throw new IndexOutOfBoundsException("no needed group " + i);
    Group g = groups.get(i);
    return weakened(name + "-without-" + (i + 1), Set.copyOf(g.lineIndexes()), describe(g));
  }

  /** The test without any needed statement, renamed {@code name-without-all}. */
  public Weakened withoutAll() {
    Set<Integer> every = new HashSet<>();
    for (Group g : neededGroups()) every.addAll(g.lineIndexes());
    return weakened(name + "-without-all", every, "all needed");
  }

  /** The statements without their tags, with their line numbers: {@code smp_mb(); (line 37)}. */
  private static String describe(Group g) {
    List<String> parts = new ArrayList<>();
    for (int k = 0; k < g.lines().size(); k++)
      parts.add(
          g.lines().get(k).replaceFirst("\\s*/\\*.*\\*/\\s*$", "")
              + " (line "
              + (g.lineIndexes().get(k) + 1)
              + ")");
    String statements = String.join(", ", parts);
    return g.lines().size() == 1 && g.label().equals(g.lines().get(0))
        ? statements
        : g.label() + ": " + statements;
  }

  private Weakened weakened(String renamed, Set<Integer> drop, String removed) {
    StringBuilder sb = new StringBuilder();
    String[] all = text.split("\n", -1);
    for (int i = 0; i < all.length; i++) {
      if (drop.contains(i)) continue;
      sb.append(all[i]);
      if (i < all.length - 1) sb.append('\n');
    }
    String body = sb.toString().replaceFirst("\\AC \\S+", "C " + renamed);
    return new Weakened(renamed, removed, body);
  }

  /** A weakened test: its name, what was removed and the text to run. */
  public record Weakened(String name, String removed, String text) {}
}
