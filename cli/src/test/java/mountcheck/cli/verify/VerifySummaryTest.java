package mountcheck.cli.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.Verdict;
import org.junit.jupiter.api.Test;

/** verify's summary names what failed: the property and its counterexample, or the file. */
class VerifySummaryTest {
  @Test
  void aFailedStepNamesItsFailingPropertiesAndTheirCounterexamples() {
    Captured check =
        new Captured(
            1,
            "",
            "",
            List.of(
                Result.of("check", "umount-2025-sound", Verdict.PASSED),
                Result.of("check", "state-invariants", Verdict.FAILED)
                    .withCounterexample("r/state-invariants-0a1b2c3d.sh"),
                Result.of("check", "metamorphic-renaming", Verdict.GAVE_UP)));
    assertEquals(
        "state-invariants (r/state-invariants-0a1b2c3d.sh), metamorphic-renaming",
        check.failing("exit 1"));
  }

  @Test
  void aFailedReplayNamesTheFileAndAStepWithoutResultsItsExitAndLastLine() {
    Captured replay =
        new Captured(
            1,
            "",
            "",
            List.of(
                Result.of("replay", "counterexamples/x-1.sh", Verdict.FAILED)
                    .withCounterexample("counterexamples/x-1.sh")));
    assertEquals("counterexamples/x-1.sh", replay.failing("exit 1"));
    assertEquals("boom", new Captured(1, "", "a\nboom\n", List.of()).lastErrorLine());
    assertEquals(
        "exit 1: boom", new Captured(1, "", "a\nboom\n", List.of()).failing("exit 1: boom"));
  }
}
