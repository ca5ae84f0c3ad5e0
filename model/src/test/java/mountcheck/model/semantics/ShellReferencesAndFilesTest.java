package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

/**
 * The error paths of files, held references, namespace files and nsenter (docs/semantics.md §2.11,
 * §2.9). Expected errnos are derived by hand from the syscalls' documented failures, noted at each
 * line; the starting state is the runner's: a read-only root with an empty /mnt.
 */
class ShellReferencesAndFilesTest {
  private static final String TOP = "mount -t tmpfs top /mnt\n";

  private static ScenarioRunner.Run run(String text) {
    return run(Model.linux(), text);
  }

  private static ScenarioRunner.Run run(Model model, String text) {
    Scenario s = ScenarioParser.parse("t.sh", text);
    return new ScenarioRunner(model).run(s, MountTable.initial(100000, 1));
  }

  private static List<String> failures(ScenarioRunner.Run r) {
    return r.failures().stream().map(f -> f.step().line() + " " + f.errno()).toList();
  }

  @Test
  void touchFailsLikeOpenWithOCreat() {
    ScenarioRunner.Run r =
        run(
            "touch /mnt\n" // 1: EROFS, /mnt exists on the read-only root (utimensat)
                + "touch /mnt/x\n" // 2: EROFS, creating in the read-only root
                + TOP
                + "touch /mnt/f\n"
                + "touch /mnt/nope/g\n" // 5: ENOENT, the directory is missing
                + "touch /mnt/f/g\n" // 6: ENOTDIR, the directory is a file
                + "touch /mnt/f\n" // 7: an existing file on tmpfs is only touched
                + "mkdir -p /mnt/f\n"); // 8: EEXIST, the file is there
    assertEquals(List.of("1 EROFS", "2 EROFS", "5 ENOENT", "6 ENOTDIR", "8 EEXIST"), failures(r));
  }

  @Test
  void touchOfSeveralPathsGoesOnAfterAFailureAndReportsTheFirst() {
    // touch(1) handles each operand on its own: the line fails with the first error (ENOENT, not
    // the later ENOTDIR), and /mnt/b is made anyway, so mkdir -p /mnt/b is EEXIST afterwards
    ScenarioRunner.Run r =
        run(TOP + "touch /mnt/f\n" + "touch /mnt/nope/a /mnt/f/x /mnt/b\n" + "mkdir -p /mnt/b\n");
    assertEquals(List.of("3 ENOENT", "4 EEXIST"), failures(r));
  }

  @Test
  void aPathWalkThroughAFileIsNotADirectory() {
    // link_path_walk(): a non-last component that is not a directory is ENOTDIR
    ScenarioRunner.Run r =
        run(
            TOP
                + "touch /mnt/f\n"
                + "mount -t tmpfs x /mnt/f/y\n"
                + "mount --move /mnt /mnt/nope\n" // 4: ENOENT, the target is missing
                + "umount /mnt/f/y\n");
    assertEquals(List.of("3 ENOTDIR", "4 ENOENT", "5 ENOTDIR"), failures(r));
  }

  @Test
  void openAndChdirFailLikeTheirSyscalls() {
    ScenarioRunner.Run r =
        run(
            TOP
                + "touch /mnt/f\n"
                + "exec 3</mnt/nope\n" // 3: open(2) ENOENT
                + "cd /mnt/nope\n" // 4: chdir(2) ENOENT
                + "cd /mnt/f\n" // 5: chdir(2) ENOTDIR
                + "exec 4<&-\n"); // 6: closing a closed descriptor: the shell does not fail
    assertEquals(List.of("3 ENOENT", "4 ENOENT", "5 ENOTDIR"), failures(r));
    assertTrue(r.state().shell().heldMounts().isEmpty(), "the failed open holds nothing");
  }

  @Test
  void cdToTheRootLetsGoOfTheOldWorkingDirectory() {
    // chdir(2) drops the reference to the old working directory's mount: after cd / nothing
    // holds /mnt/v, so the plain umount works (before it, EBUSY as in C30i line 7)
    ScenarioRunner.Run r =
        run(
            TOP
                + "mkdir -p /mnt/v\nmount -t tmpfs v /mnt/v\ncd /mnt/v\n"
                + "umount /mnt/v\n" // 5: EBUSY, the working directory
                + "cd /\numount /mnt/v\n");
    assertEquals(List.of("5 EBUSY"), failures(r));
  }

  @Test
  void theWorkingDirectoryMovesToItsCopyInAPrivateNewNamespace() {
    // copy_mnt_ns() moves the unsharing task's working directory to the copy of its mount: the
    // copy of /mnt/v is then busy in the new namespace, although nothing propagates (private)
    ScenarioRunner.Run r =
        run(
            TOP
                + "mkdir -p /mnt/v\nmount -t tmpfs v /mnt/v\nmkdir -p /mnt/v/d\ncd /mnt/v/d\n"
                + "unshare -m\numount /mnt/v\n" // 7: EBUSY, the working directory
                + "cd /\numount /mnt/v\n");
    assertEquals(List.of("7 EBUSY"), failures(r));
  }

  @Test
  void nsenterThroughAMissingOrOrdinaryFileFails() {
    // setns(2): ENOENT for a missing path; EINVAL for a file that is no namespace file
    ScenarioRunner.Run r =
        run(
            TOP
                + "touch /mnt/f\n"
                + "nsenter --mount=/mnt/nope mkdir -p /mnt/x\n"
                + "nsenter --mount=/mnt/f mkdir -p /mnt/x\n"
                + "unshare -m --mount=/mnt/nope/c true\n"); // 5: the bind target is missing
    assertEquals(List.of("3 ENOENT", "4 EINVAL", "5 ENOENT"), failures(r));
  }

  @Test
  void nsenterOfSeveralPathsRunsEachInTheOtherNamespace() {
    // mkdir -p makes each operand on its own (mkdir(1)), also under nsenter: the first path fails
    // with ENOTDIR and the second is still made. c1's namespace mounts a copy of the same tmpfs at
    // /mnt, so the directory is seen from here too
    ScenarioRunner.Run r =
        run(
            TOP
                + "mkdir -p /mnt/ns\nmount --bind /mnt/ns /mnt/ns\nmount --make-private /mnt/ns\n"
                + "touch /mnt/ns/c1 /mnt/f\n"
                + "unshare -m --mount=/mnt/ns/c1 true\n"
                + "nsenter --mount=/mnt/ns/c1 mkdir -p /mnt/f/x /mnt/y\n"
                + "touch /mnt/y/f\n");
    assertEquals(List.of("7 ENOTDIR"), failures(r));
  }

  @Test
  void aPersistedNamespaceDiesWithItsLastFile() {
    // put_mnt_ns(): when its file is unmounted nothing refers to c1's namespace, and its mounts
    // (a copy of /, /mnt, /mnt/ns: three) go; the caller's namespace keeps its own three
    ScenarioRunner.Run r =
        run(
            TOP
                + "mkdir -p /mnt/ns\nmount --bind /mnt/ns /mnt/ns\nmount --make-private /mnt/ns\n"
                + "touch /mnt/ns/c1\n"
                + "unshare -m --mount=/mnt/ns/c1 true\n");
    // the caller's 3, the file's mount, and the new namespace's copies of /, /mnt, /mnt/ns
    assertEquals(7, r.state().mountIds().size());
    assertEquals(1, r.state().shell().named().size());
    ScenarioRunner.Run gone =
        run(
            TOP
                + "mkdir -p /mnt/ns\nmount --bind /mnt/ns /mnt/ns\nmount --make-private /mnt/ns\n"
                + "touch /mnt/ns/c1\n"
                + "unshare -m --mount=/mnt/ns/c1 true\n"
                + "umount /mnt/ns/c1\n");
    assertEquals(List.of(), failures(gone));
    assertEquals(3, gone.state().mountIds().size());
    assertTrue(gone.state().shell().named().isEmpty());
    assertEquals(1, gone.state().namespaces().size(), "only the caller's namespace is left");
  }

  @Test
  void aCopyPropagatedIntoALessPrivilegedNamespaceIsLockedBelowItsRoot() {
    // lock_mnt_tree() (docs/semantics.md §2.9, §2.11 item 7): the tree that the rbind onto
    // /mnt/v/a propagates into c1's namespace, owned by a new user namespace, is locked there below
    // its root: umount of the copy of s is EINVAL. From the caller's namespace the umount of s
    // works, and propagate_mount_unlock() lets its locked copy go with it, so afterwards the copy
    // of a in c1's namespace has no child and its own umount works.
    String setup =
        TOP
            + "mkdir -p /mnt/ns /mnt/v /mnt/t\n"
            + "mount --bind /mnt/ns /mnt/ns\nmount --make-private /mnt/ns\ntouch /mnt/ns/c1\n"
            + "mount -t tmpfs t /mnt/t\nmkdir -p /mnt/t/s\nmount -t tmpfs s /mnt/t/s\n"
            + "mount -t tmpfs v /mnt/v\nmount --make-shared /mnt/v\nmkdir -p /mnt/v/a\n"
            + "unshare -Urm --propagation unchanged --mount=/mnt/ns/c1 true\n"
            + "mount --rbind /mnt/t /mnt/v/a\n"; // line 13
    ScenarioRunner.Run locked =
        run(
            setup
                + "nsenter --mount=/mnt/ns/c1 umount /mnt/v/a/s\n" // 14: EINVAL, locked
                + "nsenter --mount=/mnt/ns/c1 umount /mnt/v/a\n"); // 15: EBUSY, s is below
    assertEquals(List.of("14 EINVAL", "15 EBUSY"), failures(locked));
    ScenarioRunner.Run unlocked =
        run(setup + "umount /mnt/v/a/s\nnsenter --mount=/mnt/ns/c1 umount /mnt/v/a\n");
    assertEquals(List.of(), failures(unlocked));
    ScenarioRunner.Run sameUser =
        run(setup.replace("-Urm", "-m") + "nsenter --mount=/mnt/ns/c1 umount /mnt/v/a/s\n");
    assertEquals(List.of(), failures(sameUser), "same user namespace: nothing is locked");
  }

  @Test
  void leavingANamespaceReturnsToTheFirstAndNoFurther() {
    // the innermost shell exits once: back in the first namespace, which has no shell before it
    ScenarioRunner.Run r = run(TOP + "unshare -m\n");
    Model.Observed back = Model.linux().teardown(r.state());
    MountTable first = ((Result.Ok<MountTable>) back.result()).value();
    assertThrows(IllegalStateException.class, () -> Model.linux().teardown(first));
  }

  @Test
  void theObserverIsToldAfterEveryLine() {
    Scenario s = ScenarioParser.parse("t.sh", TOP + "mkdir -p /mnt/a\numount /mnt/b\n");
    List<String> told = new ArrayList<>();
    new ScenarioRunner(Model.linux())
        .run(s, MountTable.initial(100000, 1), (done, total) -> told.add(done + "/" + total));
    assertEquals(List.of("1/3", "2/3", "3/3"), told);
  }

  @Test
  void anObservedRunListsItsFailuresInOrder() {
    // umount of a directory that is no mount point: EINVAL; of a missing one: ENOENT
    Scenario s =
        ScenarioParser.parse(
            "t.sh", TOP + "mkdir -p /mnt/a\numount /mnt/a\nmkdir -p /mnt/b\numount /mnt/c\n");
    ScenarioRunner.ObservedRun o =
        new ScenarioRunner(Model.linux()).observe(s, MountTable.initial(100000, 1));
    assertEquals(
        List.of("3 EINVAL", "5 ENOENT"),
        o.failures().stream().map(f -> f.step().line() + " " + f.errno()).toList());
  }

  @Test
  void plantedMakeSlaveBugLeavesMakePrivateAlone() {
    // MAKE_SLAVE_KEEPS_SLAVES plants the bug in make-slave only; make-private of a shared mount
    // with slaves still hands them to a peer (change_mnt_propagation), so the slave /mnt/c
    // receives the mount made under the peer /mnt/b
    String text =
        TOP
            + "mkdir -p /mnt/a /mnt/b /mnt/c\nmount -t tmpfs a /mnt/a\nmkdir -p /mnt/a/x\n"
            + "mount --make-shared /mnt/a\n"
            + "mount --bind /mnt/a /mnt/c\nmount --make-slave /mnt/c\n" // c: slave of a
            + "mount --bind /mnt/a /mnt/b\n" // b: a peer of a
            + "mount --make-private /mnt/a\n" // c goes to b
            + "mount -t tmpfs x /mnt/b/x\n"
            + "umount /mnt/c/x\n";
    ScenarioRunner.Run r =
        run(Model.linux().withPlantedBug(PlantedBug.MAKE_SLAVE_KEEPS_SLAVES), text);
    assertEquals(List.of(), failures(r), "the slave received the mount");
  }
}
