package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import mountcheck.kernel.KernelException;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelRunner;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.model.text.ScenarioParser;
import mountcheck.properties.report.MarkdownTable;

/**
 * The conformance cases and examples with a recorded kernel answer (X.sh beside X.expected):
 * the model must give that answer, and the live kernel, where it can be used, must still give it.
 */
final class RecordedAnswers {
  private RecordedAnswers() {}

  static int check(Path home, PrintWriter out, PrintWriter err) {
    List<Path> files;
    try (Stream<Path> all = Stream.of("conformance", "examples").map(home::resolve).filter(Files::isDirectory).flatMap(RecordedAnswers::walk)) {
      files = all.filter(p -> p.toString().endsWith(".sh") && Files.exists(expected(p))).sorted().toList();
    }
    KernelRunner kernel = new KernelRunner();
    boolean live = kernel.available();
    if (!live) err.println("live kernel not used: " + kernel.unavailableReason());
    out.print(new MarkdownTable("case", "model", "live kernel").header());
    boolean ok = !files.isEmpty();
    for (Path f : files) {
      String name = home.relativize(f).toString();
      try {
        Scenario s = ScenarioParser.parse(name, Files.readString(f, StandardCharsets.UTF_8));
        ExpectedOutcome recorded = ExpectedOutcome.parse(name, Files.readString(expected(f), StandardCharsets.UTF_8));
        ScenarioRunner.Run run = new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100_000, recorded.mountsBefore(), recorded.mountPointsBefore()));
        List<String> modelDiff = OutcomeDiff.of("model", ModelAnswer.of(run), "recorded", recorded);
        String kernelText = "not run";
        if (live) {
          String d = KernelRecorder.difference(recorded, kernel.run(s));
          kernelText = d.isEmpty() ? "same" : "CHANGED: " + d.replace("\n", "; ");
          ok &= d.isEmpty();
        }
        ok &= modelDiff.isEmpty();
        String modelText = modelDiff.isEmpty() ? "same" : "DIFFERS: " + String.join("; ", modelDiff);
        out.println(MarkdownTable.line(List.of(name, modelText, kernelText)));
      } catch (IOException | KernelException | RuntimeException e) {
        ok = false;
        out.println(MarkdownTable.line(List.of(name, "ERROR: " + e.getMessage(), "")));
      }
    }
    out.println(files.size() + " recorded cases");
    return ok ? 0 : 1;
  }

  private static Path expected(Path scenario) {
    String s = scenario.getFileName().toString();
    return scenario.resolveSibling(s.substring(0, s.length() - 3) + ".expected");
  }

  private static Stream<Path> walk(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
