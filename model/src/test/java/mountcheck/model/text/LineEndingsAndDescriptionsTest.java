package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.state.MountTable;
import org.junit.jupiter.api.Test;

/**
 * Files with CRLF line endings, the line of a bad mountinfo row, diff lines of the remaining
 * fields, peer lists on one side only, and mounts described for people.
 */
class LineEndingsAndDescriptionsTest {
  private static MountInfoRow row(
      int id, String root, String mp, String fsType, String src, String superOptions) {
    return new MountInfoRow(id, 1, 0, 39, root, mp, "rw", List.of(), fsType, src, superOptions);
  }

  @Test
  void expectedFilesAndHeadersMayEndTheirLinesWithCrLf() {
    String text =
        "# kernel: 6.18.44\r\nmountinfo:\r\n"
            + "63 43 0:39 / /mnt rw,relatime shared:1 - tmpfs a rw\r\n";
    ExpectedOutcome e = ExpectedOutcome.parse("x.expected", text);
    assertEquals(List.of("# kernel: 6.18.44"), e.header());
    assertEquals("/mnt", e.rows().get(0).mountPoint());
    assertEquals("rw", e.rows().get(0).superOptions());
    assertEquals(
        List.of("# a", "# b"), HeaderFormat.leadingComments("# a\r\n# b\r\nmkdir -p /mnt\n"));
  }

  @Test
  void aBadRowIsReportedAtItsLine() {
    ScenarioSyntaxException e =
        assertThrows(
            ScenarioSyntaxException.class,
            () -> ExpectedOutcome.parse("x.expected", "# h\nmountinfo:\nnot a row\n"));
    assertEquals(3, e.line());
  }

  @Test
  void rootFsTypeSourceAndSuperOptionsAreEachShown() {
    CanonicalTable model = CanonicalTable.of(List.of(row(63, "/", "/mnt", "tmpfs", "a", "rw")));
    CanonicalTable kernel = CanonicalTable.of(List.of(row(63, "/x", "/mnt", "ramfs", "b", "ro")));
    TableDiff d = TableDiff.of("model", model, "kernel", kernel);
    assertEquals(
        List.of(
            "/mnt: root: model /, kernel /x",
            "/mnt: fstype: model tmpfs, kernel ramfs",
            "/mnt: source: model a, kernel b",
            "/mnt: super options: model rw, kernel ro"),
        d.lines());
    String text =
        "/mnt: root: model /, kernel /x\n"
            + "/mnt: fstype: model tmpfs, kernel ramfs\n"
            + "/mnt: source: model a, kernel b\n"
            + "/mnt: super options: model rw, kernel ro\n";
    assertEquals(text, d.render());
    assertEquals(text, d.toString());
  }

  @Test
  void aPeerListOnOneSideOnlyDiffers() {
    GroupEquality groups = new GroupEquality();
    assertFalse(groups.sameMembers(null, List.of("/mnt")));
    assertFalse(groups.sameMembers(List.of("/mnt"), null));
    assertTrue(groups.sameMembers(null, null));
    assertTrue(groups.sameMembers(List.of("/mnt"), List.of("/mnt")));
  }

  @Test
  void mountsAreDescribedByPathSourceAndId() {
    MountTable t = MountTable.initial(100, 2, List.of("/mnt"));
    assertEquals("/(rootfs)#1", StateMountInfo.describe(t, 1));
    assertEquals("/mnt(host:/mnt)#2", StateMountInfo.describe(t, 2));
    assertEquals("#99", StateMountInfo.describe(t, 99));
  }
}
