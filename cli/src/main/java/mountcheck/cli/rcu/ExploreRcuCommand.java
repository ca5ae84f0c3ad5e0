package mountcheck.cli.rcu;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.cli.KernelOption;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.rcu.Scope;
import mountcheck.properties.rcu.Exploration;
import mountcheck.properties.rcu.ExplorationMemo;
import mountcheck.properties.rcu.ExploreLimits;
import mountcheck.properties.rcu.Explorer;
import mountcheck.properties.rcu.RcuProperty;
import mountcheck.properties.rcu.ScenarioRun;
import mountcheck.properties.rcu.VerdictTable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code mountcheck explore rcu --bound K}: exhaustive exploration of one or all variants; prints
 * states, states per second, time and the verdict of every property. A report, not a check: exit 0
 * unless the arguments are wrong (violations of the known-bug variants are expected; use {@code
 * check rcu} for a pass/fail exit status).
 */
@Command(
    name = "rcu",
    mixinStandardHelpOptions = true,
    description = "Explore the RCU lifetime model at --bound K: states, states/s, verdicts.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:the exploration finished (verdicts, FAIL ones included, are in the table)",
      "2:bad option (nothing was run)"
    })
public final class ExploreRcuCommand implements Callable<Integer> {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--bound", paramLabel = "K", required = true, description = "scope size K")
  int bound;

  static final class Which {
    @Option(
        names = "--variant",
        paramLabel = "NAME",
        converter = LifetimeDesignOption.class,
        description = "one variant (default: mainline)")
    LifetimeDesign variant;

    @Option(names = "--all-variants", description = "every variant")
    boolean all;
  }

  @ArgGroup(exclusive = true)
  Which which;

  @Mixin KernelOption kernel = new KernelOption();

  @Option(
      names = "--time-limit",
      paramLabel = "SECONDS",
      description =
          "stop each variant after this many seconds; verdicts become UNKNOWN (default: no limit)")
  Double timeLimit;

  @Option(names = "--per-scenario", description = "also print one row per scenario")
  boolean perScenario;

  @Option(
      names = "--verdicts-tsv",
      paramLabel = "FILE",
      description =
          "explore the designs at every bound from 1 to K and write their verdicts as the TSV of"
              + " docs/data/lifetime-verdicts.tsv (default: no file written)")
  Path verdictsTsv;

  @Override
  public Integer call() {
    if (bound < 1) {
      err().println("mountcheck explore rcu: --bound must be at least 1");
      return 2;
    }
    List<LifetimeDesign> variants =
        which != null && which.all
            ? LifetimeDesign.ALL
            : List.of(
                which != null && which.variant != null
                    ? which.variant
                    : kernel.kernel().lifetime());
    if (verdictsTsv != null) return writeVerdicts(variants);
    Scope scope = Scope.ofBound(bound);
    out().println("scope " + scope);
    String[] head = new String[7 + RcuProperty.values().length];
    head[0] = "variant";
    head[1] = "states";
    head[2] = "transitions";
    head[3] = "depth";
    head[4] = "time";
    head[5] = "states/s";
    head[6] = "complete";
    for (int i = 0; i < RcuProperty.values().length; i++)
      head[7 + i] = RcuProperty.values()[i].id();
    TextTable table = new TextTable(head);
    TextTable scenarios =
        new TextTable("variant", "scenario", "states", "transitions", "depth", "time", "complete");
    for (LifetimeDesign v : variants) {
      ExploreLimits limits =
          timeLimit == null ? ExploreLimits.none() : ExploreLimits.seconds(timeLimit);
      Exploration e = new Explorer(limits, System.err::println).explore(v, scope);
      Object[] row = new Object[head.length];
      row[0] = v.name();
      row[1] = e.states();
      row[2] = e.transitions();
      row[3] = e.runs().stream().mapToInt(ScenarioRun::depth).max().orElse(0);
      row[4] = String.format("%.2f s", e.millis() / 1000.0);
      row[5] = String.format("%.0f", e.statesPerSecond());
      row[6] = e.complete() ? "yes" : "no";
      for (int i = 0; i < RcuProperty.values().length; i++) {
        RcuProperty p = RcuProperty.values()[i];
        var c = e.found().get(p);
        row[7 + i] = e.verdict(p) + (c == null ? "" : " (" + c.steps().size() + ")");
      }
      table.add(row);
      for (ScenarioRun r : e.runs())
        scenarios.add(
            v.name(),
            r.scenario().label(),
            r.states(),
            r.transitions(),
            r.depth(),
            r.millis() + " ms",
            r.complete() ? "yes" : "no");
    }
    out().print(table.aligned());
    if (perScenario) {
      out().println();
      out().print(scenarios.aligned());
    }
    out().println("FAIL (n): violated, shortest counterexample has n steps");
    return 0;
  }

  /** Every design at every bound 1..K (explorations shared per bound), written as the TSV. */
  private int writeVerdicts(List<LifetimeDesign> designs) {
    List<Integer> bounds = new ArrayList<>();
    List<List<Exploration>> byDesign = new ArrayList<>();
    for (int i = 0; i < designs.size(); i++) byDesign.add(new ArrayList<>());
    for (int k = 1; k <= bound; k++) {
      bounds.add(k);
      ExplorationMemo memo = new ExplorationMemo();
      ExploreLimits limits =
          timeLimit == null ? ExploreLimits.none() : ExploreLimits.seconds(timeLimit);
      for (int i = 0; i < designs.size(); i++) {
        Exploration e =
            new Explorer(limits, System.err::println, memo)
                .explore(designs.get(i), Scope.ofBound(k));
        byDesign.get(i).add(e);
        out()
            .printf(
                "K=%d %s: %d states, %.1f s%n",
                k, designs.get(i).name(), e.states(), e.millis() / 1000.0);
      }
    }
    try {
      Files.writeString(verdictsTsv, VerdictTable.of(bounds, byDesign).tsv());
    } catch (IOException e) {
      err().println("mountcheck explore rcu: " + e.getMessage());
      return 2;
    }
    out().println("wrote " + verdictsTsv);
    return 0;
  }

  private PrintWriter out() {
    return spec.commandLine().getOut();
  }

  private PrintWriter err() {
    return spec.commandLine().getErr();
  }
}
