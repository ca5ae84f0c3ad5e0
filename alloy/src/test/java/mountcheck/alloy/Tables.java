package mountcheck.alloy;

import java.util.List;

/** Hand-built mount tables for the tests. */
final class Tables {
  private Tables() {}

  /**
   * Conformance case C16 (Al Viro's 2025 reproducer) just before {@code umount -l A/1}: A shared, B
   * a slave bind of A; A/1 and A/1/2 propagated to B/1 and B/1/2; T3 on top of B/1/2 (on the copy's
   * root), T4 on T3's directory x.
   */
  static TableFacts c16() {
    return new TableFacts(
        List.of(
            MountFact.root("foo", "tfoo"),
            MountFact.child("A", "a", "foo", "/A").inGroup("gA"),
            MountFact.child("B", "a", "foo", "/B").slaveOf("gA"),
            MountFact.child("A1", "t1", "A", "/1").inGroup("gA1"),
            MountFact.child("B1", "t1", "B", "/1").slaveOf("gA1"),
            MountFact.child("A12", "t2", "A1", "/2").inGroup("gA12"),
            MountFact.child("B12", "t2", "B1", "/2").slaveOf("gA12"),
            MountFact.child("T3", "t3", "B12", "/"),
            MountFact.child("T4", "t4", "T3", "/x")),
        "A1");
  }

  /**
   * Two peers P and Q on a private root; c1 on P at /d, c2 on Q at /d and locked (as after a copy
   * into a less privileged namespace). umount c1.
   */
  static TableFacts lockedCounterpart() {
    return new TableFacts(
        List.of(
            MountFact.root("r", "root"),
            MountFact.child("P", "p", "r", "/p").inGroup("g"),
            MountFact.child("Q", "p", "r", "/q").inGroup("g"),
            MountFact.child("c1", "c", "P", "/d"),
            MountFact.child("c2", "c", "Q", "/d").asLocked()),
        "c1");
  }

  /**
   * sharedsubtree.rst §5f (C9): peers B1, B2, B3; A1..A3 on them at b; C1..C3 on top of A1..A3 (on
   * their roots); C2 has a child. umount C1.
   */
  static TableFacts c9WithBusyC2() {
    return new TableFacts(
        List.of(
            MountFact.root("r", "root"),
            MountFact.child("B1", "bfs", "r", "/1").inGroup("gB"),
            MountFact.child("B2", "bfs", "r", "/2").inGroup("gB"),
            MountFact.child("B3", "bfs", "r", "/3").inGroup("gB"),
            MountFact.child("A1", "afs", "B1", "/b").inGroup("gA"),
            MountFact.child("A2", "afs", "B2", "/b").inGroup("gA"),
            MountFact.child("A3", "afs", "B3", "/b").inGroup("gA"),
            MountFact.child("C1", "cfs", "A1", "/").inGroup("gC"),
            MountFact.child("C2", "cfs", "A2", "/").inGroup("gC"),
            MountFact.child("C3", "cfs", "A3", "/").inGroup("gC"),
            MountFact.child("D", "dfs", "C2", "/sub")),
        "C1");
  }
}
