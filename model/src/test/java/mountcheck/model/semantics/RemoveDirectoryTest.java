package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import mountcheck.model.events.ChangeCounters;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

/**
 * rmdir (docs/semantics.md §2.12). Expected errnos and tables are derived by hand from the rules
 * and are what the host kernel (6.18.44) answered for the conformance cases named.
 */
class RemoveDirectoryTest {
  private static final String HOLDER =
      "mount -t tmpfs top /mnt\n"
          + "mkdir -p /mnt/ns /mnt/v /mnt/w /mnt/k\n"
          + "mount --bind /mnt/ns /mnt/ns\n"
          + "mount --make-private /mnt/ns\n"
          + "touch /mnt/ns/c1 /mnt/ns/c2\n";

  private static ScenarioRunner.Run run(String text) {
    Scenario s = ScenarioParser.parse("t.sh", text);
    return new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100000, 1));
  }

  private static List<String> failures(ScenarioRunner.Run r) {
    return r.failures().stream().map(f -> f.step().line() + " " + f.errno()).toList();
  }

  private static List<String> mountPoints(List<MountInfoRow> rows) {
    return rows.stream().map(row -> row.mountPoint() + " " + row.root()).toList();
  }

  @Test
  void theErrnosInTheKernelsOrder() {
    // C24b lines 17-31: EROFS before the lookup, ENOTEMPTY, ENOENT, ENOTDIR, EBUSY
    ScenarioRunner.Run r =
        run(
            "rmdir /mnt/x\n" // 1: EROFS, / is read-only (even for a missing name)
                + "mount -t tmpfs top /mnt\n"
                + "rmdir /mnt\n" // 3: EROFS, its parent is /
                + "mkdir -p /mnt/a/b /mnt/m\n"
                + "rmdir /mnt/a\n" // 5: ENOTEMPTY
                + "rmdir /mnt/nope\n" // 6: ENOENT
                + "touch /mnt/f\n"
                + "rmdir /mnt/f\n" // 8: ENOTDIR
                + "mount -t tmpfs m /mnt/m\n"
                + "rmdir /mnt/m\n" // 10: EBUSY, a mount point here
                + "rmdir /mnt/a/b /mnt/a\n"); // 11: both work, in order
    assertEquals(
        List.of("1 EROFS", "3 EROFS", "5 ENOTEMPTY", "6 ENOENT", "8 ENOTDIR", "10 EBUSY"),
        failures(r));
    assertEquals(List.of("/mnt /", "/mnt/m /"), mountPoints(ModelAnswer.of(r).rows()));
  }

  @Test
  void theParentIsWalkedFirst() {
    // a missing parent is ENOENT and a file as parent ENOTDIR, before the name is looked up
    // (the host's 6.18.44 answers the same)
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/d\ntouch /mnt/f\n"
                + "rmdir /mnt/none/x\n" // 4: ENOENT
                + "rmdir /mnt/f/x\n" // 5: ENOTDIR
                + "rmdir /mnt/d/none\n"); // 6: ENOENT
    assertEquals(List.of("4 ENOENT", "5 ENOTDIR", "6 ENOENT"), failures(r));
  }

  @Test
  void detachingAnotherNamespacesMountBumpsTheGlobalCounterAndThatNamespaceCatchesUp() {
    // __detach_mounts(): event++, then umount_tree() sets the victim's namespace's ns->event to
    // the global counter; the namespace that ran rmdir loses no mount and is not touched
    ScenarioRunner.ObservedRun r =
        new ScenarioRunner(Model.linux())
            .observe(
                ScenarioParser.parse(
                    "t.sh",
                    HOLDER
                        + "mount -t tmpfs v /mnt/v\nmkdir -p /mnt/v/a\n"
                        + "unshare -m --mount=/mnt/ns/c1 true\n"
                        + "nsenter --mount=/mnt/ns/c1 mount -t tmpfs x /mnt/v/a\n"
                        + "rmdir /mnt/v/a\n"),
                MountTable.initial(100000, 1));
    ChangeCounters before = r.steps().get(8).counters();
    ChangeCounters after = r.steps().get(9).counters();
    assertEquals(10, r.steps().get(9).step().line());
    assertEquals(before.global() + 1, after.global());
    assertEquals(after.global(), after.namespaces().get(2));
    assertEquals(before.namespaces().get(1), after.namespaces().get(1));
  }

  @Test
  void aMountOnTheSameDentryThroughABindIsLocal() {
    // C24b line 29: /mnt/s/y is a mount point through /mnt/bs; line 30: removed through the bind
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/s/x /mnt/s/y /mnt/bs\n"
                + "mount --bind /mnt/s /mnt/bs\nmount -t tmpfs y /mnt/bs/y\n"
                + "rmdir /mnt/s/y\nrmdir /mnt/bs/x\nrmdir /mnt/s/x\nmkdir -p /mnt/s/x/again\n");
    assertEquals(List.of("5 EBUSY", "7 ENOENT"), failures(r));
  }

  @Test
  void removingAMountPointOfAnotherNamespaceDetachesItsTreeWithoutPropagation() {
    // C24a: c1 loses a and a/sub, keeps the peer w with w/sub, and k stays a slave of w's group
    ScenarioRunner.Run r =
        run(
            HOLDER
                + "mount -t tmpfs v /mnt/v\nmkdir -p /mnt/v/a\n"
                + "unshare -m --mount=/mnt/ns/c1 true\n"
                + "nsenter --mount=/mnt/ns/c1 mount -t tmpfs x /mnt/v/a\n"
                + "nsenter --mount=/mnt/ns/c1 mount --make-shared /mnt/v/a\n"
                + "nsenter --mount=/mnt/ns/c1 mount --bind /mnt/v/a /mnt/w\n"
                + "nsenter --mount=/mnt/ns/c1 mkdir -p /mnt/v/a/sub\n"
                + "nsenter --mount=/mnt/ns/c1 mount -t tmpfs xsub /mnt/v/a/sub\n"
                + "nsenter --mount=/mnt/ns/c1 mount --bind /mnt/w /mnt/k\n"
                + "nsenter --mount=/mnt/ns/c1 mount --make-slave /mnt/k\n"
                + "rmdir /mnt/v/a\n"
                + "nsenter --mount=/mnt/ns/c1 mkdir -p /mnt/w/after\n"
                + "nsenter --mount=/mnt/ns/c1 mount -t tmpfs after /mnt/w/after\n");
    assertEquals(List.of(), failures(r));
    ExpectedOutcome answer = ModelAnswer.of(r);
    List<MountInfoRow> c1 = answer.namespaces().get(0).rows();
    assertEquals(
        List.of(
            "/mnt /",
            "/mnt/ns /ns",
            "/mnt/v /",
            "/mnt/w /",
            "/mnt/w/sub /",
            "/mnt/k /",
            "/mnt/w/after /",
            "/mnt/k/after /"),
        mountPoints(c1));
    assertEquals(List.of("shared:1"), c1.get(3).optionalFields());
    assertEquals(List.of("master:1"), c1.get(5).optionalFields(), "k: slave of w's group");
    assertEquals(List.of("master:3"), c1.get(7).optionalFields(), "k/after received");
  }

  @Test
  void aBindWhoseRootWasRemovedStaysAndRefusesWhatWouldUseTheDirectory() {
    // C24c: root /d//deleted; mkdir, touch, mount, bind and move onto it and bind, rbind and
    // move of it are ENOENT; an rbind of its parent copies it; a new /mnt/d is a new directory
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/d /mnt/bd /mnt/t /mnt/m /mnt/v\n"
                + "mount --bind /mnt/d /mnt/bd\nmount -t tmpfs m /mnt/m\n"
                + "rmdir /mnt/d\n" // 5
                + "mkdir -p /mnt/bd\n" // 6: it exists
                + "mkdir -p /mnt/bd/x\ntouch /mnt/bd/f\nmount -t tmpfs z /mnt/bd\n" // 7-9
                + "mount --bind /mnt/m /mnt/bd\nmount --move /mnt/m /mnt/bd\n" // 10-11
                + "mount --bind /mnt/bd /mnt/t\nmount --rbind /mnt/bd /mnt/t\n" // 12-13
                + "mount --move /mnt/bd /mnt/t\n" // 14
                + "mount --make-shared /mnt/bd\nexec 3</mnt/bd\ncd /mnt/bd\n" // 15-17 work
                + "mkdir -p /mnt/d/new\nmount -t tmpfs newd /mnt/d\n");
    assertEquals(
        List.of(
            "7 ENOENT",
            "8 ENOENT",
            "9 ENOENT",
            "10 ENOENT",
            "11 ENOENT",
            "12 ENOENT",
            "13 ENOENT",
            "14 ENOENT"),
        failures(r));
    assertEquals(
        List.of("/mnt /", "/mnt/bd /d//deleted", "/mnt/m /", "/mnt/d /"),
        mountPoints(ModelAnswer.of(r).rows()));
    assertEquals(List.of("shared:1"), ModelAnswer.of(r).rows().get(1).optionalFields());
  }

  @Test
  void lockedMountsAndANamespaceFileGoWithTheDirectory() {
    // C24d: c3's locked copies go; c2, kept only by c1's bind of its file, is torn down
    ScenarioRunner.Run r =
        run(
            HOLDER
                + "touch /mnt/ns/c3\nmount -t tmpfs v /mnt/v\nmkdir -p /mnt/v/l /mnt/v/a\n"
                + "mount -t tmpfs lk /mnt/v/l\nmkdir -p /mnt/v/l/in\n"
                + "mount -t tmpfs lkin /mnt/v/l/in\n"
                + "unshare -Urm --mount=/mnt/ns/c3 true\n"
                + "umount /mnt/v/l/in\numount /mnt/v/l\n"
                + "unshare -m --mount=/mnt/ns/c1 true\nunshare -m --mount=/mnt/ns/c2 true\n"
                + "nsenter --mount=/mnt/ns/c1 mount -t tmpfs x /mnt/v/a\n"
                + "nsenter --mount=/mnt/ns/c1 touch /mnt/v/a/c2\n"
                + "nsenter --mount=/mnt/ns/c1 mount --bind /mnt/ns/c2 /mnt/v/a/c2\n"
                + "umount /mnt/ns/c2\n"
                + "rmdir /mnt/v/l /mnt/v/a\n");
    assertEquals(List.of(), failures(r));
    ExpectedOutcome answer = ModelAnswer.of(r);
    assertEquals(2, answer.namespaces().size(), "c3 and c1; c2 was torn down");
    for (var ns : answer.namespaces())
      assertEquals(List.of("/mnt /", "/mnt/ns /ns", "/mnt/v /"), mountPoints(ns.rows()));
    assertEquals(2, r.state().shell().named().size());
  }

  @Test
  void aHeldMountOfAnotherNamespaceIsDetachedButStaysAlive() {
    // the shell holds c1's mount through a descriptor opened before the unshare; the removal
    // detaches it, and it lives on while a descriptor holds it (as for umount -l, §2.11); closing
    // fd 3 in the new shell leaves the waiting shell's copy (§2.11 rule 6)
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/a\nmount -t tmpfs x /mnt/a\n"
                + "exec 3</mnt/a\nunshare -m\numount /mnt/a\nrmdir /mnt/a\n");
    assertEquals(List.of(), failures(r));
    assertEquals(1, r.state().shell().detached().size());
    ScenarioRunner.Run released =
        run(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/a\nmount -t tmpfs x /mnt/a\n"
                + "exec 3</mnt/a\nunshare -m\numount /mnt/a\nrmdir /mnt/a\nexec 3<&-\n");
    assertEquals(1, released.state().shell().detached().size(), "the waiting shell holds it");
  }
}
