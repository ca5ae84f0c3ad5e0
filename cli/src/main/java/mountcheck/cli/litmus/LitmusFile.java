package mountcheck.cli.litmus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One LKMM litmus test of the repository's litmus/ directory. A statement whose line ends with the
 * comment {@code needed} (a barrier or a grace period the tested ordering relies on) is removed one
 * at a time to make the weakened tests: as written the test's outcome must be Never, each weakened
 * one must allow it.
 *
 * @param path the file
 * @param name the test's name (the first line, {@code C name})
 * @param text the file's text
 */
public record LitmusFile(Path path, String name, String text) {
  private static final Pattern NEEDED = Pattern.compile(".*;\\s*/\\*\\s*needed\\s*\\*/\\s*");

  public static LitmusFile read(Path path) throws IOException {
    String text = Files.readString(path, StandardCharsets.UTF_8);
    String first = text.lines().findFirst().orElse("");
    if (!first.startsWith("C ")) throw new IOException(path + ": not a C litmus test");
    return new LitmusFile(path, first.substring(2).strip(), text);
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

  /** The statements tagged as needed, as written. */
  public List<String> neededLines() {
    return text.lines().filter(l -> NEEDED.matcher(l).matches()).map(String::strip).toList();
  }

  /** The test without its i-th needed statement, renamed {@code name-without-i}. */
  public Weakened without(int i) {
    StringBuilder sb = new StringBuilder();
    int seen = 0;
    String removed = null;
    for (String line : text.split("\n", -1)) {
      if (NEEDED.matcher(line).matches() && seen++ == i) {
        removed = line.strip();
        continue;
      }
      sb.append(line).append('\n');
    }
    if (removed == null) throw new IndexOutOfBoundsException("no needed statement " + i);
    String renamed = name + "-without-" + (i + 1);
    String body = sb.toString().replaceFirst("\\AC \\S+", "C " + renamed);
    return new Weakened(renamed, removed, body);
  }

  /** A weakened test: its name, the statement removed and the text to run. */
  public record Weakened(String name, String removed, String text) {}
}
