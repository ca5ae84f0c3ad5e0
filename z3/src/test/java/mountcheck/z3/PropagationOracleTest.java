package mountcheck.z3;

import static mountcheck.z3.States.bind;
import static mountcheck.z3.States.make;
import static mountcheck.z3.States.mkdir;
import static mountcheck.z3.States.mount;
import static mountcheck.z3.States.tmpfs;
import static mountcheck.z3.States.unshareUserUnchanged;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.semantics.MountTableGraph;
import mountcheck.model.state.MountTable;
import org.junit.jupiter.api.Test;

/** The oracle on states whose answers docs/semantics.md gives. */
class PropagationOracleTest {

  @Test
  void receiversArePeersAndSlavesButNotTheOrigin() {
    // §1.3: a and b are peers; c was a peer and became a slave of the group
    MountTable t =
        States.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/a", "/mnt/b", "/mnt/c"),
            tmpfs("A", "/mnt/a"),
            make(Propagation.SHARED, "/mnt/a"),
            bind("/mnt/a", "/mnt/b"),
            bind("/mnt/a", "/mnt/c"),
            make(Propagation.SLAVE, "/mnt/c"));
    int a = mount(t, 1, "/mnt/a", "A"),
        b = mount(t, 1, "/mnt/b", "A"),
        c = mount(t, 1, "/mnt/c", "A");
    int s = mount(t, 1, "/mnt", "s");
    try (PropagationOracle o = PropagationOracle.of(t)) {
      assertEquals(Set.of(b, c), o.receivers(a));
      assertEquals(Set.of(a, c), o.receivers(b));
      assertEquals(Set.of(), o.receivers(c), "a slave that is not shared propagates nowhere");
      assertEquals(Set.of(), o.receivers(s), "a private mount propagates nowhere");
    }
  }

  @Test
  void copiesGoOnlyToReceiversWhoseRootHoldsTheMountpoint() {
    // §2.5 need_secondary / measurements §6 quiz C: binds of subdirectories 1/2 and 1 of A
    MountTable t =
        States.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/tmp", "/mnt/tmp1", "/mnt/sub"),
            tmpfs("A", "/mnt/tmp"),
            mkdir("/mnt/tmp/1/2"),
            make(Propagation.SHARED, "/mnt/tmp"),
            bind("/mnt/tmp/1/2", "/mnt/tmp1"),
            bind("/mnt/tmp/1", "/mnt/sub"));
    int a = mount(t, 1, "/mnt/tmp", "A"),
        deep = mount(t, 1, "/mnt/tmp1", "A"),
        mid = mount(t, 1, "/mnt/sub", "A");
    int sb = t.mount(a).superblock();
    try (PropagationOracle o = PropagationOracle.of(t)) {
      assertEquals(Set.of(deep, mid), o.receivers(a));
      assertEquals(Set.of(deep, mid), o.copyTargets(a, t.dentryAt(sb, "/1/2")));
      assertEquals(Set.of(mid), o.copyTargets(a, t.dentryAt(sb, "/1")));
      assertEquals(Set.of(), o.copyTargets(a, t.dentryAt(sb, "/")));
    }
  }

  /** Semantics notes C9: peers B1..B3, A1..A3 at b, C1..C3 on top of them. */
  private static MountTable c9(boolean childOnC2) {
    var ops =
        new ArrayList<>(
            List.of(
                tmpfs("s", "/mnt"),
                mkdir("/mnt/B1", "/mnt/B2", "/mnt/B3"),
                tmpfs("B", "/mnt/B1"),
                mkdir("/mnt/B1/b"),
                make(Propagation.SHARED, "/mnt/B1"),
                bind("/mnt/B1", "/mnt/B2"),
                bind("/mnt/B1", "/mnt/B3"),
                tmpfs("A", "/mnt/B1/b"),
                tmpfs("C", "/mnt/B1/b")));
    if (childOnC2) {
      // C2 becomes a slave of the C group, so what is mounted on it stays there
      ops.addAll(
          List.of(
              make(Propagation.SLAVE, "/mnt/B2/b"),
              mkdir("/mnt/B2/b/x"),
              tmpfs("D", "/mnt/B2/b/x")));
    }
    return States.run(ops.toArray(Operation[]::new));
  }

  @Test
  void c9UmountOfC1TakesC2AndC3() {
    MountTable t = c9(false);
    int c1 = mount(t, 1, "/mnt/B1/b", "C"),
        c2 = mount(t, 1, "/mnt/B2/b", "C"),
        c3 = mount(t, 1, "/mnt/B3/b", "C");
    try (PropagationOracle o = PropagationOracle.of(t)) {
      assertEquals(Set.of(c2, c3), o.candidates(List.of(c1)));
      assertEquals(Set.of(c1, c2, c3), o.victims(List.of(c1)));
    }
  }

  @Test
  void c9C2WithAChildStays() {
    MountTable t = c9(true);
    int c1 = mount(t, 1, "/mnt/B1/b", "C"),
        c2 = mount(t, 1, "/mnt/B2/b", "C"),
        c3 = mount(t, 1, "/mnt/B3/b", "C");
    try (PropagationOracle o = PropagationOracle.of(t)) {
      assertEquals(Set.of(c2, c3), o.candidates(List.of(c1)));
      assertEquals(Set.of(c1, c3), o.victims(List.of(c1)));
    }
  }

  @Test
  void c16KeepsThePropagatedCopyAndDropsOnlyTheLowerB12() {
    // Al Viro's 2025 reproducer, state just before "umount -l A/1" (docs/semantics.md §6 C16)
    MountTable t =
        States.run(
            tmpfs("foo", "/mnt"),
            make(Propagation.PRIVATE, "/mnt"),
            mkdir("/mnt/A", "/mnt/B"),
            tmpfs("A", "/mnt/A"),
            make(Propagation.SHARED, "/mnt/A"),
            bind("/mnt/A", "/mnt/B"),
            make(Propagation.SLAVE, "/mnt/B"),
            mkdir("/mnt/A/1"),
            tmpfs("one", "/mnt/A/1"),
            mkdir("/mnt/A/1/2"),
            tmpfs("two", "/mnt/A/1/2"),
            tmpfs("upper", "/mnt/B/1/2"),
            mkdir("/mnt/B/1/2/x"),
            tmpfs("x", "/mnt/B/1/2/x"));
    int a1 = mount(t, 1, "/mnt/A/1", "one"), a12 = mount(t, 1, "/mnt/A/1/2", "two");
    int b1 = mount(t, 1, "/mnt/B/1", "one"), lowerB12 = mount(t, 1, "/mnt/B/1/2", "two");
    List<Integer> u = OracleCrossCheck.subtree(new MountTableGraph(t), a1);
    assertEquals(List.of(a1, a12), u);
    try (PropagationOracle o = PropagationOracle.of(t)) {
      assertEquals(Set.of(b1, lowerB12), o.candidates(u));
      assertEquals(Set.of(a1, a12, lowerB12), o.victims(u));
    }
    // the SMT check of the definition agrees, and rejects the 2017 answer and a too small one
    MountTableGraph g = new MountTableGraph(t);
    Set<Integer> candidates = Set.of(b1, lowerB12);
    assertTrue(MaximalVictimsCheck.check(g, u, candidates, Set.of(a1, a12, lowerB12)).ok());
    MaximalVictimsCheck.Verdict old =
        MaximalVictimsCheck.check(g, u, candidates, Set.of(a1, a12, b1, lowerB12));
    assertFalse(old.isSolution(), "B/1 holds the upper B/1/2 stack's x strictly inside: shifting");
    MaximalVictimsCheck.Verdict small =
        MaximalVictimsCheck.check(g, u, candidates, Set.of(a1, a12));
    assertTrue(small.isSolution());
    assertFalse(small.isMaximal());
  }

  @Test
  void lockedCopyWhoseParentSurvivesIsNotRevealed() {
    // §2.6/§2.8.4: after unshare -Urm the copies are slaves and locked below the namespace root;
    // umount of x in the first namespace offers the locked copy x' as a candidate, whose parent
    // a' stays, so x' stays (non-revealing)
    MountTable t =
        States.run(
            tmpfs("s", "/mnt"),
            mkdir("/mnt/a"),
            tmpfs("a", "/mnt/a"),
            make(Propagation.SHARED, "/mnt/a"),
            mkdir("/mnt/a/x"),
            tmpfs("x", "/mnt/a/x"),
            unshareUserUnchanged());
    int x = mount(t, 1, "/mnt/a/x", "x"), xCopy = mount(t, 2, "/mnt/a/x", "x");
    assertTrue(t.mount(xCopy).locked());
    try (PropagationOracle o = PropagationOracle.of(t)) {
      assertEquals(Set.of(xCopy), o.candidates(List.of(x)));
      assertEquals(Set.of(x), o.victims(List.of(x)));
    }
  }

  @Test
  void aLockedChainWhoseTopSurvivesIsDroppedWhole() {
    // §3.5 phase 3: /mnt shared, so a and x have locked copies a' and x' in the second
    // namespace; U = {a, x} offers both, a' is locked with a surviving parent, x' sits on a'
    MountTable t =
        States.run(
            tmpfs("s", "/mnt"),
            make(Propagation.SHARED, "/mnt"),
            mkdir("/mnt/a"),
            tmpfs("a", "/mnt/a"),
            mkdir("/mnt/a/x"),
            tmpfs("x", "/mnt/a/x"),
            unshareUserUnchanged());
    int a = mount(t, 1, "/mnt/a", "a"), x = mount(t, 1, "/mnt/a/x", "x");
    int aCopy = mount(t, 2, "/mnt/a", "a"), xCopy = mount(t, 2, "/mnt/a/x", "x");
    assertTrue(t.mount(aCopy).locked() && t.mount(xCopy).locked());
    try (PropagationOracle o = PropagationOracle.of(t)) {
      assertEquals(Set.of(aCopy, xCopy), o.candidates(List.of(a, x)));
      assertEquals(Set.of(a, x), o.victims(List.of(a, x)));
    }
  }
}
