package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the formatter (google-java-format, checked by Spotless in {@code mvn verify}) leaves alone:
 * it does not wrap string literals or {@code <pre>} blocks, so a line can still pass 100 columns,
 * and it does not turn inline qualified names ({@code java.util.Map.of()} in code) into imports.
 * Markdown tables are built by one helper, {@code MarkdownTable}, which escapes their cells. Lines
 * are measured in UTF-8 bytes, as {@code awk 'length > 100'} does here (mawk): a section sign
 * counts twice.
 */
class SourceHygieneTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final int MAX_BYTES = 100;

  /** A qualified type name: lower-case packages of a well-known root, then a class. */
  private static final Pattern QUALIFIED =
      Pattern.compile(
          "(?<![\\w.])(?:java|javax|mountcheck|org|com)(?:\\.[a-z_][a-z0-9_]*)+\\.[A-Z]\\w*");

  /** A Markdown alignment row written by hand: {@code "|---|---:|"}. */
  private static final Pattern ALIGNMENT_ROW = Pattern.compile("\"\\|\\s*:?-{3,}");

  private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");

  /** Every Java source and test file of every module. */
  static List<Path> javaSources() {
    try (Stream<Path> s = Files.walk(ROOT)) {
      return s.filter(p -> p.toString().endsWith(".java"))
          .filter(p -> ROOT.relativize(p).toString().contains("/src/"))
          .filter(p -> !ROOT.relativize(p).toString().contains("/target/"))
          .filter(p -> !ROOT.relativize(p).startsWith("."))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void scansEveryModule() {
    List<Path> files = javaSources();
    for (String module :
        List.of(
            "model", "process", "kernel", "engine", "properties", "cli", "alloy", "z3", "bench")) {
      assertTrue(
          files.stream().anyMatch(p -> ROOT.relativize(p).startsWith(module)), module + " scanned");
    }
  }

  @Test
  void noLineIsLongerThan100Bytes() throws IOException {
    List<String> tooLong = new ArrayList<>();
    for (Path file : javaSources()) {
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        int bytes = lines.get(i).getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_BYTES) tooLong.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + bytes);
      }
    }
    assertEquals(
        "",
        String.join("\n", tooLong),
        "split the string literal (\"...\" + \"...\") or reword the comment");
  }

  @Test
  void noInlineQualifiedNamesInCode() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path file : javaSources()) {
      List<String> lines = Files.readAllLines(file);
      boolean inComment = false;
      for (int i = 0; i < lines.size(); i++) {
        String t = lines.get(i).strip();
        if (t.startsWith("/*")) inComment = true;
        if (inComment) {
          if (t.contains("*/")) inComment = false;
          continue;
        }
        for (String name : qualifiedNames(t)) {
          found.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + name);
        }
      }
    }
    assertEquals("", String.join("\n", found), "import the class instead");
  }

  @Test
  void everyMarkdownTableIsBuiltByTheHelper() throws IOException {
    Path helper = ROOT.resolve("engine/src/main/java/mountcheck/engine/report/MarkdownTable.java");
    assertTrue(Files.exists(helper), "the helper is where this test looks");
    assertEquals(
        "", mainLinesMatching(ALIGNMENT_ROW, helper), "build the table with MarkdownTable");
  }

  /** A string literal that starts a {@code # key: value} header line, key and colon included. */
  private static final Pattern HEADER_LITERAL = Pattern.compile("\"# [a-z][a-z0-9 /-]*:");

  @Test
  void everyHeaderIsReadAndWrittenByTheOneParser() throws IOException {
    Path parser = ROOT.resolve("model/src/main/java/mountcheck/model/text/HeaderFormat.java");
    assertTrue(Files.exists(parser), "the parser is where this test looks");
    assertTrue(HEADER_LITERAL.matcher("x.startsWith(\"# host-only:\")").find());
    assertEquals("", mainLinesMatching(HEADER_LITERAL, parser), "use HeaderFormat (model/text)");
  }

  /** The main-code lines (FILE:LINE: text) that match {@code pattern}, except in {@code owner}. */
  private static String mainLinesMatching(Pattern pattern, Path owner) throws IOException {
    List<String> found = new ArrayList<>();
    for (Path file : javaSources()) {
      if (file.equals(owner) || !ROOT.relativize(file).toString().contains("/src/main/")) continue;
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        if (pattern.matcher(lines.get(i)).find()) {
          found.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
        }
      }
    }
    return String.join("\n", found);
  }

  @Test
  void findsAQualifiedNameOnlyInCode() {
    assertEquals(List.of("java.util.Map"), qualifiedNames("var m = java.util.Map.of();"));
    assertEquals(List.of(), qualifiedNames("import java.util.Map;"));
    assertEquals(List.of(), qualifiedNames("String s = \"java.util.Map\"; // java.util.Map"));
    assertEquals(List.of(), qualifiedNames("* {@link java.util.Map}"));
  }

  /** The qualified names in one stripped line of code (not imports, strings or comments). */
  static List<String> qualifiedNames(String stripped) {
    if (stripped.startsWith("import ")
        || stripped.startsWith("package ")
        || stripped.startsWith("*")
        || stripped.startsWith("//")) {
      return List.of();
    }
    String code = STRING.matcher(stripped).replaceAll("\"\"");
    int comment = code.indexOf("//");
    if (comment >= 0) code = code.substring(0, comment);
    List<String> out = new ArrayList<>();
    Matcher m = QUALIFIED.matcher(code);
    while (m.find()) out.add(m.group());
    return out;
  }
}
