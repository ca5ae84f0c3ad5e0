package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The one {@code # key: value} header reader and writer of the project's files. */
class HeaderFormatTest {
  @Test
  void rendersOneLinePerFieldAndContinuationLinesForSeveralLines() {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("property", "umount-2025-equals-spec");
    fields.put("expected", "a\nb");
    fields.put("mounts below /mnt before the scenario", "");
    String text = HeaderFormat.render(fields);
    assertEquals(
        "# property: umount-2025-equals-spec\n"
            + "# expected:\n"
            + "#   a\n"
            + "#   b\n"
            + "# mounts below /mnt before the scenario: \n",
        text);
    assertEquals(fields, HeaderFormat.parse(List.of(text.split("\n"))));
  }

  @Test
  void readsTheRecordedAnswersHeader() {
    List<String> header =
        List.of(
            "# recorded from the live kernel by mountcheck's kernel runner",
            "# kernel: 6.1.0-41-amd64",
            "# date: 2026-12-01T21:58:00Z",
            "# mounts before the scenario: 3",
            "# mounts below /mnt before the scenario: /mnt /mnt/a");
    Map<String, String> fields = HeaderFormat.parse(header);
    assertEquals(
        List.of(
            "kernel",
            "date",
            "mounts before the scenario",
            "mounts below /mnt before the scenario"),
        List.copyOf(fields.keySet()));
    assertEquals("6.1.0-41-amd64", fields.get("kernel"));
    assertEquals("2026-12-01T21:58:00Z", fields.get("date"));
    assertEquals("/mnt /mnt/a", fields.get("mounts below /mnt before the scenario"));
  }

  @Test
  void indentedCommentsAndProseAreNotFields() {
    List<String> lines =
        HeaderFormat.leadingComments(
            "# C24a rmdir in one namespace of a directory\n"
                + "# source: vfs_rmdir() (fs/namei.c) refuses\n"
                + "#   (is_local_mountpoint()); note: not a key\n"
                + "# Namespace c1 mounts x: on /mnt/v/a\n"
                + "# host-only: the host's own mounts\n"
                + "mount -t tmpfs top /mnt\n"
                + "# after-the-header: ignored\n");
    assertEquals(5, lines.size());
    Map<String, String> fields = HeaderFormat.parse(lines);
    assertEquals(List.of("source", "host-only"), List.copyOf(fields.keySet()));
    assertEquals("the host's own mounts", fields.get("host-only"));
  }

  @Test
  void fieldLooksOnlyAtTheLeadingComments() {
    String text = "# kernel: 7.2.13\nfail 3 EINVAL\n# kernel: later\n";
    assertEquals(Optional.of("7.2.13"), HeaderFormat.field(text, "kernel"));
    assertEquals(Optional.empty(), HeaderFormat.field(text, "date"));
    assertEquals(Optional.empty(), HeaderFormat.field("mount -t tmpfs a /mnt\n", "kernel"));
  }

  @Test
  void keysAreLowerCaseWordsSeparatedBySingleSpaces() {
    assertTrue(HeaderFormat.isKey("boot-seconds"));
    assertTrue(HeaderFormat.isKey("mounts below /mnt before the scenario"));
    assertFalse(HeaderFormat.isKey(" kernel"));
    assertFalse(HeaderFormat.isKey("kernel "));
    assertFalse(HeaderFormat.isKey("two  spaces"));
    assertFalse(HeaderFormat.isKey("Kernel"));
    assertFalse(HeaderFormat.isKey(""));
    assertThrows(IllegalArgumentException.class, () -> HeaderFormat.line("Bad", "x"));
    assertThrows(IllegalArgumentException.class, () -> HeaderFormat.line("ok", "a\nb"));
  }

  @Test
  void expectedOutcomeReadsItsHeaderThroughTheFields() {
    ExpectedOutcome o =
        ExpectedOutcome.parse(
            "x.expected",
            "# kernel: 6.12.117\n"
                + "# mounts before the scenario: 3\n"
                + "# mounts below /mnt before the scenario: \n"
                + "mountinfo:\n");
    assertEquals("6.12.117", o.kernel());
    assertEquals(3, o.mountsBefore());
    assertEquals(List.of(), o.mountPointsBefore());
    ExpectedOutcome unrecorded = ExpectedOutcome.parse("y.expected", "mountinfo:\n");
    assertEquals("?", unrecorded.kernel());
    assertEquals(1, unrecorded.mountsBefore());
  }

  @Test
  void aValueStartingWithANewlineIsWrittenOverSeveralLines() {
    assertThrows(IllegalArgumentException.class, () -> HeaderFormat.line("note", "\nx"));
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("note", "\nx");
    assertEquals("# note:\n#   \n#   x\n", HeaderFormat.render(fields));
  }
}
