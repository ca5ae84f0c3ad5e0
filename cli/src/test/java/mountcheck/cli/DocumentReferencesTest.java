package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * exists in the repository, every numbered section they cite in docs/ exists, and nothing cites
 * notes that live outside the repository.
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
    assertFalse(problems(readme, "see docs/" + "nonexistent.md").isEmpty(), "missing file");
    assertFalse(problems(readme, "see docs/semantics.md §99.9").isEmpty(), "missing section");
    assertFalse(problems(readme, "see docs/semantics.md#no-such-heading").isEmpty(), "anchor");
    assertEquals(List.of(), problems(readme, "see docs/semantics.md §2.8.4 and §6 C16"));
    assertEquals(List.of(), problems(readme, "see docs/measurements.md §1a; README.md"));
    assertEquals(List.of(), problems(readme, "writes target/mountcheck-report/report.md"));
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
