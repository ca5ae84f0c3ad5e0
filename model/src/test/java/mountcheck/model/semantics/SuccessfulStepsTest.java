package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import mountcheck.model.events.ChangeLog;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.Unshare.NamespacePropagation;
import mountcheck.model.state.MountTable;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.umount.MountGraph;
import org.junit.jupiter.api.Test;

/**
 * The steps of the semantics called one by one: a step that succeeds answers an Ok result (never
 * nothing), with the place it reached; and the {@link MountGraph} view that propagate_umount walks
 * shows the peer groups, slave lists and locks the commands made (docs/semantics.md §1.3, §2.2).
 */
class SuccessfulStepsTest {
  private static MountTable state(String text) {
    Scenario s = ScenarioParser.parse("t.sh", text);
    ScenarioRunner.Run r = new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100000, 1));
    assertEquals(List.of(), r.failures());
    return r.state();
  }

  private static int mountAt(MountTable t, String path) {
    return Paths.resolve(t, path).orElseThrow().mount();
  }

  private static final String FILES =
      "mount -t tmpfs top /mnt\nmkdir -p /mnt/d /mnt/ns\ntouch /mnt/f\n"
          + "mount --bind /mnt/ns /mnt/ns\nmount --make-private /mnt/ns\ntouch /mnt/ns/c1\n";

  @Test
  void shellReferencesSucceed() {
    MountTable t = state(FILES);
    MountTableBuilder b = t.toBuilder();
    assertTrue(ShellReferences.hold(b, new HoldFile(3, "/mnt/f")).isOk());
    assertEquals(Set.of(mountAt(t, "/mnt")), b.shell().heldMounts(), "open(2) holds /mnt's mount");
    assertTrue(ShellReferences.release(b, new ReleaseFile(3)).isOk());
    assertTrue(b.shell().heldMounts().isEmpty());
    assertTrue(ShellReferences.changeDirectory(b, new ChangeDirectory("/mnt/d")).isOk());
    assertEquals(Set.of(mountAt(t, "/mnt")), b.shell().heldMounts(), "the working directory");
    assertTrue(ShellReferences.changeDirectory(b, new ChangeDirectory("/")).isOk());
    assertTrue(b.shell().heldMounts().isEmpty(), "the root of / holds nothing unmountable");
  }

  @Test
  void pathStepsSucceedWithThePlaceTheyReached() {
    MountTable t = state(FILES);
    int top = mountAt(t, "/mnt");
    MountTableBuilder b = t.toBuilder();
    int ns = t.currentNamespace().id();
    Result<Location> existing = PathWalk.touch(b, ns, "/mnt/f");
    assertEquals(top, ((Result.Ok<Location>) existing).value().mount());
    Result<Location> made = PathWalk.touch(b, ns, "/mnt/g");
    assertEquals(top, ((Result.Ok<Location>) made).value().mount(), "a new file on the tmpfs");
    Result<Location> dirs = PathWalk.makeDirs(b, ns, "/mnt/d/e");
    assertEquals(top, ((Result.Ok<Location>) dirs).value().mount());
    assertNotEquals(
        ((Result.Ok<Location>) made).value().dentry(),
        ((Result.Ok<Location>) dirs).value().dentry());
  }

  @Test
  void namespaceStepsSucceed() {
    MountTable t = state(FILES);
    MountTableBuilder b = t.toBuilder();
    PersistNamespace persist =
        new PersistNamespace(false, NamespacePropagation.PRIVATE, "/mnt/ns/c1");
    assertTrue(
        NamespaceFiles.persist(new Transition(b, RuleSet.NONE, ChangeLog.disabled()), persist)
            .isOk());
    assertEquals(1, b.shell().named().size(), "the new namespace is kept by its file");
    assertTrue(
        ChangePropagation.apply(
                new Transition(b, RuleSet.NONE, ChangeLog.disabled()),
                mountAt(t, "/mnt"),
                Propagation.SHARED,
                false)
            .isOk());
    int before = b.currentNamespace();
    assertTrue(
        CloneNamespace.apply(
                new Transition(b, RuleSet.NONE, ChangeLog.disabled()),
                new Unshare(false, NamespacePropagation.PRIVATE))
            .isOk());
    assertNotEquals(before, b.currentNamespace(), "unshare enters the new namespace");
  }

  @Test
  void umountInputIsTheTargetsSubtreeOrTheChecksErrno() {
    // do_umount(): a mount with a child is EBUSY without MNT_DETACH; with it, U is the target and
    // everything below it (umount_tree(), docs/semantics.md §2.8.3), the target first
    MountTable t =
        state(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/a\nmount -t tmpfs a /mnt/a\n"
                + "mkdir -p /mnt/a/b\nmount -t tmpfs b /mnt/a/b\n");
    Model model = Model.linux();
    Result<UmountTree.Input> busy = model.umountInput(t, new Umount("/mnt/a", false));
    assertEquals(Errno.EBUSY, ((Result.Err<UmountTree.Input>) busy).errno());
    Result<UmountTree.Input> lazy = model.umountInput(t, new Umount("/mnt/a", true));
    assertEquals(
        List.of(mountAt(t, "/mnt/a"), mountAt(t, "/mnt/a/b")),
        ((Result.Ok<UmountTree.Input>) lazy).value().u());
  }

  private static final String GROUP =
      "mount -t tmpfs top /mnt\nmkdir -p /mnt/a /mnt/b /mnt/c /mnt/d\n"
          + "mount -t tmpfs a /mnt/a\nmount --make-shared /mnt/a\n"
          + "mount --bind /mnt/a /mnt/c\nmount --make-slave /mnt/c\n" // c: slave of a
          + "mount --bind /mnt/a /mnt/d\nmount --make-slave /mnt/d\n" // d: slave of a
          + "mount --bind /mnt/a /mnt/b\n"; // b: a peer of a

  private static Set<Integer> set(int[] ids) {
    return Arrays.stream(ids).boxed().collect(Collectors.toSet());
  }

  @Test
  void theGraphShowsPeersAndTheSlaveList() {
    MountTable t = state(GROUP);
    MountTableGraph g = new MountTableGraph(t);
    int a = mountAt(t, "/mnt/a");
    int b = mountAt(t, "/mnt/b");
    int c = mountAt(t, "/mnt/c");
    int d = mountAt(t, "/mnt/d");
    assertEquals(Set.of(a, b), set(g.peers(a)));
    assertEquals(Set.of(a, b), set(g.peers(b)));
    assertEquals(Set.of(c), set(g.peers(c)), "a slave that is not shared is its own ring");
    assertEquals(g.group(a), g.group(b));
    assertNotEquals(MountGraph.NONE, g.group(a));
    assertEquals(MountGraph.NONE, g.group(c));
    // c and d were made slaves while a was their only peer: both on a's slave list, in some order
    assertEquals(Set.of(c, d), set(g.slaves(a)));
    assertEquals(0, g.slaves(b).length);
    int first = g.firstSlave(a);
    int last = g.lastSlave(a);
    assertEquals(Set.of(c, d), Set.of(first, last));
    assertEquals(last, g.nextSlave(first));
    assertEquals(MountGraph.NONE, g.nextSlave(last));
    assertEquals(MountGraph.NONE, g.lastSlave(b));
    assertEquals(MountGraph.NONE, g.nextSlave(a), "a has no master");
    assertEquals(a, g.master(c));
    // ids are handed out in order and nothing was freed: the newest mount, b, has the highest
    assertEquals(b, g.maxMountId());
  }

  @Test
  void theGraphShowsLocks() {
    // copy_mnt_ns() into a new user namespace locks every mount below the new root
    // (lock_mnt_tree()), and copy_tree() keeps MNT_LOCKED on non-root copies (docs/semantics.md
    // §2.4, §2.6)
    MountTable t =
        state(
            "mount -t tmpfs top /mnt\nmkdir -p /mnt/v /mnt/t\n"
                + "mount -t tmpfs t /mnt/t\nmkdir -p /mnt/t/s\nmount -t tmpfs s /mnt/t/s\n"
                + "mount -t tmpfs v /mnt/v\nmount --make-shared /mnt/v\nmkdir -p /mnt/v/a\n"
                + "unshare -Urm --propagation unchanged\n"
                + "mount --rbind /mnt/t /mnt/v/a\n");
    MountTableGraph g = new MountTableGraph(t);
    int s = mountAt(t, "/mnt/v/a/s");
    assertTrue(g.locked(s), "s was locked by the namespace copy and its rbind copy keeps it");
    assertEquals(false, g.locked(t.currentNamespace().root()), "lock_mnt_tree() skips the root");
  }
}
