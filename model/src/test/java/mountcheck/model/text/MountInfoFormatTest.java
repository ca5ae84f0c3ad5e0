package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MountInfoFormatTest {

  private static String resource(String name) throws IOException {
    try (InputStream in = MountInfoFormatTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Both files were captured from /proc/self/mountinfo on Linux 6.18 (see their names). */
  @ParameterizedTest
  @ValueSource(strings = {"host-mountinfo.txt", "escapes-mountinfo.txt"})
  void roundTripsRealKernelText(String name) throws IOException {
    String text = resource(name);
    assertEquals(text, MountInfoFormat.render(MountInfoFormat.parse(text)));
  }

  @Test
  void decodesTheKernelsOctalEscapes() throws IOException {
    List<MountInfoRow> rows = MountInfoFormat.parse(resource("escapes-mountinfo.txt"));
    MountInfoRow spaced = rows.stream().filter(r -> r.mountId() == 64).findFirst().orElseThrow();
    assertEquals("/mnt/a b", spaced.mountPoint());
    MountInfoRow tab = rows.stream().filter(r -> r.mountId() == 65).findFirst().orElseThrow();
    assertEquals("/mnt/t\tab", tab.mountPoint());
    assertEquals("y\tz", tab.source());
    MountInfoRow back = rows.stream().filter(r -> r.mountId() == 66).findFirst().orElseThrow();
    assertEquals("/mnt/back\\slash", back.mountPoint());
    MountInfoRow newline = rows.stream().filter(r -> r.mountId() == 67).findFirst().orElseThrow();
    assertEquals("/mnt/nl\nx", newline.mountPoint());
    assertEquals("/s", newline.root());
    assertEquals("sp ace", newline.source());
  }

  @Test
  void parsesEveryField() {
    MountInfoRow row =
        MountInfoFormat.parseLine(
            "68 63 0:39 /s /mnt/s2 rw,relatime shared:4 master:1 propagate_from:2 - tmpfs"
                + " sp\\040ace rw,size=4k");
    assertEquals(
        new MountInfoRow(
            68,
            63,
            0,
            39,
            "/s",
            "/mnt/s2",
            "rw,relatime",
            List.of("shared:4", "master:1", "propagate_from:2"),
            "tmpfs",
            "sp ace",
            "rw,size=4k"),
        row);
    assertEquals(4, row.sharedGroup());
    assertEquals(1, row.masterGroup());
  }

  @Test
  void rendersWithoutOptionalFields() {
    MountInfoRow row =
        new MountInfoRow(70, 63, 0, 42, "/", "/mnt/a b", "rw", List.of(), "tmpfs", "x\\y", "rw");
    assertEquals(
        "70 63 0:42 / /mnt/a\\040b rw - tmpfs x\\134y rw", MountInfoFormat.renderLine(row));
  }

  @Test
  void decodesAnEscapeAtTheStartAndEscapesWithTheDigitSeven() {
    assertEquals(" x", MountInfoFormat.unescape("\\040x"));
    assertEquals("'", MountInfoFormat.unescape("\\047"));
    assertEquals("a\u007fb", MountInfoFormat.unescape("a\\177b"));
    assertEquals("a\\8", MountInfoFormat.unescape("a\\8"));
  }

  @Test
  void keepsABackslashThatIsNotAnOctalEscape() {
    assertEquals("a\\9b\\", MountInfoFormat.unescape("a\\9b\\"));
    assertEquals("a\\04", MountInfoFormat.unescape("a\\04"));
  }

  @Test
  void rejectsALineWithoutSeparator() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MountInfoFormat.parse("63 43 0:39 / /mnt rw shared:1 tmpfs a rw\n"));
    assertEquals(true, e.getMessage().startsWith("mountinfo line 1: not a mountinfo line"));
  }
}
