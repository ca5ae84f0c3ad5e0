package mountcheck.model.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Each invariant reports the broken state it is about, and a sound state passes. */
class InvariantsTest {
  /** A namespace with /mnt on the root and two tmpfs mounts a (at /mnt) and b (in a). */
  private static MountTableBuilder twoMounts() {
    MountTableBuilder b = MountTable.initial(100, 1).toBuilder();
    int sbA = b.newSuperblock("tmpfs", "a");
    int a = b.newMount(sbA, b.dentryAt(sbA, "/"));
    b.attach(a, 1, b.dentryAt(1, "/mnt"));
    b.setNamespace(a, 1);
    int sbB = b.newSuperblock("tmpfs", "b");
    int x = b.mkdir(b.dentryAt(sbA, "/"), "x");
    int m = b.newMount(sbB, b.dentryAt(sbB, "/"));
    b.attach(m, a, x);
    b.setNamespace(m, 1);
    return b;
  }

  private static Set<Invariants.Rule> rules(MountTableBuilder b) {
    return Invariants.check(b.build()).stream()
        .map(Invariants.Violation::rule)
        .collect(Collectors.toSet());
  }

  @Test
  void soundStatePasses() {
    assertEquals(List.of(), Invariants.check(twoMounts().build()));
  }

  @Test
  void slaveOfAPrivateMountIsReported() {
    MountTableBuilder b = twoMounts();
    b.setMaster(3, 2);
    assertTrue(rules(b).contains(Invariants.Rule.MASTER_IS_SHARED));
    assertTrue(rules(b).contains(Invariants.Rule.ONLY_SHARED_HAVE_SLAVES));
  }

  @Test
  void peersWithDifferentMastersAreReported() {
    MountTableBuilder b = twoMounts();
    int g = b.newGroupId();
    b.setGroup(2, g);
    b.setGroup(3, g);
    int h = b.newGroupId();
    b.setGroup(1, h);
    b.setMaster(3, 1);
    assertEquals(Set.of(Invariants.Rule.PEERS_SHARE_MASTER), rules(b));
  }

  @Test
  void twoMountsAtOneMountpointAreReported() {
    MountTableBuilder b = twoMounts();
    int sb = b.newSuperblock("tmpfs", "c");
    int c = b.newMount(sb, b.dentryAt(sb, "/"));
    b.attach(c, 2, b.mount(3).mountpoint());
    b.setNamespace(c, 1);
    assertEquals(Set.of(Invariants.Rule.ONE_PER_MOUNTPOINT), rules(b));
  }

  @Test
  void unbindableSharedLockedRootAndCycleAreReported() {
    MountTableBuilder b = twoMounts();
    b.setGroup(2, b.newGroupId());
    b.setUnbindable(2, true);
    b.setLocked(1, true);
    assertEquals(
        Set.of(Invariants.Rule.UNBINDABLE_NOT_SHARED, Invariants.Rule.LOCKED_HAS_PARENT), rules(b));
  }

  @Test
  void masterCycleIsReported() {
    MountTableBuilder b = twoMounts();
    int g = b.newGroupId();
    int h = b.newGroupId();
    b.setGroup(2, g);
    b.setGroup(3, h);
    b.setMaster(2, 3);
    b.setMaster(3, 2);
    assertTrue(rules(b).contains(Invariants.Rule.PROPAGATION_ACYCLIC));
  }

  @Test
  void aSlaveChainIsSound() {
    MountTableBuilder b = twoMounts();
    b.setGroup(1, b.newGroupId());
    b.setGroup(2, b.newGroupId());
    b.setMaster(2, 1);
    b.setMaster(3, 2);
    assertEquals(List.of(), Invariants.check(b.build()));
  }

  @Test
  void aMasterCycleAboveAMountOutsideItIsReported() {
    // 1 is a slave of 2, and 2 and 3 are each other's masters: from 1 the walk never ends
    MountTableBuilder b = twoMounts();
    b.setGroup(1, b.newGroupId());
    b.setGroup(2, b.newGroupId());
    b.setGroup(3, b.newGroupId());
    b.setMaster(1, 2);
    b.setMaster(2, 3);
    b.setMaster(3, 2);
    assertEquals(Set.of(Invariants.Rule.PROPAGATION_ACYCLIC), rules(b));
  }

  @Test
  void aParentCycleIsReported() {
    // a (2) is moved onto the root of its own child m (3)
    MountTableBuilder b = twoMounts();
    b.move(2, 3, b.mount(3).root());
    assertEquals(Set.of(Invariants.Rule.TREE_ACYCLIC), rules(b));
  }

  @Test
  void aChildListedUnderAParentItDoesNotNameIsReportedWithItsParent() {
    // m (3) is listed among a's (2) children but its record names the root (1) as parent
    MountTableBuilder b = twoMounts();
    Mount m = b.mount(3);
    b.mounts = b.mounts.with(3, m.withParent(1, m.mountpoint()), null);
    List<Invariants.Violation> found = Invariants.check(b.build());
    assertTrue(
        found.contains(
            new Invariants.Violation(
                Invariants.Rule.TREE_INDEX, "children of 2 list 3 whose parent is 1")),
        found.toString());
    assertTrue(
        found.contains(
            new Invariants.Violation(
                Invariants.Rule.TREE_INDEX, "mount 3 missing from children of 1")),
        found.toString());
  }

  @Test
  void aMountpointOutsideTheParentsFilesystemIsReported() {
    // d goes on m (3) at x, a directory of a's filesystem, not of m's
    MountTableBuilder b = twoMounts();
    int sb = b.newSuperblock("tmpfs", "d");
    int d = b.newMount(sb, b.dentryAt(sb, "/"));
    b.attach(d, 3, b.mount(3).mountpoint());
    b.setNamespace(d, 1);
    assertEquals(Set.of(Invariants.Rule.MOUNTPOINT_IN_PARENT), rules(b));
  }

  @Test
  void hostMountsLeftOutOfTheNamespaceCountAreReported() {
    // one pre-existing mount (the root), but the host's /mnt mount is in the namespace too
    MountTable t = MountTable.initial(100, 1, List.of("/mnt"));
    assertEquals(
        Set.of(Invariants.Rule.NAMESPACE_COUNT),
        Invariants.check(t).stream().map(Invariants.Violation::rule).collect(Collectors.toSet()));
    assertEquals(List.of(), Invariants.check(MountTable.initial(100, 2, List.of("/mnt"))));
  }

  @Test
  void aViolationReadsAsItsRuleAndDetail() {
    assertEquals(
        "TREE_ACYCLIC: parent chain from 2",
        new Invariants.Violation(Invariants.Rule.TREE_ACYCLIC, "parent chain from 2").toString());
  }
}
