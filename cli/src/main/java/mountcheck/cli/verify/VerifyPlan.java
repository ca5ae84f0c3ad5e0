package mountcheck.cli.verify;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import mountcheck.cli.OneLine;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.Verdict;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;

/** The steps of {@code verify}, in the order they run, from its settings and what is here. */
public final class VerifyPlan {
  /** The file names of the plots in the report directory. */
  public static final String UMOUNT_PLOT = "umount-bench.png";

  /** The directory of the seeds' plots in the report directory. */
  public static final String KERNEL_PLOTS = "kernels-bench";

  /**
   * @param budget multiple of the CI budgets for the catalogue
   * @param conformRuns generated scenarios for the host's live campaign
   * @param matrixRuns generated scenarios per guest kernel
   * @param seed the run's seed
   * @param reportDir where the report, counterexamples and plots go
   * @param storedTraces the stored lifetime traces' directory
   * @param hostUnavailable why the host's kernel cannot be used, or null
   * @param qemuMissing why the guests cannot boot, or null
   * @param alloy whether the Alloy command is part of this build
   * @param variants the known-bug variants checked on scenarios
   * @param recordedAnswers the check of one kernel's recorded answers
   */
  public record Settings(
      double budget,
      int conformRuns,
      int matrixRuns,
      long seed,
      Path reportDir,
      Path storedTraces,
      String hostUnavailable,
      String qemuMissing,
      boolean alloy,
      List<String> variants,
      Function<Kernel, Subcommands.Action> recordedAnswers) {}

  private VerifyPlan() {}

  public static List<VerifyStep> steps(Settings s) {
    String seed = String.valueOf(s.seed());
    String counterexamples = s.reportDir().resolve("counterexamples").toString();
    List<VerifyStep> steps = new ArrayList<>();
    stored(s, steps, seed, counterexamples);
    host(s, steps, seed, counterexamples);
    matrix(s, steps, seed, counterexamples);
    solvers(s, steps, seed);
    benches(s, steps);
    return List.copyOf(steps);
  }

  /** The stored counterexamples and traces, the catalogue, and every known-bug variant. */
  private static void stored(Settings s, List<VerifyStep> steps, String seed, String out) {
    steps.add(
        command("counterexamples", "stored counterexamples replay as their status says", "replay"));
    steps.add(
        command(
            "counterexamples",
            "stored lifetime traces replay as recorded",
            "check",
            "rcu",
            "--replay",
            s.storedTraces().toString()));
    steps.add(
        command(
            "catalogue",
            "every property holds (budget x" + s.budget() + ")",
            "check",
            "--budget",
            String.valueOf(s.budget()),
            "--seed",
            seed,
            "--out",
            out));
    for (String v : s.variants())
      steps.add(
          new VerifyStep.VariantCaught(
              v,
              List.of(
                  "check",
                  "--variant",
                  v,
                  "--budget",
                  "1",
                  "--seed",
                  seed,
                  "--out",
                  s.reportDir().resolve("variants").toString())));
  }

  /** The host's kernel: its recorded answers and a generated campaign. */
  private static void host(Settings s, List<VerifyStep> steps, String seed, String out) {
    steps.add(
        new VerifyStep.Call(
            "kernel",
            "every recorded kernel answer is still the kernel's and the model's",
            false,
            "conformance-recorded",
            s.recordedAnswers().apply(Kernels.host())));
    if (s.hostUnavailable() == null)
      steps.add(
          command(
              "kernel",
              "model == live kernel on " + s.conformRuns() + " generated scenarios",
              "conform",
              "--runs",
              String.valueOf(s.conformRuns()),
              "--seed",
              seed,
              "--out",
              out));
    else
      steps.add(
          new VerifyStep.Unavailable(
              "kernel",
              "model == live kernel",
              new StepVerdict.Skipped(s.hostUnavailable()),
              Result.of("verify", "conform", Verdict.SKIPPED)
                  .withMessage(OneLine.of(s.hostUnavailable()))));
  }

  /** The lifetime model, Z3 and Alloy. */
  private static void solvers(Settings s, List<VerifyStep> steps, String seed) {
    steps.add(
        command(
            "lifetime",
            "mainline passes every lifetime property (bound 2)",
            "check",
            "rcu",
            "--bound",
            "2"));
    steps.add(
        command(
            "lifetime",
            "explorer verdicts per variant (bound 1)",
            "explore",
            "rcu",
            "--bound",
            "1",
            "--all-variants"));
    steps.add(
        command(
            "z3",
            "Datalog oracle == model; symbolic type-change check",
            "z3",
            "--states",
            "100",
            "--seed",
            seed));
    if (s.alloy())
      steps.add(
          command(
              "alloy",
              "every Alloy command gives its expected outcome; spec == model on 20 model states",
              "alloy",
              "--cross-check",
              "20",
              "--out",
              s.reportDir().resolve("alloy").toString()));
  }

  /** Every guest kernel: its recorded answers (one boot) and a short generated campaign. */
  private static void matrix(Settings s, List<VerifyStep> steps, String seed, String out) {
    if (s.qemuMissing() != null) {
      steps.add(
          new VerifyStep.Unavailable(
              "matrix",
              "guest kernels " + Kernels.guests(),
              new StepVerdict.NotRun(s.qemuMissing()),
              Result.of("verify", "kernel matrix", Verdict.SKIPPED)
                  .withMessage("not run: " + OneLine.of(s.qemuMissing()))));
      return;
    }
    for (Kernel k : Kernels.guests()) {
      steps.add(
          new VerifyStep.Call(
              "matrix",
              "kernel " + k + ": recorded answers == live guest and model",
              true,
              "matrix-recorded " + k,
              s.recordedAnswers().apply(k)));
      steps.add(
          new VerifyStep.Command(
              "matrix",
              "kernel " + k + ": model == live guest on " + s.matrixRuns() + " generated scenarios",
              true,
              List.of(
                  "conform",
                  "--kernel",
                  k.name(),
                  "--runs",
                  String.valueOf(s.matrixRuns()),
                  "--seed",
                  seed,
                  "--out",
                  out,
                  "--shrink-time",
                  "120")));
    }
  }

  private static void benches(Settings s, List<VerifyStep> steps) {
    steps.add(
        command(
            "bench",
            "propagate_umount generations on the 2017 overlap family (N=9..15)",
            "bench",
            "umount",
            "--from",
            "9",
            "--to",
            "15",
            "--budget",
            "1",
            "--runs",
            "3",
            "--plot",
            s.reportDir().resolve(UMOUNT_PLOT).toString(),
            "--csv",
            s.reportDir().resolve("umount-bench.csv").toString()));
    Path kernelPlots = s.reportDir().resolve(KERNEL_PLOTS);
    steps.add(
        command(
            "bench",
            "the seeds' experiments on the host kernel, short (all kernels: bench kernels)",
            "bench",
            "kernels",
            "--kernel",
            Kernels.host().name(),
            "--host-to",
            "15",
            "--runs",
            "1",
            "--cycles",
            "200",
            "--ipc-loop",
            "200",
            "--ipc-chain",
            "50",
            "--mountinfo-reads",
            "20",
            "--plots",
            kernelPlots.toString(),
            "--csv",
            kernelPlots.resolve("kernels.csv").toString()));
  }

  private static VerifyStep command(String area, String check, String... args) {
    return new VerifyStep.Command(area, check, false, List.of(args));
  }
}
