package mountcheck.cli.verify;

import java.util.List;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.Verdict;

/**
 * One step of {@code verify}: what it checks and how its run becomes a {@link StepOutcome}. The
 * plan ({@link VerifyPlan}) lists the steps; the command runs them in order.
 */
public sealed interface VerifyStep {
  /** The summary's first column. */
  String area();

  /** What is checked, in words. */
  String check();

  /** Runs the step. */
  StepOutcome run(Subcommands commands);

  /**
   * A command of mountcheck: holds on exit 0; exit 3 means its live kernel could not be used
   * (skipped on the host, not run for a guest of the matrix); any other exit failed.
   *
   * @param onGuest whether it needs a guest kernel of the matrix
   * @param args its command line, after {@code mountcheck}
   */
  record Command(String area, String check, boolean onGuest, List<String> args)
      implements VerifyStep {
    public Command {
      args = List.copyOf(args);
    }

    @Override
    public StepOutcome run(Subcommands commands) {
      long t0 = System.nanoTime();
      return outcome(this, String.join(" ", args), onGuest, commands.run(args), t0);
    }
  }

  /**
   * A step that is a call rather than a command line (the recorded answers of one kernel), judged
   * like a {@link Command}.
   *
   * @param name how the details and results name it
   */
  record Call(String area, String check, boolean onGuest, String name, Subcommands.Action action)
      implements VerifyStep {
    @Override
    public StepOutcome run(Subcommands commands) {
      long t0 = System.nanoTime();
      return outcome(this, name, onGuest, commands.run(action), t0);
    }
  }

  /**
   * A known-bug variant, which must be caught and shrunk: its check exits 0 when the variant is
   * caught.
   */
  record VariantCaught(String variant, List<String> args) implements VerifyStep {
    public VariantCaught {
      args = List.copyOf(args);
    }

    @Override
    public String area() {
      return "variants";
    }

    @Override
    public String check() {
      return variant + " is caught and shrunk";
    }

    @Override
    public StepOutcome run(Subcommands commands) {
      Captured c = commands.run(args);
      boolean caught = c.exit() == 0;
      StepVerdict v =
          caught
              ? new StepVerdict.Caught()
              : new StepVerdict.Missed(c.failing("the variant was not caught"));
      List<Result> results =
          c.results().isEmpty()
              ? List.of(
                  Result.of(
                      "verify",
                      "check --variant " + variant,
                      caught ? Verdict.CAUGHT : Verdict.FAILED))
              : c.results();
      String details = "### check --variant " + variant + "\n\n" + c.out() + "\n";
      return new StepOutcome(area(), check(), v, null, details, results);
    }
  }

  /** A step that cannot run here, with the reason as its verdict. */
  record Unavailable(String area, String check, StepVerdict verdict, Result result)
      implements VerifyStep {
    @Override
    public StepOutcome run(Subcommands commands) {
      return new StepOutcome(area, check, verdict, null, "", List.of(result));
    }
  }

  private static StepOutcome outcome(
      VerifyStep step, String name, boolean onGuest, Captured c, long t0) {
    double seconds = Math.round((System.nanoTime() - t0) / 1e8) / 10.0;
    StepVerdict v =
        c.exit() == 0
            ? new StepVerdict.Held()
            : c.exit() == 3
                ? (onGuest
                    ? new StepVerdict.NotRun(c.firstErrorLine())
                    : new StepVerdict.Skipped(c.firstErrorLine()))
                : new StepVerdict.Failed(c.failing("exit " + c.exit() + ": " + c.lastErrorLine()));
    List<Result> results = c.results();
    if (results.isEmpty()) {
      Verdict r = c.exit() == 0 ? Verdict.PASSED : c.exit() == 3 ? Verdict.SKIPPED : Verdict.FAILED;
      results =
          List.of(
              Result.of("verify", name, r)
                  .withSeconds(seconds)
                  .withMessage(c.exit() == 0 ? null : v.text()));
    }
    StringBuilder details = new StringBuilder("### ").append(name).append("\n\n").append(c.out());
    details.append('\n');
    if (c.exit() != 0 && !c.err().isBlank())
      details.append("```\n").append(tail(c.err(), 40)).append("```\n\n");
    return new StepOutcome(step.area(), step.check(), v, seconds, details.toString(), results);
  }

  private static String tail(String s, int lines) {
    List<String> all = s.lines().toList();
    return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size())) + "\n";
  }
}
