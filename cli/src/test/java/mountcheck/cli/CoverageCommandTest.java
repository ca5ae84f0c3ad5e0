package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mountcheck.model.coverage.CoverageTargets;
import org.junit.jupiter.api.Test;

/** {@code mountcheck coverage}: one row per target with its hits and the kernels that answered. */
class CoverageCommandTest {
  @Test
  void theRecordedCasesHitEveryTarget() {
    RunAndCheckCommandsTest.Out r = RunAndCheckCommandsTest.run("coverage", "--repo", "..");
    assertEquals(0, r.status(), r.err());
    int targets = CoverageTargets.all().size();
    assertTrue(r.out().startsWith(targets + " of " + targets + " targets hit; "), r.out());
    assertTrue(
        r.out().lines().anyMatch(l -> l.matches("move/EINVAL/locked +[1-9][0-9]* +0 +- +Linux .*")),
        r.out());
    assertEquals(targets + 2, r.out().lines().count(), "summary, header, one line per target");
  }
}
