package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import mountcheck.cli.litmus.Herd;
import mountcheck.cli.litmus.LitmusFile;
import mountcheck.cli.litmus.LitmusSuite;
import mountcheck.cli.litmus.LkmmToolchain;
import mountcheck.cli.rcu.TextTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mountcheck litmus}: the LKMM litmus tests of the orderings the lifetime model assumes, run
 * with herd7 against the kernel's tools/memory-model, each as written and without each of its
 * needed barriers, grace periods or groups (a lock pair, an RCU section), then under sequential
 * consistency without all of them, to check the test's statement on weak memory.
 */
@Command(
    name = "litmus",
    mixinStandardHelpOptions = true,
    description = {
      "Run the LKMM litmus tests (litmus/*.litmus) with herd7 and the kernel's memory model.",
      "Each must be Never as written and allowed without each statement or group tagged",
      "needed; without all of them, under sequential consistency (litmus/sc.cat), it must be",
      "Never if the test states 'weak-memory: needed' and allowed if 'not needed'.",
      "Fetches herdtools7 and tools/memory-model from Debian sid into ~/.cache/mountcheck."
    },
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:every test as expected",
      "1:a test disagrees (a verdict other than expected, or a herd7 Flag)",
      "2:bad option",
      "3:herd7 or the kernel memory model cannot be had here"
    })
public final class LitmusCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      description =
          "directory of litmus tests (default: litmus/ of the repository); its sc.cat, or the"
              + " repository's litmus/sc.cat, is the sequential-consistency model")
  Path dir;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Path home = RepoPaths.home();
    Herd herd;
    try {
      herd = new LkmmToolchain(home, err::println).herd();
    } catch (LkmmToolchain.UnavailableException e) {
      err.println(
          "mountcheck litmus: herd7 or the kernel memory model unavailable: " + e.getMessage());
      return 3;
    }
    out.println(herd.describe());
    Path litmus = dir != null ? dir : home.resolve("litmus");
    List<LitmusFile> tests = LitmusFile.all(litmus);
    List<LitmusSuite.Result> results =
        LitmusSuite.run(
            herd, tests, scModel(litmus, home), home.resolve("target").resolve("litmus"));
    TextTable table = new TextTable("test", "model", "removed", "expected", "herd7", "ok");
    boolean ok = true;
    for (LitmusSuite.Result r : results) {
      ok &= r.asExpected();
      table.add(
          r.test().name(),
          r.model().name().toLowerCase(Locale.ROOT),
          r.removed() == null ? "-" : r.removed(),
          r.expected(),
          r.outcome().observation()
              + " ("
              + r.outcome().positive()
              + "/"
              + (r.outcome().positive() + r.outcome().negative())
              + ")"
              + (r.outcome().flags().isEmpty() ? "" : " Flag " + r.outcome().flags()),
          r.asExpected() ? "ok" : "WRONG");
    }
    out.print(table.aligned());
    return ok ? 0 : 1;
  }

  /** The directory's own sc.cat if it has one, else the repository's litmus/sc.cat. */
  private static Path scModel(Path litmus, Path home) {
    Path own = litmus.resolve("sc.cat");
    return Files.isRegularFile(own) ? own : home.resolve("litmus").resolve("sc.cat");
  }
}
