package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository stands alone: every Markdown file that code, tests, scripts, specs and docs name
 * exists in the repository, every numbered section they cite in docs/ exists, every repository path
 * that Markdown files and the comments of code, scripts and specs name exists, every class the
 * Markdown files name in backticks exists, and nothing cites notes that live outside the
 * repository.
 */
class DocumentReferencesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path SELF =
      ROOT.resolve("cli/src/test/java/mountcheck/cli/DocumentReferencesTest.java");

  /** A file name ending in .md, optionally with a #anchor. */
  private static final Pattern MD_REF =
      Pattern.compile("(?<![\\w./-])([\\w./-]*[\\w-]\\.md)(#[\\w-]+)?(?![\\w])");

  /** A numbered section: §2, §2.8.4, §1a. */
  private static final Pattern SECTION = Pattern.compile("§(\\d+(?:\\.\\d+)*[a-z]?)");

  /**
   * Names of notes that never were part of the repository, and their citation keys. Spelled in
   * pieces so that this file does not match itself.
   */
  private static final List<Pattern> OUTSIDE =
      List.of(
          Pattern.compile("kernel-" + "(semantics|measurements|matrix)\\.md"),
          Pattern.compile("(?<!docs/)\\b" + "toolchain\\.md"),
          Pattern.compile("\\.\\./" + "shared\\b"),
          Pattern.compile("/work/" + "shared"),
          Pattern.compile("\\bthe " + "brief\\b"),
          Pattern.compile("\\[(DOC|NS|CM|ML|PN|MH|PH|IPC|NSP|LTP|KST)" + "-[A-Za-z0-9]"),
          Pattern.compile(
              "\\b(DOC-SST|DOC-PU|NS-new|NSP-new|MH-new|PN-new|IPC-old|IPC-new|ML-V4|ML-IPC"
                  + "|ML-BUG25|ML-RW25|ML-RFC23|CM-RCU|CM-DELAY|CM-EB17|CM-HONOR|CM-CVE6213)\\b"));

  /**
   * A repository path: a top-level directory, then a path ({@code conformance/C16}, {@code
   * engine/ChoiceShrinker}, {@code conformance/*.sh}).
   */
  private static final Pattern REPO_PATH =
      Pattern.compile(
          "(?<![\\w./$-])((?:alloy|bench|cli|conform|conformance|counterexamples|deploy|docs"
              + "|engine|examples|kernel|litmus|model|process|properties|scripts|z3)"
              + "/[\\w.*/-]*[\\w*])");

  /**
   * A class name in Markdown backticks: two or more capitalised words ({@code ErrnoTable}), not
   * part of a path, a qualified name or a JVM flag ({@code -XX:+UseParallelGC}).
   */
  private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");

  private static final Pattern CLASS_NAME =
      Pattern.compile("(?<![\\w.$/+:-])([A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+)\\b");

  /** Declared names: Java types, and Alloy signatures, predicates, assertions and commands. */
  private static final Pattern DECLARATION =
      Pattern.compile(
          "\\b(?:class|record|enum|interface|sig|pred|fun|assert|run|check)\\s+([A-Z]\\w*)");

  /** Generated at run time, not committed. */
  private static final Set<String> GENERATED = Set.of("report.md");

  static List<Path> scannedFiles() {
    try (Stream<Path> s = Files.walk(ROOT)) {
      return s.filter(Files::isRegularFile)
          .filter(p -> !inSkippedDirectory(ROOT.relativize(p)))
          .filter(DocumentReferencesTest::scanned)
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean inSkippedDirectory(Path rel) {
    for (Path part : rel) {
      String n = part.toString();
      if (n.equals("target") || n.startsWith(".")) return true;
    }
    return false;
  }

  private static boolean scanned(Path p) {
    String n = p.getFileName().toString();
    return n.endsWith(".java")
        || n.endsWith(".als")
        || n.endsWith(".sh")
        || n.endsWith(".md")
        || n.endsWith(".properties")
        || n.equals("pom.xml");
  }

  @Test
  void scansTheWholeRepository() {
    List<Path> files = scannedFiles();
    assertTrue(files.contains(ROOT.resolve("README.md")), "the scan starts at " + ROOT);
    assertTrue(files.contains(ROOT.resolve("docs/semantics.md")), "docs/semantics.md is scanned");
    assertTrue(files.stream().anyMatch(p -> p.toString().endsWith(".als")), "Alloy specs");
    assertTrue(files.stream().anyMatch(p -> p.toString().endsWith(".sh")), "scenario files");
  }

  @Test
  void everyCitedMarkdownFileAndSectionExists() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path file : scannedFiles()) {
      if (file.equals(SELF)) continue;
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        for (String problem : problems(file, lines.get(i))) {
          broken.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + problem);
        }
      }
    }
    assertEquals("", String.join("\n", broken), "references that do not resolve");
  }

  @Test
  void nothingCitesNotesOutsideTheRepository() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path file : scannedFiles()) {
      if (file.equals(SELF)) continue;
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        for (Pattern p : OUTSIDE) {
          Matcher m = p.matcher(lines.get(i));
          if (m.find()) found.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + m.group());
        }
      }
    }
    assertEquals("", String.join("\n", found), "cite docs/ or an upstream source instead");
  }

  @Test
  void detectsAMissingFileAMissingSectionAndAMissingAnchor() {
    Path readme = ROOT.resolve("README.md");
    assertFalse(problems(readme, "see docs/" + "nonexistent" + ".md").isEmpty(), "missing file");
    assertFalse(problems(readme, "see docs/semantics.md §99.9").isEmpty(), "missing section");
    assertFalse(problems(readme, "see docs/semantics.md#no-such-heading").isEmpty(), "anchor");
    assertEquals(List.of(), problems(readme, "see docs/semantics.md §2.8.4 and §6 C16"));
    assertEquals(List.of(), problems(readme, "see docs/measurements.md §1a; README.md"));
    assertEquals(List.of(), problems(readme, "writes target/mountcheck-report/report.md"));
  }

  @Test
  void everyRepositoryPathInDocsAndCommentsExists() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path file : scannedFiles()) {
      if (file.equals(SELF)) continue;
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        if (!isProse(file, lines.get(i))) continue;
        for (String ref : missingPaths(file, lines.get(i))) {
          broken.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + ref + " does not exist");
        }
      }
    }
    assertEquals("", String.join("\n", broken), "repository paths that do not resolve");
  }

  @Test
  void everyClassNamedInTheDocsExists() throws IOException {
    Set<String> declared = declaredNames();
    List<String> missing = new ArrayList<>();
    for (Path file : scannedFiles()) {
      if (!file.toString().endsWith(".md")) continue;
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        for (String name : classNames(lines.get(i))) {
          if (!declared.contains(name)) {
            missing.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + name);
          }
        }
      }
    }
    assertEquals("", String.join("\n", missing), "classes named in the docs that do not exist");
  }

  @Test
  void detectsAMissingPathAndAMissingClass() {
    Path readme = ROOT.resolve("README.md");
    assertEquals(
        List.of("engine/NoSuch" + "Shrinker"),
        missingPaths(readme, "see `engine/NoSuch" + "Shrinker`"));
    assertEquals(
        List.of("conformance/C" + "99"), missingPaths(readme, "case conformance/C" + "99 shows"));
    assertEquals(
        List.of(),
        missingPaths(
            readme,
            "`engine/ChoiceShrinker`, `model/semantics/Model.apply`, conformance/C16,"
                + " conformance/probes/b, `conformance/*.sh`, conformance/kernels/K, fs/pnode.c,"
                + " kernel/nsproxy.c, `properties/.../catalogue/KnownBugProperties`"));
    assertEquals(List.of("NoSuch" + "Table"), classNames("the `NoSuch" + "Table` helper"));
    assertTrue(declaredNames().contains("ErrnoTable"), "a Java class");
    assertTrue(declaredNames().contains("TrimIsMaximal"), "an Alloy assertion");
    assertTrue(isProse(SELF, "   * a Javadoc line"));
    assertFalse(isProse(SELF, "    String s = \"conformance/C" + "99\";"), "code is not prose");
  }

  /** Markdown lines, and comment lines of code, scripts, specs and properties files. */
  static boolean isProse(Path file, String line) {
    String n = file.getFileName().toString();
    String t = line.strip();
    if (n.endsWith(".md")) return true;
    if (n.endsWith(".java")) return t.startsWith("*") || t.startsWith("//") || t.startsWith("/*");
    if (n.endsWith(".als")) {
      return t.startsWith("--") || t.startsWith("//") || t.startsWith("/*") || t.startsWith("*");
    }
    if (n.endsWith(".sh") || n.endsWith(".properties")) return t.startsWith("#");
    return false;
  }

  /** The repository paths named on one line that do not resolve. */
  static List<String> missingPaths(Path file, String line) {
    List<String> out = new ArrayList<>();
    Matcher m = REPO_PATH.matcher(line);
    while (m.find()) {
      String ref = m.group(1).replaceAll("\\.+$", "");
      if (ref.endsWith(".c") || ref.endsWith(".h") || ref.contains("target/")) continue;
      if (isPlaceholder(ref) || pathResolves(file, ref)) continue;
      out.add(ref);
    }
    return out;
  }

  /** A path written with a placeholder: {@code conformance/kernels/K}, {@code CNN-name.sh}. */
  private static boolean isPlaceholder(String ref) {
    for (String segment : ref.split("/")) {
      if (segment.matches("[A-Z]") || segment.contains("NN") || segment.contains("-name")) {
        return true;
      }
    }
    return false;
  }

  /**
   * True when {@code ref} is a file or directory (from the file's directory or the root), a glob
   * that matches a file, a case named by the start of its file name ({@code conformance/C16}), or a
   * source named the short way: {@code module/package/Class}, with an optional {@code .member} and
   * {@code ...} for omitted directories.
   */
  private static boolean pathResolves(Path file, String ref) {
    for (Path base : List.of(file.getParent(), ROOT)) {
      if (Files.exists(base.resolve(ref).normalize())) return true;
    }
    if (ref.contains("*")) return globMatches(ref);
    int slash = ref.lastIndexOf('/');
    Path dir = ROOT.resolve(ref.substring(0, slash)).normalize();
    String prefix = ref.substring(slash + 1);
    if (Files.isDirectory(dir) && !prefix.isEmpty()) {
      try (Stream<Path> s = Files.list(dir)) {
        if (s.map(p -> p.getFileName().toString())
            .anyMatch(n -> n.startsWith(prefix + "-") || n.startsWith(prefix + "."))) {
          return true;
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    String module = ref.substring(0, ref.indexOf('/'));
    String rest = ref.substring(ref.indexOf('/') + 1);
    for (String r : List.of(rest.replace(".../", ""), rest.replace(".../", "**/"))) {
      for (String root : List.of("src/main/java", "src/test/java", "src/main/resources")) {
        String sources = module + "/" + root + "/mountcheck/" + module + "/";
        if (globMatches(sources + r) || globMatches(sources + r + ".java")) return true;
        int dot = r.lastIndexOf('.');
        if (dot > r.lastIndexOf('/') && globMatches(sources + r.substring(0, dot) + ".java")) {
          return true; // Class.member
        }
      }
    }
    return false;
  }

  private static boolean globMatches(String glob) {
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
    try (Stream<Path> s = Files.walk(ROOT)) {
      return s.map(ROOT::relativize)
          .filter(rel -> !inSkippedDirectory(rel))
          .anyMatch(matcher::matches);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The class-like names in the code spans of a Markdown line. */
  static List<String> classNames(String line) {
    List<String> out = new ArrayList<>();
    Matcher span = CODE_SPAN.matcher(line);
    while (span.find()) {
      Matcher c = CLASS_NAME.matcher(span.group(1));
      while (c.find()) out.add(c.group(1));
    }
    return out;
  }

  /** Every Java type and Alloy name declared in the repository, and every Java file's name. */
  static Set<String> declaredNames() {
    Set<String> out = new HashSet<>();
    for (Path file : scannedFiles()) {
      String n = file.getFileName().toString();
      if (!n.endsWith(".java") && !n.endsWith(".als")) continue;
      if (n.endsWith(".java")) out.add(n.substring(0, n.length() - ".java".length()));
      try {
        Matcher m = DECLARATION.matcher(Files.readString(file));
        while (m.find()) out.add(m.group(1));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  /** What is wrong with the references on one line of {@code file}. */
  static List<String> problems(Path file, String line) {
    List<String> out = new ArrayList<>();
    Matcher m = MD_REF.matcher(line);
    while (m.find()) {
      String ref = m.group(1);
      if (ref.startsWith("/") || ref.contains("target/") || GENERATED.contains(ref)) continue;
      Path target = resolve(file, ref);
      if (target == null) {
        out.add(ref + " does not exist");
        continue;
      }
      List<String> headings = headings(target);
      String anchor = m.group(2);
      if (anchor != null
          && headings.stream()
              .map(DocumentReferencesTest::slug)
              .noneMatch(anchor.substring(1)::equals)) {
        out.add(ref + anchor + ": no such heading");
      }
      if (ref.startsWith("docs/") || file.getParent().endsWith("docs")) {
        String rest = line.substring(m.end());
        int stop = indexOfAny(rest, ";)");
        Matcher s = SECTION.matcher(stop < 0 ? rest : rest.substring(0, stop));
        while (s.find()) {
          String number = s.group(1);
          if (headings.stream().noneMatch(h -> numbered(h, number))) {
            out.add(ref + " §" + number + ": no such section");
          }
        }
      }
    }
    return out;
  }

  private static boolean numbered(String heading, String number) {
    return heading.startsWith(number + " ") || heading.startsWith(number + ". ");
  }

  private static int indexOfAny(String s, String chars) {
    for (int i = 0; i < s.length(); i++) if (chars.indexOf(s.charAt(i)) >= 0) return i;
    return -1;
  }

  private static Path resolve(Path file, String ref) {
    for (Path base : List.of(file.getParent(), ROOT)) {
      Path p = base.resolve(ref).normalize();
      if (Files.isRegularFile(p)) return p;
    }
    return null;
  }

  /** The text of every Markdown heading of a file, without the leading #s. */
  private static List<String> headings(Path md) {
    try {
      return Files.readAllLines(md).stream()
          .filter(l -> l.startsWith("#"))
          .map(l -> l.replaceFirst("^#+\\s*", ""))
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
  static String slug(String heading) {
    return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }
}
