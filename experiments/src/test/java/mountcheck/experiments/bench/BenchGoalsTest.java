package mountcheck.experiments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The goals are data: read from tab-separated lines, each named once, and every one present. */
class BenchGoalsTest {
  @Test
  void readsNamedValuesAndSkipsComments() {
    BenchGoals g =
        BenchGoals.parse("# goal\tvalue\tmeaning\n\nratio\t2.5\ta ratio\nfrom\t10\nbefore\t6.1\n");
    assertEquals(2.5, g.number("ratio"));
    assertEquals(10, g.whole("from"));
    assertEquals("6.1", g.text("before"));
    assertThrows(IllegalArgumentException.class, () -> g.text("after"));
  }

  @Test
  void rejectsAGoalWithoutValueOrGivenTwice() {
    assertThrows(IllegalArgumentException.class, () -> BenchGoals.parse("ratio\n"));
    assertThrows(IllegalArgumentException.class, () -> BenchGoals.parse("ratio\t\tmeaning\n"));
    assertThrows(IllegalArgumentException.class, () -> BenchGoals.parse("a\t1\na\t2\n"));
  }

  @Test
  void theCommittedGoalsAreWhatTheReportsRead() {
    // the windows of N are ordered and the two kernels of the ipc fall differ
    assertEquals(true, KernelBenchReport.GOAL_FROM < KernelBenchReport.GOAL_TO);
    assertEquals(true, UmountBenchReport.RATIO_FROM < UmountBenchReport.RATIO_TO);
    assertEquals(false, KernelBenchReport.IPC_BEFORE.equals(KernelBenchReport.IPC_AFTER));
    assertEquals(true, KernelBenchReport.LINEAR_RATIO > 1 && UmountBenchReport.LINEAR_RATIO > 1);
    assertEquals(true, KernelBenchReport.IPC_FALL > 1);
  }
}
