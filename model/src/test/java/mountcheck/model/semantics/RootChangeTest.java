package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.events.MountEvent;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.ScenarioPrinter;
import mountcheck.model.text.ScenarioSyntaxException;
import mountcheck.model.text.StateMountInfo;
import org.junit.jupiter.api.Test;

/**
 * chroot and pivot_root (docs/semantics.md §2.18). Expected values are the kernel's answers to the
 * same lines (conformance/C58 to C62, recorded on the host and the four guests) or read off the
 * kernel's check order by hand.
 */
class RootChangeTest {
  /** A host-like start (the root hangs on the rootfs) and a guest's (three mounts: rootfs). */
  private static final int HOST = 1;

  private static final int GUEST = 3;

  private static ScenarioRunner.Run run(String text, int preexisting) {
    return new ScenarioRunner(Model.linux())
        .run(ScenarioParser.parse("t.sh", text), MountTable.initial(100_000, preexisting));
  }

  /** On a host-like start, with the rule of 7.2 that lets a mount go beneath the caller's root. */
  private static ScenarioRunner.Run runBeneathRoot(String text) {
    Model m =
        Model.forKernel(KernelProfile.BASELINE.withRules(KernelRule.BENEATH_UNDER_CALLER_ROOT));
    return new ScenarioRunner(m)
        .run(ScenarioParser.parse("t.sh", text), MountTable.initial(100_000, HOST));
  }

  private static List<String> failures(ScenarioRunner.Run r) {
    return r.failures().stream().map(f -> f.step().line() + " " + f.errno()).toList();
  }

  private static List<String> mountPoints(ScenarioRunner.Run r) {
    return StateMountInfo.rows(r.state()).stream().map(MountInfoRow::mountPoint).toList();
  }

  private static final String JAIL =
      "mount -t tmpfs top /mnt\n"
          + "mkdir -p /mnt/jail /mnt/out\n"
          + "mount -t tmpfs jail /mnt/jail\n"
          + "mount -t tmpfs out /mnt/out\n"
          + "mkdir -p /mnt/jail/mnt/a\n"
          + "mount -t tmpfs a /mnt/jail/mnt/a\n";

  @Test
  void afterChrootPathsStartAtTheNewRootAndMountinfoIsSeenFromIt() {
    ScenarioRunner.Run r =
        run(JAIL + "chroot /mnt/jail\nmkdir -p /mnt/b\nmount -t tmpfs b /mnt/b\n", HOST);
    assertEquals(List.of(), failures(r));
    // /mnt (top), /mnt/jail and /mnt/out lie outside the root; the root itself is "/", listed as
    // the kernel lists it (conformance/C59's recordings)
    assertEquals(List.of("/", "/mnt/a", "/mnt/b"), mountPoints(r));
  }

  @Test
  void chrootIntoADirectoryHidesTheMountItLiesIn() {
    ScenarioRunner.Run r =
        run(JAIL + "mkdir -p /mnt/jail/mnt/d/mnt\nchroot /mnt/jail/mnt/d\nmkdir -p /mnt/x\n", HOST);
    assertEquals(List.of(), failures(r));
    assertEquals(List.of(), mountPoints(r), "jail and a are not below the root d");
  }

  @Test
  void chrootFailsLikeAPathWalkOnADirectory() {
    ScenarioRunner.Run r = run(JAIL + "touch /mnt/f\nchroot /mnt/nope\nchroot /mnt/f\n", HOST);
    assertEquals(List.of("8 ENOENT", "9 ENOTDIR"), failures(r));
  }

  @Test
  void pivotFromTheStartingRootWorksOnTheHostAndIsEinvalOnAGuest() {
    String s =
        "mount -t tmpfs top /mnt\n"
            + "mkdir -p /mnt/r/mnt/old\n"
            + "mount --bind /mnt/r /mnt/r\n"
            + "pivot_root /mnt/r /mnt/r/mnt/old\n";
    ScenarioRunner.Run host = run(s, HOST);
    assertEquals(List.of(), failures(host));
    // the old root at /mnt/old, the scenario's tmpfs below it; the bind of its /r is the new root,
    // at / (conformance/C58's recording on the host)
    assertEquals(List.of("/mnt/old/mnt", "/"), mountPoints(host));
    assertEquals(List.of("4 EINVAL"), failures(run(s, GUEST)), "the rootfs has no parent");
  }

  @Test
  void theThreeSharedChecksComeInTheKernelsOrder() {
    String s =
        JAIL
            + "mkdir -p /mnt/jail/mnt/a/new\n"
            + "mount -t tmpfs new /mnt/jail/mnt/a/new\n"
            + "mkdir -p /mnt/jail/mnt/a/new/old\n"
            + "mount --make-shared /mnt\n"
            + "chroot /mnt/jail\n"
            + "mount --make-shared /mnt/a\n"
            + "mount --make-shared /mnt/a/new\n"
            + "pivot_root /mnt/a/new /mnt/a/new/old\n"
            + "mount --make-private /mnt/a/new\n"
            + "pivot_root /mnt/a/new /mnt/a/new/old\n"
            + "mount --make-private /mnt/a\n"
            + "pivot_root /mnt/a/new /mnt/a/new/old\n";
    ScenarioRunner.Run r = run(s, HOST);
    assertEquals(List.of("14 EINVAL", "16 EINVAL", "18 EINVAL"), failures(r));
    assertTrue(r.state().shell().root().changed(), "the chroot stays");
  }

  @Test
  void theStartingRootAsTheNewRootIsLockedOnTheHost() {
    // the host in unshare -Urm answers EINVAL (the copy of / is MNT_LOCKED, checked before the
    // EBUSY of a new root on the root's own mount): conformance/C76, recorded on every kernel
    assertEquals(List.of("1 EINVAL"), failures(run("pivot_root /mnt /mnt\n", HOST)));
  }

  @Test
  void theNewRootTakesTheOldRootsLock() {
    String s =
        JAIL
            + "mkdir -p /mnt/jail/mnt/n\n"
            + "unshare -Urm\n"
            + "chroot /mnt/jail\n"
            + "pivot_root /mnt/a /mnt/a\n"
            + "mount -t tmpfs n /mnt/n\n"
            + "mkdir -p /mnt/n/mnt/old\n"
            + "pivot_root /mnt/n /mnt/n/mnt/old\n"
            + "umount /mnt/old\n"
            + "umount -l /mnt/old\n";
    // the copies are locked: a is EINVAL as a new root; the copy of the jail gives its lock to n,
    // so its umount is EBUSY (a is on it), not EINVAL, and the lazy umount works
    assertEquals(List.of("10 EINVAL", "14 EBUSY"), failures(run(s, HOST)));
  }

  @Test
  void theShellsOwnLinesAreRefusedAfterARootChange() {
    for (String line :
        List.of(
            "cd /mnt/a", "exec 3</mnt/a", "unshare -m", "nsenter --mount=/mnt/a mkdir -p /mnt/x"))
      assertThrows(
          UnsupportedOperationException.class,
          () -> run(JAIL + "chroot /mnt/jail\n" + line + "\n", HOST),
          line);
  }

  @Test
  void pathLinesAreRefusedOnceTheCallersRootLeftTheTable() {
    // umount -l / takes the chrooted root out of the table; lines that walk from it are not
    // modelled (the kernels answer EINVAL, and ENOENT on 5.10 for a mount there)
    String s =
        "mount -t tmpfs t0 /mnt\n"
            + "mkdir -p /mnt/b /mnt/mnt/b\n"
            + "mountfd open_tree r /mnt\n"
            + "mountfd chroot r\n"
            + "umount -l /\n";
    assertEquals(List.of(), failures(run(s, HOST)));
    for (String line :
        List.of("mount --make-shared /mnt/b", "mount --bind /mnt /mnt/b", "mkdir -p /mnt/c"))
      assertThrows(UnsupportedOperationException.class, () -> run(s + line + "\n", HOST), line);
  }

  @Test
  void theLinesRoundTrip() {
    String text = "chroot /mnt/a\npivot_root /mnt/a /mnt/a/b\n";
    assertEquals(text, ScenarioPrinter.print(ScenarioParser.parse("t.sh", text)));
    for (String bad :
        List.of("chroot /", "chroot /mnt/a /mnt/b", "pivot_root /mnt/a", "pivot_root . ."))
      assertThrows(
          ScenarioSyntaxException.class, () -> ScenarioParser.parse("t.sh", bad + "\n"), bad);
  }

  @Test
  void pivotRootReportsTheOldAndTheNewRootAsMovedAndNothingElse() {
    // mount-notify_test.c's "pivot_root" case asserts two events with ATTACH and DETACH each,
    // for the old root and the new one (path_pivot_root() queues both with mnt_notify_add())
    String s =
        JAIL
            + "chroot /mnt/jail\n"
            + "mkdir -p /mnt/a/mnt/old\n"
            + "mount --bind /mnt/a /mnt/a\n"
            + "pivot_root /mnt/a /mnt/a/mnt/old\n";
    ScenarioRunner.ObservedRun o =
        new ScenarioRunner(Model.linux())
            .observe(ScenarioParser.parse("t.sh", s), MountTable.initial(100_000, HOST));
    assertEquals(List.of(), o.failures());
    List<MountEvent> events = o.steps().get(o.steps().size() - 1).events();
    // the starting mount is 1, top 2, jail 3 (the old root), out 4, a 5, its bind 6 (the new root)
    assertEquals(
        List.of(
            new MountEvent(MountEvent.Kind.MOVE, 1, 3), new MountEvent(MountEvent.Kind.MOVE, 1, 6)),
        events);
  }

  /** The steps of the move_mount selftests beneath_rootfs_* (conformance/C90). */
  private static final String BENEATH_ROOT =
      "mount -t tmpfs top /mnt\n"
          + "mkdir -p /mnt/r\n"
          + "mount -t tmpfs r /mnt/r\n"
          + "mkdir -p /mnt/r/mnt/vol\n"
          + "mount -t tmpfs vol /mnt/r/mnt/vol\n"
          + "chroot /mnt/r\n"
          + "mountfd open_tree t / OPEN_TREE_CLONE\n"
          + "mountfd move_mount t / MOVE_MOUNT_BENEATH\n"
          + "mountfd chroot t\n"
          + "mountfd close t\n";

  @Test
  void aCloneBeneathTheRootBecomesTheRootAfterAChrootIntoIt() {
    // on 7.2 (conformance/C90, selftests move_mount-beneath_rootfs_*): both mounts at /, the old
    // root with its vol on the clone; umount -l / walks down to the old root and detaches it
    ScenarioRunner.Run r = runBeneathRoot(BENEATH_ROOT);
    assertEquals(List.of(), failures(r));
    assertEquals(List.of("/", "/mnt/vol", "/"), mountPoints(r));
    ScenarioRunner.Run after = runBeneathRoot(BENEATH_ROOT + "umount -l /\n");
    assertEquals(List.of(), failures(after));
    assertEquals(List.of("/"), mountPoints(after));
    // 6.18 refuses the caller's root mount as the top (EINVAL); the root is then the detached
    // clone, dissolved by the close: nothing is listed and umount -l / is EINVAL (check_mnt())
    ScenarioRunner.Run host = run(BENEATH_ROOT + "umount -l /\n", HOST);
    assertEquals(List.of("8 EINVAL", "11 EINVAL"), failures(host));
    assertEquals(List.of(), mountPoints(host));
  }

  @Test
  void mountfdChrootNeedsADirectoryDescriptor() {
    // conformance/C90 lines 21 and 23, on every kernel
    ScenarioRunner.Run r =
        run(
            JAIL
                + "touch /mnt/jail/mnt/f\n"
                + "chroot /mnt/jail\n"
                + "mountfd chroot nope\n"
                + "mountfd open_tree f /mnt/f\n"
                + "mountfd chroot f\n",
            HOST);
    assertEquals(List.of("9 EBADF", "11 ENOTDIR"), failures(r));
  }
}
