package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The field lines of a diff: parent, superblock, unbindable, and large propagate_from groups. */
class TableDiffFieldsTest {
  private static MountInfoRow row(
      int id, int parent, int minor, String mp, String src, String... opt) {
    return new MountInfoRow(id, parent, 0, minor, "/", mp, "rw", List.of(opt), "tmpfs", src, "rw");
  }

  @Test
  void aMountNamedAlikeUnderAnotherParentAndSuperblockShowsBoth() {
    // model: /mnt/x alone (sb1); kernel: /mnt (sb1) with /mnt/x (sb2) on it
    CanonicalTable model = CanonicalTable.of(List.of(row(64, 1, 40, "/mnt/x", "x")));
    CanonicalTable kernel =
        CanonicalTable.of(List.of(row(63, 1, 39, "/mnt", "m"), row(64, 63, 40, "/mnt/x", "x")));
    TableDiff d = TableDiff.of("model", model, "kernel", kernel);
    assertFalse(d.isEmpty());
    assertEquals(
        List.of(
            "only in kernel: /mnt (parent -, root /, tmpfs m, sb1, peers -, master -, options rw"
                + " rw)",
            "/mnt/x: parent: model -, kernel /mnt",
            "/mnt/x: superblock: model sb1, kernel sb2"),
        d.lines());
  }

  @Test
  void anUnbindableMarkOnOneSideIsShown() {
    CanonicalTable model = CanonicalTable.of(List.of(row(63, 1, 39, "/mnt", "m")));
    CanonicalTable kernel = CanonicalTable.of(List.of(row(63, 1, 39, "/mnt", "m", "unbindable")));
    assertEquals(
        List.of("/mnt: unbindable: model false, kernel true"),
        TableDiff.of("model", model, "kernel", kernel).lines());
  }

  /** Peers /mnt/m00 ... of group 2, and /mnt/s receiving from group 2 (its master not shown). */
  private static CanonicalTable receiverOfAGroupOf(int peers) {
    List<MountInfoRow> rows = new ArrayList<>();
    for (int i = 0; i < peers; i++)
      rows.add(row(100 + i, 1, 40, String.format("/mnt/m%02d", i), "p", "shared:2"));
    rows.add(row(99, 1, 41, "/mnt/s", "s", "master:9", "propagate_from:2"));
    return CanonicalTable.of(rows);
  }

  @Test
  void largePropagateFromGroupsAreComparedByTheirMembers() {
    TableDiff d = TableDiff.of("model", receiverOfAGroupOf(13), "kernel", receiverOfAGroupOf(14));
    assertTrue(
        d.lines()
            .contains(
                "/mnt/s: propagate_from: model 13 members, kernel 14; only in model: [],"
                    + " only in kernel: [/mnt/m13]"),
        d.render());
  }

  @Test
  void peerListsOfTwelveAreShownInFull() {
    List<MountInfoRow> twelve = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      String name = String.format("/mnt/m%02d", i);
      twelve.add(row(100 + i, 1, 40, name, "p", "shared:2"));
      names.add(name);
    }
    TableDiff d =
        TableDiff.of(
            "model", CanonicalTable.of(twelve), "kernel", CanonicalTable.of(twelve.subList(0, 11)));
    String expected =
        "/mnt/m00: peers: model {"
            + String.join(", ", names)
            + "}, kernel {"
            + String.join(", ", names.subList(0, 11))
            + "}";
    assertTrue(d.lines().contains(expected), d.render());
  }
}
