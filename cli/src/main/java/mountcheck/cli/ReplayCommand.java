package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.results.Verdict;
import mountcheck.model.text.ScenarioParser;
import mountcheck.properties.catalogue.Replay;
import mountcheck.properties.counterexample.CounterexampleReader;
import mountcheck.properties.report.MarkdownTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mountcheck replay [FILE...]}: re-check stored counterexamples. */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    description =
        "Replays counterexample files (default: every file in counterexamples/): a regression must"
            + " now pass the property it names, a witness must keep failing it. Lifetime traces:"
            + " 'mountcheck check rcu --replay counterexamples/rcu'.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:every file replays as its status says",
      "1:some file does not (or cannot be read as a counterexample)",
      "2:bad option, or a named file is missing (nothing was replayed)"
    })
public final class ReplayCommand implements Callable<Integer>, ResultSource {
  @Parameters(
      paramLabel = "FILE",
      arity = "0..*",
      description = "counterexample files (default: every file in counterexamples/)")
  List<Path> files = new ArrayList<>();

  /** The kernel whose model the catalogue properties follow; model-versus-kernel files: host. */
  @Mixin KernelOption kernel = new KernelOption();

  @Mixin ResultOptions format = new ResultOptions();

  @Spec CommandSpec spec;

  private final List<Result> results = new ArrayList<>();

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    for (Path f : files) {
      if (!Files.isRegularFile(f)) throw new UsageError(f + ": no such file");
      try {
        CounterexampleReader.read(f, body -> ScenarioParser.parse(f.toString(), body));
      } catch (RuntimeException e) {
        throw new UsageError(f + ": not a counterexample file: " + e.getMessage());
      }
    }
    List<Path> toReplay = new ArrayList<>(files);
    if (files.isEmpty()) toReplay.addAll(CounterexampleReader.list(RepoPaths.counterexamples()));
    results.clear();
    if (format.text()) {
      out.print(new MarkdownTable("file", "property", "status", "replay").header());
    }
    boolean ok = true;
    for (Path f : toReplay) {
      long t0 = System.nanoTime();
      Replay.Outcome o = Replay.replay(f, kernel.kernel());
      double seconds = (System.nanoTime() - t0) / 1e9;
      String detail = OneLine.of(o.detail());
      if (format.text()) {
        String replay = (o.skipped() ? "SKIPPED: " : o.ok() ? "ok: " : "MISMATCH: ") + detail;
        out.println(
            MarkdownTable.line(
                List.of(
                    o.file().getFileName().toString(),
                    o.property(),
                    o.status().name().toLowerCase(),
                    replay)));
      }
      Verdict v = o.skipped() ? Verdict.SKIPPED : o.ok() ? Verdict.PASSED : Verdict.FAILED;
      results.add(
          Result.of("replay", o.file().toString(), v)
              .withCount("files", 1)
              .withCounterexample(o.file().toString())
              .withSeconds(seconds)
              .withMessage(o.property() + " (" + o.status().name().toLowerCase() + "): " + detail));
      ok &= o.ok();
    }
    if (format.text())
      out.println(
          toReplay.size()
              + " file(s), "
              + results.stream().filter(r -> !r.ok()).count()
              + " mismatch(es)");
    format.emit(out, results);
    out.flush();
    return ok ? 0 : 1;
  }
}
