package mountcheck.model.semantics;

import static mountcheck.model.semantics.Cmd.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Unshare;
import mountcheck.model.text.MountInfoRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The model against what Linux 6.18 did, as the repository records it: the conformance cases of
 * docs/semantics.md §6 (each test names its case, C1-C16), the rules of docs/semantics.md §2.2
 * (make-*), §2.5 (bind, rbind, mount-max), §2.6 (copies of namespaces), §2.7 (move) and §2.8
 * (umount), and the kernel measurements of docs/measurements.md §1, §5 and §6. The tests'
 * expectations all come from those sections (what the kernel printed), never from the model.
 */
class DocumentedBehaviourTest {

  /**
   * The 2017 commit's overlap family: mkdir, tmpfs, make-shared, N self-binds (docs/measurements.md
   * §1).
   */
  private static List<Operation> overlapFamily(int n) {
    List<Operation> ops = new ArrayList<>();
    ops.add(tmpfs("zdtm", "/mnt"));
    ops.add(mkdir("/mnt/1", "/mnt/2"));
    ops.add(tmpfs("zdtm", "/mnt/1"));
    ops.add(shared("/mnt/1"));
    ops.add(mkdir("/mnt/1/1"));
    for (int i = 0; i < n; i++) ops.add(bind("/mnt/1/1", "/mnt/1/1"));
    return ops;
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 5, 9})
  void overlapFamilyHasTheCommitsMountCounts(int n) {
    List<Operation> ops = overlapFamily(n);
    assertEquals((1 << n) + 1, Table.run(ops.toArray(Operation[]::new)).count(), "after the binds");
    ops.add(rbind("/mnt/1", "/mnt/2"));
    assertEquals(
        (1 << (n + 1)) + 1, Table.run(ops.toArray(Operation[]::new)).count(), "after rbind");
    ops.add(lazy("/mnt/1"));
    Table afterFirst = Table.run(ops.toArray(Operation[]::new));
    assertEquals(
        Set.of("/mnt", "/mnt/2"),
        afterFirst.rows.stream().map(MountInfoRow::mountPoint).collect(Collectors.toSet()));
    assertEquals(2, afterFirst.count());
    ops.add(lazy("/mnt/2"));
    Table afterBoth = Table.run(ops.toArray(Operation[]::new));
    assertEquals(1, afterBoth.count());
    assertEquals(List.of(), afterBoth.failures());
  }

  @Test
  void overlapFamilyHitsMountMaxLikeTheKernel() {
    // docs/measurements.md §1a: with 20 inherited mounts and mount-max 100000, N=16 binds fit and
    // the rbind fails with ENOSPC; scaled down here: limit 20 + 2^4 + 1 + 5 mounts, N=4
    List<Operation> ops = overlapFamily(4);
    ops.add(rbind("/mnt/1", "/mnt/2"));
    Table t = Table.run(1 + 17 + 5, ops.toArray(Operation[]::new));
    assertEquals(List.of(ops.size() + " ENOSPC"), t.failures());
    assertEquals(17, t.count(), "the failed rbind leaves nothing behind");
  }

  @Test
  void faq3RbindOfASharedRootGrowsAsVTimesVPlusOne() {
    // docs/measurements.md §6: 2, 6, 42 (the documentation's "24" is wrong)
    List<Operation> ops =
        new ArrayList<>(
            List.of(
                tmpfs("root", "/mnt"),
                mkdir("/mnt/tmp/m1", "/mnt/tmp/m2", "/mnt/tmp/m3"),
                shared("/mnt")));
    int[] expected = {2, 6, 42};
    for (int i = 1; i <= 3; i++) {
      ops.add(rbind("/mnt", "/mnt/tmp/m" + i));
      assertEquals(
          expected[i - 1], Table.run(ops.toArray(Operation[]::new)).count(), "after m" + i);
    }
  }

  @Test
  void faq3WithUnbindableTmpGrowsByOne() {
    List<Operation> ops =
        new ArrayList<>(
            List.of(
                tmpfs("root", "/mnt"),
                mkdir("/mnt/tmp/m1", "/mnt/tmp/m2", "/mnt/tmp/m3"),
                bind("/mnt/tmp", "/mnt/tmp"),
                makeR(Propagation.SHARED, "/mnt"),
                unbindable("/mnt/tmp")));
    for (int i = 1; i <= 3; i++) {
      ops.add(rbind("/mnt", "/mnt/tmp/m" + i));
      Table t = Table.run(ops.toArray(Operation[]::new));
      assertEquals(2 + i, t.count(), "after m" + i);
      assertEquals(List.of(), t.failures());
    }
  }

  @Test
  void c1SharedReplicaPropagatesBothWays() {
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/a", "/mnt/b"),
            tmpfs("m", "/mnt/a"),
            mkdir("/mnt/a/x", "/mnt/a/y"),
            shared("/mnt/a"),
            bind("/mnt/a", "/mnt/b"),
            tmpfs("sd0", "/mnt/b/x"),
            tmpfs("sd1", "/mnt/a/y"));
    assertEquals("sd0", t.top("/mnt/a/x").source());
    assertEquals("sd1", t.top("/mnt/b/y").source());
    assertEquals(t.top("/mnt/a").sharedGroup(), t.top("/mnt/b").sharedGroup());
    assertEquals(t.top("/mnt/a/x").sharedGroup(), t.top("/mnt/b/x").sharedGroup());
    assertNotEquals(0, t.top("/mnt/b/x").sharedGroup());
  }

  @Test
  void c2SlaveReceivesButDoesNotSend() {
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/a", "/mnt/b"),
            tmpfs("m", "/mnt/a"),
            mkdir("/mnt/a/x", "/mnt/a/y"),
            shared("/mnt/a"),
            bind("/mnt/a", "/mnt/b"),
            slave("/mnt/b"),
            tmpfs("sd0", "/mnt/a/x"),
            tmpfs("sd1", "/mnt/b/y"));
    MountInfoRow bx = t.top("/mnt/b/x");
    assertEquals("sd0", bx.source());
    assertEquals(
        t.top("/mnt/a/x").sharedGroup(), bx.masterGroup(), "b/x is a slave of a/x's group");
    assertEquals(0, bx.sharedGroup());
    assertEquals(List.of(), t.at("/mnt/a/y"));
    assertEquals(t.top("/mnt/a").sharedGroup(), t.top("/mnt/b").masterGroup());
    assertEquals(0, t.top("/mnt/b/y").sharedGroup(), "b/y is private");
  }

  @Test
  void c3BindOfUnbindableIsEinval() {
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/a", "/mnt/b"),
            tmpfs("m", "/mnt/a"),
            unbindable("/mnt/a"),
            bind("/mnt/a", "/mnt/b"),
            rbind("/mnt/a", "/mnt/b"));
    assertEquals(List.of("5 EINVAL", "6 EINVAL"), t.failures());
    assertTrue(t.top("/mnt/a").unbindable());
  }

  @Test
  void c6RbindPrunesUnbindableSubtrees() {
    // A{B{D,E},C{F,G}} with C unbindable, rbind A to Z gives Z{B{D,E}} (docs/measurements.md §6,
    // 5c)
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/A", "/mnt/Z"),
            tmpfs("A", "/mnt/A"),
            mkdir("/mnt/A/B", "/mnt/A/C"),
            tmpfs("B", "/mnt/A/B"),
            tmpfs("C", "/mnt/A/C"),
            mkdir("/mnt/A/B/D", "/mnt/A/B/E", "/mnt/A/C/F", "/mnt/A/C/G"),
            tmpfs("D", "/mnt/A/B/D"),
            tmpfs("E", "/mnt/A/B/E"),
            tmpfs("F", "/mnt/A/C/F"),
            tmpfs("G", "/mnt/A/C/G"),
            unbindable("/mnt/A/C"),
            rbind("/mnt/A", "/mnt/Z"));
    Set<String> underZ =
        t.rows.stream()
            .map(MountInfoRow::mountPoint)
            .filter(p -> p.startsWith("/mnt/Z"))
            .collect(Collectors.toSet());
    assertEquals(Set.of("/mnt/Z", "/mnt/Z/B", "/mnt/Z/B/D", "/mnt/Z/B/E"), underZ);
  }

  @Test
  void c7MoveUnderASharedParentIsEinvalAndIntoItselfEloop() {
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/a", "/mnt/b"),
            tmpfs("a", "/mnt/a"),
            mkdir("/mnt/a/x", "/mnt/a/y"),
            tmpfs("x", "/mnt/a/x"),
            shared("/mnt/a"),
            move("/mnt/a/x", "/mnt/b"),
            move("/mnt/a", "/mnt/a/y"),
            privat("/mnt/a"),
            move("/mnt/a/x", "/mnt/b"));
    assertEquals(List.of("7 EINVAL", "8 ELOOP"), t.failures());
    assertEquals("x", t.top("/mnt/b").source());
  }

  /** sharedsubtree.rst §5f: B1..B3 peers, A_i at b, C_i on top (docs/measurements.md §6). */
  private static List<Operation> c9Setup() {
    return new ArrayList<>(
        List.of(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/B1", "/mnt/B2", "/mnt/B3"),
            tmpfs("B", "/mnt/B1"),
            mkdir("/mnt/B1/b"),
            shared("/mnt/B1"),
            bind("/mnt/B1", "/mnt/B2"),
            bind("/mnt/B1", "/mnt/B3"),
            tmpfs("A", "/mnt/B1/b")));
  }

  @Test
  void c9UmountOfC1TakesEveryCi() {
    List<Operation> ops = c9Setup();
    ops.add(tmpfs("C", "/mnt/B1/b"));
    ops.add(umount("/mnt/B1/b"));
    Table t = Table.run(ops.toArray(Operation[]::new));
    assertEquals(List.of(), t.failures());
    for (String b : List.of("/mnt/B1/b", "/mnt/B2/b", "/mnt/B3/b")) {
      assertEquals(1, t.at(b).size(), b);
      assertEquals("A", t.top(b).source(), b);
    }
  }

  @Test
  void c9UmountOfC1WithAChildIsEbusy() {
    List<Operation> ops = c9Setup();
    ops.add(tmpfs("C", "/mnt/B1/b"));
    ops.add(mkdir("/mnt/B1/b/c"));
    ops.add(tmpfs("D", "/mnt/B1/b/c"));
    ops.add(umount("/mnt/B1/b"));
    Table t = Table.run(ops.toArray(Operation[]::new));
    assertEquals(List.of(ops.size() + " EBUSY"), t.failures());
    assertEquals("C", t.top("/mnt/B2/b").source());
  }

  @Test
  void c9ACiWithItsOwnChildStays() {
    List<Operation> ops = c9Setup();
    ops.add(tmpfs("C", "/mnt/B1/b"));
    ops.add(mkdir("/mnt/B2/b/c"));
    ops.add(privat("/mnt/B2/b"));
    ops.add(tmpfs("D", "/mnt/B2/b/c"));
    ops.add(umount("/mnt/B1/b"));
    Table t = Table.run(ops.toArray(Operation[]::new));
    assertEquals(List.of(), t.failures());
    assertEquals("A", t.top("/mnt/B1/b").source());
    assertEquals("C", t.top("/mnt/B2/b").source());
    assertEquals("A", t.top("/mnt/B3/b").source());
    assertEquals("D", t.top("/mnt/B2/b/c").source());
  }

  @Test
  void quizABindMoveGivesThreeIdenticalMounts() {
    // docs/measurements.md §6 quiz A: 3 mounts, all in one peer group: mnt, mnt/1, mnt/1/1
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/m/1", "/mnt/t"),
            bind("/mnt/m", "/mnt/m"),
            shared("/mnt/m"),
            bind("/mnt/m", "/mnt/t"),
            move("/mnt/t", "/mnt/m/1"));
    assertEquals(List.of(), t.failures());
    List<MountInfoRow> scenarioMounts =
        t.rows.stream().filter(r -> r.mountPoint().startsWith("/mnt/m")).toList();
    assertEquals(
        List.of("/mnt/m", "/mnt/m/1", "/mnt/m/1/1"),
        scenarioMounts.stream().map(MountInfoRow::mountPoint).sorted().toList());
    assertEquals(1, scenarioMounts.stream().map(MountInfoRow::sharedGroup).distinct().count());
    assertNotEquals(0, scenarioMounts.get(0).sharedGroup());
  }

  @Test
  void quizBRbindIntoOwnSubtreeDoesNotRecurse() {
    // docs/measurements.md §6 quiz B: v/1 and v/1/usr; v/1/v/1 is empty
    Table t =
        Table.run(
            tmpfs("root", "/mnt"),
            mkdir("/mnt/usr", "/mnt/v/1"),
            tmpfs("usr", "/mnt/usr"),
            makeR(Propagation.SHARED, "/mnt"),
            rbind("/mnt", "/mnt/v/1"));
    Set<String> points = t.rows.stream().map(MountInfoRow::mountPoint).collect(Collectors.toSet());
    assertEquals(Set.of("/mnt", "/mnt/usr", "/mnt/v/1", "/mnt/v/1/usr"), points);
  }

  @Test
  void quizCBindReachesCThroughBsPeerGroup() {
    // A=/mnt/tmp shared; B=bind of A's subdirectory 2, made slave then shared; C=slave of B at
    // another place whose root is A's root... measurements §6 quiz C: mnt/1/test is master:g3
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/tmp", "/mnt/tmp1", "/mnt/mnt", "/mnt/bin"),
            tmpfs("A", "/mnt/tmp"),
            mkdir("/mnt/tmp/1/2", "/mnt/tmp/test"),
            shared("/mnt/tmp"),
            bind("/mnt/tmp/1/2", "/mnt/tmp1"),
            slave("/mnt/tmp1"),
            shared("/mnt/tmp1"),
            bind("/mnt/tmp/1", "/mnt/mnt"),
            slave("/mnt/mnt"),
            tmpfs("BIN", "/mnt/bin"),
            bind("/mnt/bin", "/mnt/tmp/test"));
    assertEquals(List.of(), t.failures());
    MountInfoRow test = t.top("/mnt/tmp/test");
    assertNotEquals(0, test.sharedGroup());
    assertEquals(List.of(), t.at("/mnt/tmp1/test"), "B's root does not contain test");
    // C (/mnt/mnt, root /1 of A's fs) was made a slave of A's group; test is not under /1
    assertEquals(List.of(), t.at("/mnt/mnt/test"));
  }

  @Test
  void c15BiedermanPathologicalLeavesOnlyTheThreeBaseMounts() {
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/1", "/mnt/2", "/mnt/1/1"),
            bind("/mnt/1", "/mnt/1"),
            shared("/mnt/1"),
            bind("/mnt/1", "/mnt/2"),
            bind("/mnt/1/1", "/mnt/1/1"),
            bind("/mnt/1/1", "/mnt/1/1"));
    assertEquals(9, t.count(), "46..54 before the umount (docs/semantics.md §6 C15)\n" + t);
    Table after =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/1", "/mnt/2", "/mnt/1/1"),
            bind("/mnt/1", "/mnt/1"),
            shared("/mnt/1"),
            bind("/mnt/1", "/mnt/2"),
            bind("/mnt/1/1", "/mnt/1/1"),
            bind("/mnt/1/1", "/mnt/1/1"),
            umount("/mnt/1/1"));
    assertEquals(List.of(), after.failures());
    assertEquals(
        List.of("/mnt", "/mnt/1", "/mnt/2"),
        after.rows.stream().map(MountInfoRow::mountPoint).sorted().toList());
  }

  /** Al Viro's 2025 reproducer (docs/semantics.md §6 C16), with /tmp/foo as /mnt. */
  @Test
  void c16LazyUmountDoesNotRevealB1x() {
    Table t =
        Table.run(
            tmpfs("foo", "/mnt"),
            privat("/mnt"),
            mkdir("/mnt/A", "/mnt/B"),
            tmpfs("A", "/mnt/A"),
            shared("/mnt/A"),
            bind("/mnt/A", "/mnt/B"),
            slave("/mnt/B"),
            mkdir("/mnt/A/1"),
            tmpfs("one", "/mnt/A/1"),
            mkdir("/mnt/A/1/2"),
            tmpfs("two", "/mnt/A/1/2"),
            tmpfs("upper", "/mnt/B/1/2"),
            mkdir("/mnt/B/1/2/x"),
            tmpfs("x", "/mnt/B/1/2/x"),
            lazy("/mnt/A/1"));
    assertEquals(List.of(), t.failures());
    // B/1 (the propagated copy) stays; the upper B/1/2 mount is reparented once onto B/1 at "2"
    MountInfoRow b1 = t.top("/mnt/B/1");
    assertEquals("one", b1.source());
    assertEquals(1, t.at("/mnt/B/1/2").size());
    MountInfoRow upper = t.top("/mnt/B/1/2");
    assertEquals("upper", upper.source());
    assertEquals(b1.mountId(), upper.parentId());
    assertEquals("x", t.top("/mnt/B/1/2/x").source());
    assertEquals(List.of(), t.at("/mnt/A/1"));
  }

  @Test
  void unshareUnchangedAcrossUserNamespacesMakesSlavesAndLocks() {
    // docs/measurements.md §5b: shared -> master:N in the inner namespace; umount of the copy:
    // EINVAL
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/a"),
            tmpfs("a", "/mnt/a"),
            shared("/mnt/a"),
            unshare(true, Unshare.NamespacePropagation.UNCHANGED),
            umount("/mnt/a"));
    assertEquals(List.of("6 EINVAL"), t.failures());
    MountInfoRow a = t.top("/mnt/a");
    assertEquals(0, a.sharedGroup());
    assertNotEquals(0, a.masterGroup());
  }

  @Test
  void unshareInTheSameUserNamespaceKeepsPeerGroups() {
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/a"),
            tmpfs("a", "/mnt/a"),
            shared("/mnt/a"),
            unshare(false, Unshare.NamespacePropagation.UNCHANGED),
            mkdir("/mnt/a/x"),
            tmpfs("x", "/mnt/a/x"));
    assertNotEquals(0, t.top("/mnt/a").sharedGroup());
    assertNotEquals(0, t.top("/mnt/a/x").sharedGroup());
    // namespace 1 holds its root, s, a, and the copy of x propagated back from namespace 2
    assertEquals(
        4,
        t.state().namespace(1).mountCount(),
        "the mount made in the new namespace propagated back");
  }

  @Test
  void bareUnshareIsRecursivelyPrivate() {
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/a"),
            tmpfs("a", "/mnt/a"),
            shared("/mnt/a"),
            unshare(false, Unshare.NamespacePropagation.PRIVATE));
    assertEquals(List.of(), t.top("/mnt/a").optionalFields());
  }

  @Test
  void mkdirOutsideTheScenarioFilesystemsIsErofs() {
    Table t = Table.run(mkdir("/mnt/x"), tmpfs("s", "/mnt"), mkdir("/mnt/x"), tmpfs("t", "/mnt/y"));
    assertEquals(List.of("1 EROFS", "4 ENOENT"), t.failures());
  }

  @Test
  void umountOfADirectoryIsEinval() {
    Table t =
        Table.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/x"),
            umount("/mnt/x"),
            umount("/mnt/nope"),
            make(Propagation.SHARED, "/mnt/x"));
    assertEquals(List.of("3 EINVAL", "4 ENOENT", "5 EINVAL"), t.failures());
  }
}
