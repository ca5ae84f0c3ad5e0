package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import mountcheck.engine.report.MarkdownTable;
import mountcheck.kernel.KernelBackend;
import mountcheck.kernel.KernelImages;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.kernel.RecordedCases;
import mountcheck.kernel.VmBackend;
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
  private RecordedAnswers() {}

  static int check(Path home, PrintWriter out, PrintWriter err) {
    return check(home, "host", out, err);
  }

  /** Exit 0 when everything agrees, 1 on a difference, 3 when the live kernel was not run. */
  static int check(Path home, String kernel, PrintWriter out, PrintWriter err) {
    List<Path> files;
    try {
      // a guest answers every case but those marked host-only (VmMatrixTest's list too)
      files =
          kernel.equals("host")
              ? RecordedCases.scenarios(home)
              : RecordedCases.guestScenarios(home);
    } catch (IOException e) {
      err.println("cannot list the recorded cases: " + e.getMessage());
      return 1;
    }
    boolean guest = !kernel.equals("host");
    KernelProfile profile =
        guest ? KernelProfile.byName(kernel).orElseThrow() : KernelProfile.host();
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
      if (!guest) {
        KernelRunner host = new KernelRunner();
        if (host.available()) backend = host;
        else notRun = host.unavailableReason();
      } else {
        String missing = VmBackend.qemuMissing();
        if (missing != null) notRun = missing;
        else
          backend =
              new VmBackend(
                  KernelImages.named(kernel, home),
                  Duration.ofSeconds(60),
                  line -> {
                    err.println("mountcheck: " + line);
                    err.flush();
                  });
      }
    } catch (IOException e) {
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
        new MarkdownTable("case", "model (" + profile.name() + ")", "live kernel " + kernel)
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
