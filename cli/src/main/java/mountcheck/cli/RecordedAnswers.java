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
import mountcheck.kernel.KernelBackend;
import mountcheck.kernel.KernelBackends;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.kernel.RecordedCases;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.model.text.ScenarioParser;
import mountcheck.properties.report.MarkdownTable;

/**
 * The conformance cases and examples with a recorded kernel answer ({@link RecordedCases}): the
 * model (under the kernel's profile) must give that answer, and the live kernel, where it can be
 * used, must still give it. For a guest kernel all cases run in one boot.
 */
final class RecordedAnswers {
  /** A guest's time limit per case: TCG is slower than the host. */
  private static final Duration GUEST_TIME_LIMIT = Duration.ofSeconds(60);

  private RecordedAnswers() {}

  static int check(Path home, PrintWriter out, PrintWriter err) {
    return check(home, Kernels.host(), out, err);
  }

  /** Exit 0 when everything agrees, 1 on a difference, 3 when the live kernel was not run. */
  static int check(Path home, Kernel kernel, PrintWriter out, PrintWriter err) {
    List<Path> files;
    try {
      // a guest answers every case but those marked host-only (VmMatrixTest's list too)
      files = kernel.isHost() ? RecordedCases.scenarios(home) : RecordedCases.guestScenarios(home);
    } catch (IOException e) {
      err.println("cannot list the recorded cases: " + e.getMessage());
      return 1;
    }
    boolean guest = kernel.isGuest();
    KernelProfile profile = kernel.profile();
    List<Scenario> scenarios = new ArrayList<>();
    List<ExpectedOutcome> recorded = new ArrayList<>();
    boolean ok = !files.isEmpty();
    for (Path f : files) {
      String name = home.relativize(f).toString();
      Path answer = RecordedCases.expected(home, f, kernel);
      try {
        scenarios.add(ScenarioParser.parse(name, Files.readString(f, StandardCharsets.UTF_8)));
        recorded.add(
            Files.isRegularFile(answer)
                ? ExpectedOutcome.parse(
                    answer.toString(), Files.readString(answer, StandardCharsets.UTF_8))
                : null);
      } catch (IOException | RuntimeException e) {
        err.println(name + ": " + e.getMessage());
        return 1;
      }
    }
    KernelBackend backend = null;
    String notRun = null;
    try {
      backend =
          KernelBackends.open(
              kernel,
              Optional.empty(),
              guest ? GUEST_TIME_LIMIT : KernelRunner.DEFAULT_TIME_LIMIT,
              home,
              line -> {
                err.println("mountcheck: " + line);
                err.flush();
              });
      notRun = backend.unavailableReason();
      if (notRun != null) backend = null;
    } catch (KernelUnavailableException e) {
      notRun = e.getMessage();
    }
    List<KernelBackend.ScenarioRun> live = null;
    if (backend != null) {
      try {
        live = backend.runAll(scenarios);
      } catch (KernelUnavailableException e) {
        notRun = e.getMessage();
      }
    }
    if (notRun != null) err.println("live kernel " + kernel + " not used: " + notRun);
    out.print(
        new MarkdownTable("case", "model (" + kernel.series() + ")", "live kernel " + kernel)
            .header());
    int modelAgree = 0;
    int liveAgree = 0;
    for (int i = 0; i < files.size(); i++) {
      String name = home.relativize(files.get(i)).toString();
      ExpectedOutcome r = recorded.get(i);
      if (r == null) {
        ok = false;
        out.println(MarkdownTable.line(List.of(name, "NOT RECORDED for " + kernel, "")));
        continue;
      }
      ScenarioRunner.Run run =
          new ScenarioRunner(Model.forKernel(profile))
              .run(
                  scenarios.get(i),
                  MountTable.initial(100_000, r.mountsBefore(), r.mountPointsBefore()));
      List<String> modelDiff = OutcomeDiff.of("model", ModelAnswer.of(run, profile), "recorded", r);
      if (modelDiff.isEmpty()) modelAgree++;
      ok &= modelDiff.isEmpty();
      String kernelText = "not run";
      if (live != null) {
        KernelBackend.ScenarioRun l = live.get(i);
        if (!l.ok()) {
          kernelText = "ERROR: " + l.error().getMessage().lines().findFirst().orElse("");
          ok = false;
        } else {
          String d = KernelRecorder.difference(r, l.result());
          kernelText = d.isEmpty() ? "same" : "CHANGED: " + d.replace("\n", "; ");
          if (d.isEmpty()) liveAgree++;
          ok &= d.isEmpty();
        }
      }
      out.println(
          MarkdownTable.line(
              List.of(
                  name,
                  modelDiff.isEmpty() ? "same" : "DIFFERS: " + String.join("; ", modelDiff),
                  kernelText)));
    }
    out.println(
        files.size()
            + " recorded cases on "
            + kernel
            + ": model agrees on "
            + modelAgree
            + (live != null ? ", live kernel on " + liveAgree : ", live kernel not run"));
    if (!ok) return 1;
    return live == null && guest ? 3 : 0;
  }
}
