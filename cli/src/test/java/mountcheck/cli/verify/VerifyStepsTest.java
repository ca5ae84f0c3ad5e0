package mountcheck.cli.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.Verdict;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** A step's exit status becomes a typed verdict, and the report holds only on acceptable ones. */
class VerifyStepsTest {
  /** A stand-in command that prints a line on stderr and exits with the status it is given. */
  @Command(name = "exit")
  static final class Exit implements Callable<Integer> {
    @Parameters int status;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      spec.commandLine().getErr().println("first line");
      spec.commandLine().getErr().println("why it stopped");
      return status;
    }
  }

  private static final Subcommands COMMANDS =
      new Subcommands(() -> new CommandLine(new Exit()), new PrintWriter(new StringWriter()));

  private static StepOutcome run(boolean onGuest, int status) {
    return new VerifyStep.Command("area", "a check", onGuest, List.of(String.valueOf(status)))
        .run(COMMANDS);
  }

  @Test
  void exitStatusesBecomeVerdicts() {
    assertEquals(new StepVerdict.Held(), run(false, 0).verdict());
    assertEquals(new StepVerdict.Skipped("first line"), run(false, 3).verdict());
    assertEquals(new StepVerdict.NotRun("first line"), run(true, 3).verdict());
    assertEquals(new StepVerdict.Failed("exit 1: why it stopped"), run(false, 1).verdict());
  }

  @Test
  void aStepWithoutResultsGetsOneNamedByItsCommandLine() {
    StepOutcome failed = run(false, 1);
    assertEquals(1, failed.results().size());
    Result r = failed.results().get(0);
    assertEquals("1", r.name());
    assertEquals(Verdict.FAILED, r.verdict());
    assertTrue(failed.details().contains("why it stopped"), failed.details());
    assertNull(run(false, 0).results().get(0).message());
  }

  @Test
  void theReportHoldsUnlessAStepFailedOrAVariantWasMissed() {
    StepOutcome skipped = run(false, 3);
    StepOutcome notRun = run(true, 3);
    VerifyReport ok = new VerifyReport(List.of(run(false, 0), skipped, notRun));
    assertTrue(ok.holds());
    assertTrue(ok.matrixNotRun() == false, "area is not the matrix");
    assertEquals("verify: everything holds", ok.verdictLine());
    VerifyReport failed = new VerifyReport(List.of(run(false, 0), run(false, 1)));
    assertFalse(failed.holds());
    assertEquals("verify: FAILED: area: FAILED: exit 1: why it stopped", failed.verdictLine());
    StepOutcome missed =
        new StepOutcome(
            "variants", "v is caught", new StepVerdict.Missed("not caught"), null, "", List.of());
    assertFalse(new VerifyReport(List.of(missed)).holds());
  }

  @Test
  void aMatrixThatCouldNotRunIsSaidInTheLastLine() {
    StepOutcome matrix =
        new VerifyStep.Unavailable(
                "matrix",
                "guest kernels",
                new StepVerdict.NotRun("qemu-system-x86_64 is missing"),
                Result.of("verify", "kernel matrix", Verdict.SKIPPED))
            .run(COMMANDS);
    assertInstanceOf(StepVerdict.NotRun.class, matrix.verdict());
    VerifyReport r = new VerifyReport(List.of(matrix));
    assertTrue(r.holds());
    assertEquals(
        "verify: everything that ran holds; the kernel matrix was NOT run", r.verdictLine());
    assertTrue(r.summary().contains("not run: qemu-system-x86_64 is missing"), r.summary());
  }
}
