package mountcheck.cli.rcu;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import mountcheck.cli.KernelOption;
import mountcheck.cli.SeedOption;
import mountcheck.engine.Seeds;
import mountcheck.experiments.bench.RcuBench;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.rcu.Scope;
import mountcheck.properties.rcu.Counterexample;
import mountcheck.properties.rcu.Exploration;
import mountcheck.properties.rcu.ExploreLimits;
import mountcheck.properties.rcu.Explorer;
import mountcheck.properties.rcu.RandomSchedules;
import mountcheck.properties.rcu.RcuProperty;
import mountcheck.properties.rcu.Replay;
import mountcheck.properties.rcu.TraceFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code mountcheck check rcu}: explores one variant of the RCU lifetime model exhaustively at a
 * bound, prints property, verdict, states and time, and writes each counterexample as a trace. Exit
 * 1 when a property the kernel guarantees fails (see {@link RcuProperty#guarantee()}).
 */
@Command(
    name = "rcu",
    mixinStandardHelpOptions = true,
    description = {
      "Check the RCU lifetime properties of one variant (exhaustive at --bound K).",
      "Counterexample traces go to --out."
    },
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:every property the kernel guarantees holds (with --replay: every trace replays as"
          + " recorded)",
      "1:a guaranteed property fails (with --replay: a trace does not replay)",
      "2:bad option or unreadable trace (nothing was checked)"
    })
public final class CheckRcuCommand implements Callable<Integer> {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--variant",
      paramLabel = "NAME",
      converter = LifetimeDesignOption.class,
      description = "lifetime design to check (default: the --kernel's, mainline for the host)")
  LifetimeDesign variant;

  @Mixin KernelOption kernel = new KernelOption();

  @Option(
      names = "--bound",
      paramLabel = "K",
      description = "scope: K readers, up to 2 mounts, K+1 ipc cycles (default: ${DEFAULT-VALUE})",
      defaultValue = "2")
  int bound;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "directory for counterexample traces (default: ${DEFAULT-VALUE})",
      defaultValue = "target/counterexamples")
  Path out;

  @Option(
      names = "--random",
      paramLabel = "WALKS",
      description =
          "instead of exhaustive search, run WALKS seeded random schedules and shrink (default:"
              + " exhaustive)")
  Integer randomWalks;

  @Mixin SeedOption seed = new SeedOption();

  @Option(
      names = "--replay",
      paramLabel = "PATH",
      description =
          "replay stored traces (a file or a directory of *.trace) instead of checking (default:"
              + " check)")
  Path replay;

  @Override
  public Integer call() throws IOException {
    if (bound < 1) {
      err().println("mountcheck check rcu: --bound must be at least 1");
      return 2;
    }
    if (randomWalks != null && randomWalks < 1) {
      err().println("mountcheck check rcu: --random must be positive");
      return 2;
    }
    if (seed.given() && randomWalks == null) {
      err().println("mountcheck check rcu: --seed applies only to --random WALKS");
      return 2;
    }
    if (replay != null) return replay(replay);
    if (variant != null && kernel.given()) {
      err().println("mountcheck check rcu: --variant and --kernel both name a design; give one");
      return 2;
    }
    if (variant == null) variant = kernel.kernel().lifetime();
    Scope scope = Scope.ofBound(bound);
    out().println("variant " + variant.name() + ": " + variant.models());
    out().println("scope " + scope);
    List<Counterexample> failures = new ArrayList<>();
    TextTable table = new TextTable("property", "verdict", "states", "time", "counterexample");
    if (randomWalks != null) randomSchedules(scope, table, failures);
    else exhaustive(scope, table, failures);
    table.add("costs", "info", "-", "-", RcuBench.summary(variant));
    out().print(table.aligned());
    for (Counterexample c : failures) {
      Path file = TraceFormat.store(out, c);
      out().println();
      out()
          .println(
              "counterexample for "
                  + c.property().id()
                  + " ("
                  + c.scenario().label()
                  + "): "
                  + file);
      for (int i = 0; i < c.steps().size(); i++)
        out().println("  " + (i + 1) + ". " + c.steps().get(i));
      out().println("  => " + c.violation());
    }
    boolean guaranteeFailed = failures.stream().anyMatch(c -> c.property().guarantee());
    return guaranteeFailed ? 1 : 0;
  }

  /** --random WALKS: seeded random schedules, each failure shrunk. */
  private void randomSchedules(Scope scope, TextTable table, List<Counterexample> failures) {
    long runSeed = seed.resolve();
    err()
        .println(
            "mountcheck check rcu: random schedules, "
                + Seeds.describe(runSeed)
                + " (rerun with --seed "
                + runSeed
                + "), "
                + randomWalks
                + " walks");
    long start = System.currentTimeMillis();
    RandomSchedules.Outcome o = RandomSchedules.search(variant, scope, runSeed, randomWalks, 200);
    long ms = System.currentTimeMillis() - start;
    for (RcuProperty p : RcuProperty.values()) {
      Counterexample c = o.found().get(p);
      if (c != null) failures.add(c);
      table.add(
          p.id(),
          c == null ? "no violation found" : p.guarantee() ? "FAIL" : "FAIL (not a guarantee)",
          o.steps() + " steps",
          ms + " ms",
          c == null ? "-" : c.steps().size() + " steps: " + c.violation());
    }
  }

  /** Every schedule up to the bound. */
  private void exhaustive(Scope scope, TextTable table, List<Counterexample> failures) {
    Exploration e = new Explorer(ExploreLimits.none(), System.err::println).explore(variant, scope);
    for (RcuProperty p : RcuProperty.values()) {
      Counterexample c = e.found().get(p);
      if (c != null) failures.add(c);
      table.add(
          p.id(),
          e.verdict(p) + (p.guarantee() || c == null ? "" : " (not a guarantee)"),
          e.states(),
          e.millis() + " ms",
          c == null ? "-" : c.steps().size() + " steps: " + c.violation());
    }
  }

  private Integer replay(Path path) throws IOException {
    List<Path> files;
    if (Files.isDirectory(path)) {
      try (Stream<Path> s = Files.list(path)) {
        files = s.filter(f -> f.toString().endsWith(".trace")).sorted().toList();
      }
    } else if (Files.exists(path)) {
      files = List.of(path);
    } else {
      err().println("mountcheck check rcu: no such file or directory: " + path);
      return 2;
    }
    int bad = 0;
    for (Path f : files) {
      Counterexample c;
      try {
        c = TraceFormat.read(f);
      } catch (TraceFormat.TraceSyntaxException ex) {
        err().println(f + ": " + ex.getMessage());
        return 2;
      }
      if (LifetimeDesign.byName(c.variant()).isEmpty()) {
        err().println(f + ": unknown variant " + c.variant());
        return 2;
      }
      Replay.Outcome o = Replay.run(c);
      boolean ok = Replay.asRecorded(c, o);
      if (!ok) bad++;
      out()
          .println(
              (ok ? "ok    " : "WRONG ")
                  + f
                  + ": "
                  + c.status().label()
                  + ", "
                  + (o.violated()
                      ? "fails at step " + o.violationStep() + ": " + o.violation()
                      : o.divergedAt() > 0
                          ? "step " + o.divergedAt() + " no longer applies"
                          : "property holds"));
    }
    return bad == 0 ? 0 : 1;
  }

  private PrintWriter out() {
    return spec.commandLine().getOut();
  }

  private PrintWriter err() {
    return spec.commandLine().getErr();
  }
}
