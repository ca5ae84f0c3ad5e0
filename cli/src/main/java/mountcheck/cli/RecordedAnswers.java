package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mountcheck.engine.report.MarkdownTable;
import mountcheck.kernel.KernelBackend;
import mountcheck.kernel.KernelBackends;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.kernel.RecordedCases;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.model.text.ScenarioParser;

/**
 * The conformance cases and examples with a recorded kernel answer ({@link RecordedCases}): the
 * model (under the kernel's profile) must give that answer, and the live kernel, where it can be
 * used, must still give it. For a guest kernel all cases run in one boot.
 */
final class RecordedAnswers {
  /** A guest's time limit per case: TCG is slower than the host. */
  private static final Duration GUEST_TIME_LIMIT = Duration.ofSeconds(60);

  private RecordedAnswers() {}

  /** A recorded case: its name, its scenario and its recorded answer (null: not recorded). */
  private record Case(String name, Scenario scenario, ExpectedOutcome recorded) {}

  /** The live kernel's answers to every case, or why it did not answer (null runs). */
  private record Live(List<KernelBackend.ScenarioRun> runs, String notRun) {}

  /** Exit 0 when everything agrees, 1 on a difference, 3 when the live kernel was not run. */
  static int check(Path home, Kernel kernel, PrintWriter out, PrintWriter err) {
    List<Case> cases = cases(home, kernel, err);
    if (cases == null) return 1;
    Live live = live(home, kernel, cases, err);
    if (live.notRun() != null) err.println("live kernel " + kernel + " not used: " + live.notRun());
    out.print(
        new MarkdownTable("case", "model (" + kernel.series() + ")", "live kernel " + kernel)
            .header());
    boolean ok = !cases.isEmpty();
    int modelAgree = 0;
    int liveAgree = 0;
    for (int i = 0; i < cases.size(); i++) {
      Case c = cases.get(i);
      if (c.recorded() == null) {
        ok = false;
        out.println(MarkdownTable.line(List.of(c.name(), "NOT RECORDED for " + kernel, "")));
        continue;
      }
      List<String> modelDiff = modelDifference(kernel.profile(), c);
      if (modelDiff.isEmpty()) modelAgree++;
      ok &= modelDiff.isEmpty();
      String kernelText = "not run";
      if (live.runs() != null) {
        KernelBackend.ScenarioRun l = live.runs().get(i);
        String d = l.ok() ? KernelRecorder.difference(c.recorded(), l.result()) : null;
        kernelText =
            d == null
                ? "ERROR: " + l.error().getMessage().lines().findFirst().orElse("")
                : d.isEmpty() ? "same" : "CHANGED: " + d.replace("\n", "; ");
        if (d != null && d.isEmpty()) liveAgree++;
        ok &= d != null && d.isEmpty();
      }
      out.println(
          MarkdownTable.line(
              List.of(
                  c.name(),
                  modelDiff.isEmpty() ? "same" : "DIFFERS: " + String.join("; ", modelDiff),
                  kernelText)));
    }
    out.println(
        cases.size()
            + " recorded cases on "
            + kernel
            + ": model agrees on "
            + modelAgree
            + (live.runs() != null ? ", live kernel on " + liveAgree : ", live kernel not run"));
    if (!ok) return 1;
    return live.runs() == null && kernel.isGuest() ? 3 : 0;
  }

  /** The kernel's recorded cases (a guest answers all but the host-only ones), or null. */
  private static List<Case> cases(Path home, Kernel kernel, PrintWriter err) {
    List<Path> files;
    try {
      // a guest answers every case but those marked host-only (VmMatrixTest's list too)
      files = kernel.isHost() ? RecordedCases.scenarios(home) : RecordedCases.guestScenarios(home);
    } catch (IOException e) {
      err.println("cannot list the recorded cases: " + e.getMessage());
      return null;
    }
    List<Case> cases = new ArrayList<>();
    for (Path f : files) {
      String name = home.relativize(f).toString();
      Path answer = RecordedCases.expected(home, f, kernel);
      try {
        Scenario scenario = ScenarioParser.parse(name, Files.readString(f, StandardCharsets.UTF_8));
        ExpectedOutcome recorded =
            Files.isRegularFile(answer)
                ? ExpectedOutcome.parse(
                    answer.toString(), Files.readString(answer, StandardCharsets.UTF_8))
                : null;
        cases.add(new Case(name, scenario, recorded));
      } catch (IOException | RuntimeException e) {
        err.println(name + ": " + e.getMessage());
        return null;
      }
    }
    return cases;
  }

  /** Every case on the live kernel, in one boot for a guest. */
  private static Live live(Path home, Kernel kernel, List<Case> cases, PrintWriter err) {
    try {
      KernelBackend backend =
          KernelBackends.open(
              kernel,
              Optional.empty(),
              kernel.isGuest() ? GUEST_TIME_LIMIT : KernelRunner.DEFAULT_TIME_LIMIT,
              home,
              line -> {
                err.println("mountcheck: " + line);
                err.flush();
              });
      String notRun = backend.unavailableReason();
      if (notRun != null) return new Live(null, notRun);
      return new Live(backend.runAll(cases.stream().map(Case::scenario).toList()), null);
    } catch (KernelUnavailableException e) {
      return new Live(null, e.getMessage());
    }
  }

  /** How the model's answer differs from the recorded one (empty: the same). */
  private static List<String> modelDifference(KernelProfile profile, Case c) {
    ExpectedOutcome r = c.recorded();
    ScenarioRunner.Run run =
        new ScenarioRunner(Model.forKernel(profile))
            .run(
                c.scenario(), MountTable.initial(100_000, r.mountsBefore(), r.mountPointsBefore()));
    return OutcomeDiff.of("model", ModelAnswer.of(run, profile), "recorded", r);
  }
}
