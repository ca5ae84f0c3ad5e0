package mountcheck.alloy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Expected values are derived by hand from the definitions in docs/semantics.md §1.3, §3.5. */
class TableEvaluatorTest {

  @Test
  void c16ReceiversCandidatesAndResults() {
    TableEvaluator ev = TableEvaluator.of(Tables.c16());
    TableEvaluation e = ev.evaluation();
    assertEquals(Set.of("A1", "A12"), e.umountSet());
    // A's group feeds its slave B; A/1's group feeds B/1; A/1/2's feeds B/1/2; slaves feed nothing
    assertEquals(
        Map.of(
            "foo",
            Set.of(),
            "A",
            Set.of("B"),
            "B",
            Set.of(),
            "A1",
            Set.of("B1"),
            "B1",
            Set.of(),
            "A12",
            Set.of("B12"),
            "B12",
            Set.of(),
            "T3",
            Set.of(),
            "T4",
            Set.of()),
        e.receivers());
    // lookup(B, /1) = B1 for A1; lookup(B1, /2) = B12 for A12
    assertEquals(Set.of("B1", "B12"), e.candidates());
    assertEquals(e.candidates(), e.linearCandidates());
    // B12 is strictly inside B1 and carries T3, which is not a candidate
    assertFalse(e.candidatesNonShifting());
    assertTrue(e.candidatesNonRevealing());
    // 2025: B1 stays (T3 would shift), B12 goes and T3 is reparented onto B1 at /2
    assertEquals(Set.of("A1", "A12", "B12"), e.maximal());
    // 2017: the topper T3 does not block B12, and B12 being taken does not block B1
    assertEquals(Set.of("A1", "A12", "B1", "B12"), e.rule2017());
    assertEquals(Set.of("T3"), e.rule2017Shifts());
  }

  @Test
  void c16SetPredicates() {
    TableEvaluator ev = TableEvaluator.of(Tables.c16());
    assertTrue(ev.nonShifting(Set.of("A1", "A12", "B12")));
    assertFalse(ev.nonShifting(Set.of("A1", "A12", "B1", "B12")));
    assertTrue(ev.nonShifting(Set.of("A1", "A12", "B1", "B12", "T3", "T4")));
    assertTrue(ev.admissible(Set.of("A1", "A12")));
    assertTrue(ev.admissible(Set.of("A1", "A12", "B12")));
    assertFalse(ev.admissible(Set.of("A1", "A12", "B1", "B12")));
    // T3 is not a candidate, so a set holding it is not between U and S
    assertFalse(ev.admissible(Set.of("A1", "A12", "B1", "B12", "T3", "T4")));
    // U must be inside
    assertFalse(ev.admissible(Set.of("A1")));
  }

  @Test
  void lockedCounterpartWithSurvivingParentStays() {
    TableEvaluator ev = TableEvaluator.of(Tables.lockedCounterpart());
    TableEvaluation e = ev.evaluation();
    assertEquals(Set.of("P"), e.receivers().get("Q"));
    assertEquals(Set.of("Q"), e.receivers().get("P"));
    assertEquals(Set.of("c2"), e.candidates());
    assertTrue(e.candidatesNonShifting());
    // c2 is locked and its parent Q survives: taking it would reveal what it hides
    assertFalse(e.candidatesNonRevealing());
    assertEquals(Set.of("c1"), e.maximal());
    assertEquals(Set.of("c1"), e.rule2017());
    assertTrue(ev.nonRevealing(Set.of("c1")));
    assertFalse(ev.nonRevealing(Set.of("c1", "c2")));
  }

  @Test
  void c9BusyCounterpartStaysTheOthersGo() {
    TableEvaluation e = TableEvaluator.of(Tables.c9WithBusyC2()).evaluation();
    assertEquals(Set.of("C1"), e.umountSet());
    assertEquals(Set.of("A2", "A3"), e.receivers().get("A1"));
    assertEquals(Set.of("C2", "C3"), e.candidates());
    // D sits strictly inside C2 (on /sub), so C2 stays; C3 goes
    assertEquals(Set.of("C1", "C3"), e.maximal());
    assertEquals(Set.of("C1", "C3"), e.rule2017());
    assertEquals(Set.of(), e.rule2017Shifts());
  }

  @Test
  void illFormedTablesAreRejected() {
    // two mounts on the same (parent, mountpoint): excluded since 6.17 (§1.6 (2))
    TableFacts twoOnOneSpot =
        new TableFacts(
            List.of(
                MountFact.root("r", "root"),
                MountFact.child("a", "x", "r", "/d"),
                MountFact.child("b", "y", "r", "/d")),
            "a");
    assertThrows(IllegalArgumentException.class, () -> TableEvaluator.of(twoOnOneSpot));
    // a locked umount target is refused by umount(2) (§2.8.1)
    TableFacts lockedTarget =
        new TableFacts(
            List.of(MountFact.root("r", "root"), MountFact.child("a", "x", "r", "/d").asLocked()),
            "a");
    assertThrows(IllegalArgumentException.class, () -> TableEvaluator.of(lockedTarget));
  }
}
