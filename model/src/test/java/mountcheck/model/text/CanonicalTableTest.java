package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mountcheck.model.text.CanonicalMount.Master;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

class CanonicalTableTest {

  /** A tmpfs row: id, parent, minor device, root, mount point, source, optional fields. */
  private static MountInfoRow row(
      int id, int parent, int minor, String root, String mountPoint, String source, String... opt) {
    return new MountInfoRow(
        id,
        parent,
        0,
        minor,
        root,
        mountPoint,
        "rw,relatime",
        Arrays.asList(opt),
        "tmpfs",
        source,
        "rw");
  }

  private static List<String> names(CanonicalTable t) {
    return t.mounts().stream().map(CanonicalMount::name).toList();
  }

  @Test
  void plainTreeIsNamedByMountPoints() {
    CanonicalTable t =
        CanonicalTable.of(
            List.of(
                row(65, 63, 41, "/", "/mnt/b", "b"),
                row(63, 27, 39, "/", "/mnt", "root"),
                row(64, 63, 40, "/", "/mnt/a", "a"),
                row(66, 64, 40, "/x", "/mnt/a/c", "a")));
    assertEquals(List.of("/mnt", "/mnt/a", "/mnt/a/c", "/mnt/b"), names(t));
    CanonicalMount c = t.mount("/mnt/a/c");
    assertEquals(
        new CanonicalMount(
            "/mnt/a/c",
            "/mnt/a",
            "/x",
            "tmpfs",
            "a",
            2,
            null,
            null,
            null,
            false,
            "rw,relatime",
            "rw"),
        c);
    assertNull(t.mount("/mnt").parent());
    assertEquals(3, t.mount("/mnt/b").superblock());
  }

  @Test
  void ignoresMountIdsGroupIdsAndDeviceNumbers() {
    CanonicalTable first =
        CanonicalTable.of(
            List.of(
                row(63, 27, 39, "/", "/mnt", "root", "shared:1"),
                row(64, 63, 39, "/a", "/mnt/b", "root", "shared:1"),
                row(65, 63, 40, "/", "/mnt/c", "c", "master:1"),
                row(66, 63, 41, "/", "/mnt/d", "d", "master:7")));
    CanonicalTable third =
        CanonicalTable.of(
            List.of(
                row(900, 501, 77, "/", "/mnt/d", "d", "master:3"),
                row(501, 12, 5, "/", "/mnt", "root", "shared:9"),
                row(777, 501, 5, "/a", "/mnt/b", "root", "shared:9"),
                row(13, 501, 6, "/", "/mnt/c", "c", "master:9")));
    assertEquals(first, third);
    assertEquals(List.of("/mnt", "/mnt/b"), third.mount("/mnt/b").peers());
    assertEquals(new Master.Group(List.of("/mnt", "/mnt/b")), third.mount("/mnt/c").master());
    assertEquals(new Master.External(1), third.mount("/mnt/d").master());
    assertEquals(1, third.mount("/mnt/b").superblock());
  }

  @Test
  void twoMountsAtOnePlaceAreToldApartByTheirMastersNotTheirIds() {
    // a 2017-generation umount can leave two copies with one parent and mount point; the kernel
    // reuses mount ids, so which is older says nothing (5.10, conform seed-20261547)
    List<MountInfoRow> model =
        List.of(
            row(2, 1, 39, "/", "/mnt", "t", "shared:1"),
            row(4, 2, 39, "/", "/mnt/a", "t", "shared:2"),
            row(21, 4, 39, "/", "/mnt/a/b", "t", "shared:8", "master:1"),
            row(24, 4, 39, "/", "/mnt/a/b", "t", "shared:11", "master:2"));
    List<MountInfoRow> kernel =
        List.of(
            row(26, 23, 20, "/", "/mnt", "t", "shared:1"),
            row(28, 26, 20, "/", "/mnt/a", "t", "shared:2"),
            row(48, 28, 20, "/", "/mnt/a/b", "t", "shared:11", "master:1"),
            row(45, 28, 20, "/", "/mnt/a/b", "t", "shared:8", "master:2"));
    assertEquals(CanonicalTable.of(model), CanonicalTable.of(kernel));
    // the masters still count: the same two with one master each way round differ
    List<MountInfoRow> other =
        List.of(
            row(26, 23, 20, "/", "/mnt", "t", "shared:1"),
            row(28, 26, 20, "/", "/mnt/a", "t", "shared:2"),
            row(48, 28, 20, "/", "/mnt/a/b", "t", "shared:11", "master:1"),
            row(45, 28, 20, "/", "/mnt/a/b", "t", "shared:8", "master:1"));
    assertNotEquals(CanonicalTable.of(model), CanonicalTable.of(other));
  }

  @Test
  void stackedMountsGetTheirDepthAndHiddenMountsKeepDistinctNames() {
    // tmpfs A on /mnt, X on /mnt/x, tmpfs B on /mnt over A, Y on /mnt/x over B, C on /mnt over B.
    CanonicalTable t =
        CanonicalTable.of(
            List.of(
                row(63, 27, 39, "/", "/mnt", "A"),
                row(64, 63, 40, "/", "/mnt/x", "X"),
                row(65, 63, 41, "/", "/mnt", "B"),
                row(66, 65, 42, "/", "/mnt/x", "Y"),
                row(67, 65, 43, "/", "/mnt", "C"),
                row(68, 67, 44, "/", "/mnt", "D"),
                row(69, 68, 45, "/", "/mnt/q", "Q")));
    assertEquals(
        List.of("/mnt", "/mnt@1", "/mnt@2", "/mnt@3", "/mnt@3/q", "/mnt@1/x", "/mnt/x"), names(t));
    assertEquals("X", t.mount("/mnt/x").source());
    assertEquals("Y", t.mount("/mnt@1/x").source());
    assertEquals("/mnt@2", t.mount("/mnt@3").parent());
    assertEquals(
        List.of(1, 2, 3, 4, 5, 6, 7), t.mounts().stream().map(CanonicalMount::superblock).toList());
  }

  @Test
  void rejectsParentLinksThatFormACycle() {
    IllegalArgumentException e =
        Assertions.assertThrows(
            IllegalArgumentException.class,
            () ->
                CanonicalTable.of(
                    List.of(
                        row(12, 501, 6, "/", "/mnt/c", "c"), row(501, 12, 5, "/", "/mnt", "r"))));
    assertEquals("the parent links of the rows form a cycle", e.getMessage());
  }

  @Test
  void repeatedNamesGetASuffix() {
    CanonicalTable t =
        CanonicalTable.of(
            List.of(
                row(63, 27, 39, "/", "/mnt", "A"),
                row(64, 63, 40, "/", "/mnt/x", "X2"),
                row(65, 63, 41, "/", "/mnt/x", "X1")));
    assertEquals(List.of("/mnt", "/mnt/x", "/mnt/x~2"), names(t));
    assertEquals("X1", t.mount("/mnt/x").source());
  }

  @Test
  void externalMastersAreNumberedInCanonicalOrder() {
    CanonicalTable t =
        CanonicalTable.of(
            List.of(
                row(63, 27, 39, "/", "/mnt", "A", "master:50"),
                row(64, 63, 39, "/", "/mnt/b", "A", "master:20"),
                row(65, 63, 39, "/", "/mnt/a", "A", "shared:3", "master:20"),
                row(66, 63, 39, "/", "/mnt/c", "A", "master:50", "unbindable")));
    assertEquals(new Master.External(1), t.mount("/mnt").master());
    assertEquals(new Master.External(2), t.mount("/mnt/a").master());
    assertEquals(new Master.External(2), t.mount("/mnt/b").master());
    assertEquals(new Master.External(1), t.mount("/mnt/c").master());
    assertEquals(List.of("/mnt/a"), t.mount("/mnt/a").peers());
    assertEquals(true, t.mount("/mnt/c").unbindable());
  }

  @Test
  void differentPeerGroupingGivesDifferentTables() {
    List<MountInfoRow> together =
        List.of(
            row(63, 27, 39, "/", "/mnt", "A", "shared:1"),
            row(64, 63, 39, "/", "/mnt/a", "A", "shared:1"));
    List<MountInfoRow> apart =
        List.of(
            row(63, 27, 39, "/", "/mnt", "A", "shared:1"),
            row(64, 63, 39, "/", "/mnt/a", "A", "shared:2"));
    assertNotEquals(CanonicalTable.of(together), CanonicalTable.of(apart));
  }

  /** 20000 mounts in one peer group: building, comparing and diffing must stay linear. */
  @Test
  void largePeerGroupsStayCheap() {
    List<MountInfoRow> a = new ArrayList<>();
    List<MountInfoRow> b = new ArrayList<>();
    a.add(row(1, 0, 1, "/", "/mnt", "A", "shared:5"));
    b.add(row(7, 0, 9, "/", "/mnt", "A", "shared:2"));
    for (int i = 2; i <= 20_000; i++) {
      a.add(row(i, 1, 1, "/", "/mnt/" + i, "A", "shared:5"));
      b.add(row(i + 10, 7, 9, "/", "/mnt/" + i, "A", i == 20_000 ? "shared:3" : "shared:2"));
    }
    b.add(row(3, 7, 9, "/", "/mnt/x", "A", "master:2"));
    a.add(row(20_001, 1, 1, "/", "/mnt/x", "A", "master:5"));
    CanonicalTable ta = CanonicalTable.of(a);
    CanonicalTable tb = CanonicalTable.of(b);
    assertNotEquals(ta, tb);
    assertEquals(ta, CanonicalTable.of(a));
    assertEquals(ta.hashCode(), CanonicalTable.of(a).hashCode());
    assertEquals("{/mnt, /mnt/10, /mnt/100, ... (20000 members)}", ta.mount("/mnt/x").masterText());
    List<String> diff = TableDiff.of("a", ta, "b", tb).lines();
    assertEquals(20_001, diff.size());
    assertEquals(
        "/mnt: peers: a 20000 members, b 19999; only in a: [/mnt/20000], only in b: []",
        diff.get(0));
    assertEquals(
        List.of(
            "/mnt/20000: peers: a 20000 members, b 1; only in a:"
                + " [/mnt, /mnt/10, /mnt/100, /mnt/1000, /mnt/10000], only in b: []"),
        diff.stream().filter(l -> l.startsWith("/mnt/20000:")).toList());
    assertEquals(
        "/mnt/x: master: a 20000 members, b 19999; only in a: [/mnt/20000], only in b: []",
        diff.get(diff.size() - 1));
  }

  @Test
  void handlesADeepChainWithoutRecursion() {
    List<MountInfoRow> rows = new ArrayList<>();
    rows.add(row(1, 0, 1, "/", "/mnt", "A"));
    for (int i = 2; i <= 100_000; i++) rows.add(row(i, i - 1, 1, "/", "/mnt", "A"));
    CanonicalTable t = CanonicalTable.of(rows);
    assertEquals("/mnt@99999", t.mounts().get(99_999).name());
  }

  @Test
  void rendersAnAlignedTable() {
    CanonicalTable t =
        CanonicalTable.of(
            List.of(
                row(63, 27, 39, "/", "/mnt", "root", "shared:1"),
                row(64, 63, 39, "/a", "/mnt/bb", "root", "master:1", "unbindable"),
                row(65, 63, 40, "/", "/mnt", "top", "master:8")));
    String expected =
        "name     parent  root  fstype  source  sb   options         peers   master     "
            + " propagate_from  unbindable\n"
            + "/mnt     -       /     tmpfs   root    sb1  rw,relatime rw  {/mnt}  -           -  "
            + "             -\n"
            + "/mnt@1   /mnt    /     tmpfs   top     sb2  rw,relatime rw  -       external#1  -  "
            + "             -\n"
            + "/mnt/bb  /mnt    /a    tmpfs   root    sb1  rw,relatime rw  -       {/mnt}      -  "
            + "             unbindable\n";
    assertEquals(expected, t.render());
    assertEquals(expected, t.toString());
  }

  @Test
  void propagateFromIsNamedLikeMasterAndCompared() {
    List<MountInfoRow> with =
        List.of(
            row(63, 27, 39, "/", "/mnt", "root", "shared:1"),
            row(64, 63, 40, "/", "/mnt/a", "a", "master:7", "propagate_from:1"));
    CanonicalTable t = CanonicalTable.of(with);
    assertEquals(
        new CanonicalMount.Master.Group(List.of("/mnt")), t.mount("/mnt/a").propagateFrom());
    assertEquals(new CanonicalMount.Master.External(1), t.mount("/mnt/a").master());
    CanonicalTable without =
        CanonicalTable.of(
            List.of(
                row(63, 27, 39, "/", "/mnt", "root", "shared:1"),
                row(64, 63, 40, "/", "/mnt/a", "a", "master:7")));
    assertNotEquals(t, without);
    assertEquals(
        List.of("/mnt/a: propagate_from: left {/mnt}, right -"),
        TableDiff.of("left", t, "right", without).lines());
  }

  @Test
  void externalPropagateFromGroupsShareTheMastersNumbering() {
    CanonicalTable t =
        CanonicalTable.of(
            List.of(
                row(63, 27, 39, "/", "/mnt", "root", "master:5", "propagate_from:9"),
                row(64, 63, 40, "/", "/mnt/a", "a", "master:9")));
    assertEquals(new CanonicalMount.Master.External(1), t.mount("/mnt").master());
    assertEquals(new CanonicalMount.Master.External(2), t.mount("/mnt").propagateFrom());
    assertEquals(new CanonicalMount.Master.External(2), t.mount("/mnt/a").master());
    CanonicalTable swapped =
        CanonicalTable.of(
            List.of(
                row(63, 27, 39, "/", "/mnt", "root", "master:5", "propagate_from:9"),
                row(64, 63, 40, "/", "/mnt/a", "a", "master:5")));
    assertNotEquals(t, swapped);
  }

  @Test
  void mountAndSuperOptionsAreCompared() {
    MountInfoRow rw = row(63, 27, 39, "/", "/mnt", "root");
    MountInfoRow ro =
        new MountInfoRow(
            63, 27, 0, 39, "/", "/mnt", "ro,relatime", List.of(), "tmpfs", "root", "rw");
    MountInfoRow superRo =
        new MountInfoRow(
            63, 27, 0, 39, "/", "/mnt", "rw,relatime", List.of(), "tmpfs", "root", "ro");
    assertNotEquals(CanonicalTable.of(List.of(rw)), CanonicalTable.of(List.of(ro)));
    assertNotEquals(CanonicalTable.of(List.of(rw)), CanonicalTable.of(List.of(superRo)));
    assertEquals(
        List.of("/mnt: options: a rw,relatime, b ro,relatime"),
        TableDiff.of("a", CanonicalTable.of(List.of(rw)), "b", CanonicalTable.of(List.of(ro)))
            .lines());
  }
}
