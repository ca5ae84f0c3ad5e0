package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.properties.catalogue.Replay;
import picocli.CommandLine.Command;
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
    exitCodeList = {"0:every file replays as its status says", "1:some file does not"})
public final class ReplayCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE", arity = "0..*", description = "counterexample files")
  List<Path> files = new ArrayList<>();

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    List<Replay.Outcome> outcomes = new ArrayList<>();
    if (files.isEmpty()) outcomes.addAll(Replay.replayAll(RepoPaths.counterexamples()));
    else for (Path f : files) outcomes.add(Replay.replay(f));
    out.println("| file | property | status | replay |");
    out.println("|---|---|---|---|");
    boolean ok = true;
    for (Replay.Outcome o : outcomes) {
      out.println("| " + o.file().getFileName() + " | " + o.property() + " | " + o.status().name().toLowerCase() + " | " + (o.skipped() ? "SKIPPED: " : o.ok() ? "ok: " : "MISMATCH: ") + o.detail().replace("|", "\\|").replace("\n", " ") + " |");
      ok &= o.ok();
    }
    out.println(outcomes.size() + " file(s), " + outcomes.stream().filter(o -> !o.ok()).count() + " mismatch(es)");
    out.flush();
    return ok ? 0 : 1;
  }
}
