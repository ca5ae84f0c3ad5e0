package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.StateMountInfo;
import org.junit.jupiter.api.Test;

/** Copies of wide trees and of namespace files, and slaves that outlive a chain of masters. */
class TreesTest {
  private static ScenarioRunner.Run run(String text) {
    Scenario s = ScenarioParser.parse("t.sh", text);
    return new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100000, 1));
  }

  private static List<String> failures(ScenarioRunner.Run r) {
    return r.failures().stream().map(f -> f.step().line() + " " + f.errno()).toList();
  }

  private static MountInfoRow row(ScenarioRunner.Run r, String mountPoint) {
    List<MountInfoRow> rows =
        StateMountInfo.rows(r.state()).stream()
            .filter(x -> x.mountPoint().equals(mountPoint))
            .toList();
    assertEquals(1, rows.size(), mountPoint);
    return rows.get(0);
  }

  @Test
  void anRbindCopiesEveryChildOfAWideMount() {
    // copy_tree(): every mount below the source goes with it; 20 children of one mount, more than
    // any small fixed stack holds, give 21 copies at /mnt/dst
    StringBuilder text = new StringBuilder("mount -t tmpfs top /mnt\nmkdir -p /mnt/src /mnt/dst\n");
    text.append("mount -t tmpfs src /mnt/src\n");
    for (int i = 0; i < 20; i++)
      text.append("mkdir -p /mnt/src/c")
          .append(i)
          .append("\nmount -t tmpfs c")
          .append(i)
          .append(" /mnt/src/c")
          .append(i)
          .append("\n");
    text.append("mount --rbind /mnt/src /mnt/dst\n");
    ScenarioRunner.Run r = run(text.toString());
    assertEquals(List.of(), failures(r));
    long copies =
        StateMountInfo.rows(r.state()).stream()
            .filter(
                x -> x.mountPoint().equals("/mnt/dst") || x.mountPoint().startsWith("/mnt/dst/"))
            .count();
    assertEquals(21, copies);
    for (int i = 0; i < 20; i++) assertEquals("c" + i, row(r, "/mnt/dst/c" + i).source());
  }

  @Test
  void anRbindCopiesANamespaceFile() {
    // copy_tree() copies namespace files when do_loopback() passes CL_COPY_MNT_NS_FILE, as both
    // bind and rbind do (commit 4ce5d2b1a8fd; docs/semantics.md §2.11 item 3)
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/ns\n"
                + "mount --bind /mnt/ns /mnt/ns\nmount --make-private /mnt/ns\n"
                + "touch /mnt/ns/c1 /mnt/ns/c2\n"
                + "unshare -m --mount=/mnt/ns/c1 true\n"
                + "mount --rbind /mnt/ns/c1 /mnt/ns/c2\n");
    assertEquals(List.of(), failures(r));
    assertEquals(row(r, "/mnt/ns/c1").root(), row(r, "/mnt/ns/c2").root(), "the same namespace");
  }

  @Test
  void propagationDoesNotCopyANamespaceFile() {
    // propagate_one() calls copy_tree() without CL_COPY_MNT_NS_FILE, which is EINVAL for a copy
    // rooted at a namespace file (docs/semantics.md §2.11 item 3): binding c1's file onto a file
    // of the shared /mnt/v, whose peer /mnt/w would receive a copy, fails; onto the private
    // /mnt/ns it works
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/ns /mnt/v /mnt/w\n"
                + "mount --bind /mnt/ns /mnt/ns\nmount --make-private /mnt/ns\n"
                + "touch /mnt/ns/c1 /mnt/ns/c2\nunshare -m --mount=/mnt/ns/c1 true\n"
                + "mount -t tmpfs v /mnt/v\nmount --make-shared /mnt/v\ntouch /mnt/v/f\n"
                + "mount --bind /mnt/v /mnt/w\n"
                + "mount --bind /mnt/ns/c1 /mnt/v/f\n" // 11: EINVAL
                + "mount --bind /mnt/ns/c1 /mnt/ns/c2\n");
    assertEquals(List.of("11 EINVAL"), failures(r));
  }

  @Test
  void propagationDoesNotCopyANamespaceFileOnRbindEither() {
    // the same through --rbind: do_loopback() copies the source tree with CL_COPY_MNT_NS_FILE, but
    // propagate_one() copies it for the peer /mnt/w without, and the copy's root is the namespace
    // file: EINVAL (the host's 6.18.44 answers the same); onto the private /mnt/ns it works
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/ns /mnt/v /mnt/w\n"
                + "mount --bind /mnt/ns /mnt/ns\nmount --make-private /mnt/ns\n"
                + "touch /mnt/ns/c1 /mnt/ns/c2\nunshare -m --mount=/mnt/ns/c1 true\n"
                + "mount -t tmpfs v /mnt/v\nmount --make-shared /mnt/v\ntouch /mnt/v/f\n"
                + "mount --bind /mnt/v /mnt/w\n"
                + "mount --rbind /mnt/ns/c1 /mnt/v/f\n" // 11: EINVAL
                + "mount --rbind /mnt/ns/c1 /mnt/ns/c2\n");
    assertEquals(List.of("11 EINVAL"), failures(r));
  }

  @Test
  void aSlaveOfADyingChainGoesToTheNearestSurvivingMaster() {
    // o (shared) -> m1 (slave of o, shared) -> m2 (slave of m1, shared) -> s (slave of m2).
    // umount -l /mnt/a takes m1 and m2 with a; each leaving mount hands its slaves to its master
    // (change_mnt_propagation() in umount_tree(), docs/semantics.md §2.8.5), so s ends as a slave
    // of o's group and of nothing else.
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/o /mnt/a /mnt/s\n"
                + "mount -t tmpfs o /mnt/o\nmount --make-shared /mnt/o\n"
                + "mount -t tmpfs a /mnt/a\nmkdir -p /mnt/a/m1 /mnt/a/m2\n"
                + "mount --bind /mnt/o /mnt/a/m1\n"
                + "mount --make-slave /mnt/a/m1\nmount --make-shared /mnt/a/m1\n"
                + "mount --bind /mnt/a/m1 /mnt/a/m2\n"
                + "mount --make-slave /mnt/a/m2\nmount --make-shared /mnt/a/m2\n"
                + "mount --bind /mnt/a/m2 /mnt/s\nmount --make-slave /mnt/s\n");
    assertEquals(List.of(), failures(r));
    String oGroup = row(r, "/mnt/o").optionalFields().get(0).replace("shared:", "");
    assertEquals(
        List.of("master:" + row(r, "/mnt/a/m2").optionalFields().get(0).replace("shared:", "")),
        row(r, "/mnt/s").optionalFields(),
        "before: a slave of m2");
    ScenarioRunner.Run after =
        run(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/o /mnt/a /mnt/s\n"
                + "mount -t tmpfs o /mnt/o\nmount --make-shared /mnt/o\n"
                + "mount -t tmpfs a /mnt/a\nmkdir -p /mnt/a/m1 /mnt/a/m2\n"
                + "mount --bind /mnt/o /mnt/a/m1\n"
                + "mount --make-slave /mnt/a/m1\nmount --make-shared /mnt/a/m1\n"
                + "mount --bind /mnt/a/m1 /mnt/a/m2\n"
                + "mount --make-slave /mnt/a/m2\nmount --make-shared /mnt/a/m2\n"
                + "mount --bind /mnt/a/m2 /mnt/s\nmount --make-slave /mnt/s\n"
                + "umount -l /mnt/a\n");
    assertEquals(List.of(), failures(after));
    assertEquals(List.of("master:" + oGroup), row(after, "/mnt/s").optionalFields());
  }

  @Test
  void aMovedSlaveOfTheDestinationGetsACopyThatIsSharedOnlyIfItWasBefore() {
    // attach_recursive_mnt(): invent_group_ids() before propagate_mnt(), set_mnt_shared() after;
    // the moved bind is a slave of /mnt's group, so it receives a copy itself, and
    // propagate_one() sees it not yet shared (conformance/C81, the same on all five kernels)
    String setup =
        "mount -t tmpfs p /mnt\n"
            + "mkdir -p /mnt/a\n"
            + "mount --make-shared /mnt\n"
            + "mount --bind /mnt /mnt/a\n"
            + "mount --make-slave /mnt/a\n"
            + "mount --bind /mnt/a /mnt/a\n";
    for (boolean sharedBefore : new boolean[] {false, true}) {
      ScenarioRunner.Run r =
          run(
              setup
                  + (sharedBefore ? "mount --make-shared /mnt/a\n" : "")
                  + "mountfd move_mount /mnt/a /mnt\n");
      assertEquals(List.of(), failures(r));
      List<MountInfoRow> atMnt =
          StateMountInfo.rows(r.state()).stream()
              .filter(x -> x.mountPoint().equals("/mnt"))
              .toList();
      assertEquals(3, atMnt.size(), "the tmpfs, the moved bind and the copy on it");
      MountInfoRow moved = atMnt.get(1);
      MountInfoRow copy = atMnt.get(2);
      assertEquals(moved.mountId(), copy.parentId());
      String movedGroup = moved.optionalFields().get(0);
      assertEquals("shared:", movedGroup.substring(0, 7));
      String master = "master:" + movedGroup.substring(7);
      if (sharedBefore) {
        assertEquals(2, copy.optionalFields().size(), copy.optionalFields().toString());
        assertEquals(master, copy.optionalFields().get(1));
      } else {
        assertEquals(List.of(master), copy.optionalFields());
      }
    }
  }
}
