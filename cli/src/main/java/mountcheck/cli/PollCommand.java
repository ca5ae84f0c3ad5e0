package mountcheck.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import mountcheck.engine.Source;
import mountcheck.engine.report.MarkdownTable;
import mountcheck.model.events.MountinfoPoll;
import mountcheck.properties.catalogue.PollReaders;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code mountcheck poll}: wake-ups of mountinfo readers under the two poll rules, counted. */
@Command(
    name = "poll",
    mixinStandardHelpOptions = true,
    description =
        "Runs generated scenarios in the model with three concurrent readers that poll()"
            + " /proc/PID/mountinfo and re-read it on every wake-up, under the kernel's rule (a"
            + " change since the last poll) and the rule proposed in 2017 (a change since the last"
            + " read from offset 0); prints wake-ups, spurious wake-ups (the read found the table"
            + " the reader already had) and missed changes per rule as a Markdown table.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {"0:no reader missed a change", "1:a reader missed a change", "2:bad option"})
public final class PollCommand implements Callable<Integer> {
  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "10000",
      description = "scenarios (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "20261130",
      description = "seed (default: ${DEFAULT-VALUE})")
  long seed;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PollReaders.Counts total = PollReaders.Counts.zero();
    String firstMiss = null;
    for (int i = 0; i < runs; i++) {
      Source source = Source.random(seed * 1_000_003L + i, 1 + i % 100);
      PollReaders.Schedule s = PollReaders.schedules().generate(source);
      PollReaders.Counts c = PollReaders.Counts.zero();
      String miss = PollReaders.simulate(s, c);
      if (miss != null && firstMiss == null) firstMiss = miss;
      total.add(c);
    }
    MarkdownTable table =
        new MarkdownTable(
                "rule", "scenarios", "wake-ups", "spurious", "spurious share", "missed changes")
            .rightAligned(1, 2, 3, 4, 5);
    for (MountinfoPoll.Rule r : MountinfoPoll.Rule.values()) {
      long[] c = total.of(r);
      double share = c[0] == 0 ? 0.0 : 100.0 * c[1] / c[0];
      table.row(r.word(), runs, c[0], c[1], String.format(Locale.ROOT, "%.1f%%", share), c[2]);
    }
    out.print(table.render());
    out.flush();
    if (firstMiss != null) spec.commandLine().getErr().println("first missed change: " + firstMiss);
    return firstMiss == null ? 0 : 1;
  }
}
