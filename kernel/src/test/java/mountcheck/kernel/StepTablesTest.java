package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

/**
 * The table the kernel runner captures after every scenario line ({@link ScenarioScript}), read by
 * {@link Transcript}, and compared with the model step by step ({@link StepComparison}).
 */
class StepTablesTest {
  private static final Scenario THREE_LINES =
      ScenarioParser.parse(
          "three.sh",
          "mount -t tmpfs top /mnt\nmkdir -p /mnt/a\nmount -t tmpfs a /mnt/a\numount /mnt/a\n");

  private static final String ROOT = "20 1 254:0 / / ro - ext4 /dev/vda rw";
  private static final String TOP = "30 20 0:40 / /mnt rw,relatime - tmpfs top rw";
  private static final String A = "31 30 0:41 / /mnt/a rw,relatime - tmpfs a rw";

  /** A transcript as the script prints it, with the given table after each of the 4 lines. */
  private static String transcript(List<List<String>> tables) {
    StringBuilder b = new StringBuilder();
    b.append("@@mc before-begin\n").append(ROOT).append("\n@@mc before-end\n");
    for (int i = 0; i < 4; i++) {
      b.append("@@mc begin ").append(i).append("\n@@mc end ").append(i).append(" 0\n");
      b.append("@@mc step-begin ").append(i).append('\n');
      for (String row : tables.get(i)) b.append(row).append('\n');
      b.append("@@mc step-end ").append(i).append('\n');
    }
    b.append("@@mc final-begin\n").append(ROOT).append('\n').append(TOP).append('\n');
    b.append("@@mc final-end\n");
    return b.toString();
  }

  @Test
  void theTranscriptKeepsEachStepsRowsAtOrBelowMnt() throws KernelException {
    KernelResult r =
        Transcript.parse(
            THREE_LINES,
            transcript(List.of(List.of(TOP), List.of(TOP), List.of(TOP, A), List.of(ROOT, TOP))),
            "",
            0);
    assertEquals(4, r.stepRows().size());
    assertEquals(
        List.of("/mnt", "/mnt/a"),
        r.stepRows().get(2).stream().map(MountInfoRow::mountPoint).toList());
    assertEquals(
        List.of("/mnt"), r.stepRows().get(3).stream().map(MountInfoRow::mountPoint).toList());
    assertNull(StepComparison.firstDifference(KernelProfile.BASELINE, THREE_LINES, r));
  }

  @Test
  void theFirstStepWhereTheTablesPartIsNamedEvenWhenTheFinalTablesAgree() throws KernelException {
    // the kernel (here made up) shows /mnt/a one step late: the final tables still agree
    KernelResult r =
        Transcript.parse(
            THREE_LINES,
            transcript(List.of(List.of(TOP), List.of(TOP), List.of(TOP), List.of(TOP))),
            "",
            0);
    String d = StepComparison.firstDifference(KernelProfile.BASELINE, THREE_LINES, r);
    assertNotNull(d);
    assertTrue(
        d.startsWith("first step where the tables part: step 2 (line 3: mount -t tmpfs a /mnt/a)"),
        d);
  }

  @Test
  void anAppendedStepAddsItsRowsToThePreviousStepsTable() throws KernelException {
    String appended =
        transcript(List.of(List.of(TOP), List.of(TOP), List.of(TOP, A), List.of(ROOT, TOP)))
            .replace("@@mc step-begin 2\n" + TOP + "\n" + A, "@@mc step-append 2\n" + A);
    KernelResult r = Transcript.parse(THREE_LINES, appended, "", 0);
    assertEquals(
        List.of("/mnt", "/mnt/a"),
        r.stepRows().get(2).stream().map(MountInfoRow::mountPoint).toList());
    assertNull(StepComparison.firstDifference(KernelProfile.BASELINE, THREE_LINES, r));
  }

  @Test
  void aScenarioThatGrewTooLargeIsMarkedAndNotComparedStepByStep() throws KernelException {
    String large =
        transcript(List.of(List.of(TOP), List.of(TOP), List.of(TOP, A), List.of(ROOT, TOP)))
            .replaceFirst(
                "@@mc step-begin 2\n(.*\n)*?@@mc step-end 2\n", "@@mc steps-too-large 2\n")
            .replaceFirst("@@mc step-begin 3\n(.*\n)*?@@mc step-end 3\n", "");
    KernelResult r = Transcript.parse(THREE_LINES, large, "", 0);
    assertTrue(r.stepsTooLarge());
    assertEquals(List.of(), r.stepRows());
    assertTrue(!StepComparison.comparable(r));
    assertNull(StepComparison.firstDifference(KernelProfile.BASELINE, THREE_LINES, r));
  }

  @Test
  void aTranscriptWithoutStepTablesIsReportedNotPassed() throws KernelException {
    String noSteps =
        transcript(List.of(List.of(), List.of(), List.of(), List.of()))
            .replaceAll("@@mc step-(begin|end) [0-9]+\n", "");
    KernelResult r = Transcript.parse(THREE_LINES, noSteps, "", 0);
    assertEquals(List.of(), r.stepRows());
    String d = StepComparison.firstDifference(KernelProfile.BASELINE, THREE_LINES, r);
    assertNotNull(d);
    assertTrue(d.contains("per-step tables are missing"), d);
  }

  @Test
  void theLiveKernelAgreesWithTheModelAfterEveryStep() throws KernelException {
    KernelTests.assumeKernel();
    KernelResult r = KernelTests.RUNNER.run(THREE_LINES);
    assertEquals(4, r.stepRows().size());
    assertEquals(2, r.stepRows().get(2).size(), r.stepRows().toString());
    assertNull(StepComparison.firstDifference(KernelProfile.BASELINE, THREE_LINES, r));
  }
}
