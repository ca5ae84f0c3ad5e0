package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultReader;
import mountcheck.cli.results.ShardMerge;
import mountcheck.cli.results.Verdict;
import mountcheck.engine.LabelRequirement;
import mountcheck.engine.Property;
import mountcheck.engine.report.MarkdownTable;
import mountcheck.experiments.bench.KernelBenchCsv;
import mountcheck.model.ops.Scenario;
import mountcheck.properties.catalogue.Catalogue;
import mountcheck.properties.catalogue.KnownBugProperties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mountcheck merge}: the results of the shards of a campaign as one. */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = {
      "Merges the results (JSON Lines from --format json, or JUnit XML from --junit) of the shards"
          + " of campaigns run with --shard I/N into the results of the unsharded runs: one summary"
          + " on stdout (a table, or JSON Lines with --format json), one report (--junit FILE) and"
          + " the union of the counterexamples the shards wrote.",
      "A failure is the one at the smallest example index (the unsharded run stops there), with"
          + " the counts of the examples before it; otherwise counts are added and discards and"
          + " label shares are judged on the merged counts.",
      "Shards are keyed by kernel and I/N: a campaign over kernel x shard merges into one result"
          + " per kernel, and a missing or doubled (kernel, shard) pair is an error. bench kernels"
          + " shards merge into the unsharded run's items; their CSVs (given as RESULT files too)"
          + " into --csv FILE."
    },
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:every merged result succeeded and no shard is missing",
      "1:a merged result failed, or a shard is missing or doubled",
      "2:bad arguments or a file that is not a result file (nothing was merged)"
    })
public final class MergeCommand implements Callable<Integer> {
  @Parameters(
      paramLabel = "RESULT",
      arity = "1..*",
      description = "result files of the shards (JSON Lines or JUnit XML)")
  List<Path> files = new ArrayList<>();

  @Option(
      names = "--kernels",
      paramLabel = "K",
      split = ",",
      description =
          "the kernels the campaign ran on (e.g. host,5.10,6.1,6.12,7.2): a kernel none of whose"
              + " shards left a result is then reported missing too (default: the kernels the"
              + " results name)")
  List<String> kernels = new ArrayList<>();

  @Option(
      names = "--csv",
      paramLabel = "FILE",
      description =
          "write the merged CSV of the bench kernels shards whose CSVs are among the RESULT files"
              + " (default: none)")
  Path csv;

  @Mixin ResultOptions format = new ResultOptions();

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    List<Result> inputs = new ArrayList<>();
    Map<String, String> csvs = new LinkedHashMap<>();
    for (Path f : files) {
      if (!Files.isRegularFile(f)) throw new UsageError("no such result file: " + f);
      try {
        String text = Files.readString(f, StandardCharsets.UTF_8);
        if (KernelBenchCsv.is(text)) csvs.put(f.toString(), text);
        else inputs.addAll(ResultReader.read(f));
      } catch (IOException e) {
        throw new UsageError("cannot read " + f + ": " + e.getMessage());
      } catch (IllegalArgumentException e) {
        throw new UsageError(e.getMessage());
      }
    }
    if (!csvs.isEmpty() && csv == null)
      throw new UsageError("bench kernels CSVs merge into --csv FILE: " + csvs.keySet());
    if (csvs.isEmpty() && csv != null)
      throw new UsageError("--csv needs the bench kernels CSVs of the shards among the RESULTs");
    List<Result> merged =
        new ArrayList<>(ShardMerge.merge(inputs, MergeCommand::requirements, kernels));
    if (csv != null) {
      KernelBenchCsv.Merged m = KernelBenchCsv.merge(csvs);
      try {
        Files.writeString(csv, m.csv(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UsageError("cannot write " + csv + ": " + e.getMessage());
      }
      if (!m.problems().isEmpty())
        merged.add(
            Result.of("bench kernels", "csv", Verdict.ERROR)
                .withMessage(String.join("; ", m.problems())));
    }
    boolean ok = merged.stream().allMatch(Result::ok);
    if (format.text()) printText(stdout, inputs, merged, ok);
    format.emit(stdout, merged);
    stdout.flush();
    return ok ? 0 : 1;
  }

  /** The merged results as a table, the totals per kernel and the shards' counterexamples. */
  private void printText(PrintWriter stdout, List<Result> inputs, List<Result> merged, boolean ok) {
    MarkdownTable table =
        new MarkdownTable(
                "command",
                "kernel",
                "name",
                "verdict",
                "seed",
                "counts",
                "counterexample",
                "message")
            .rightAligned(4);
    for (Result r : merged) {
      table.row(
          r.command(),
          r.shard() == null ? "" : r.shard().kernel(),
          r.name(),
          r.verdict().word(),
          r.seed() == null ? "" : r.seed(),
          counts(r.counts()),
          r.counterexample() == null ? "" : r.counterexample(),
          r.message() == null ? "" : r.message());
    }
    stdout.print(table.render());
    List<String> all = ShardMerge.counterexamples(inputs);
    stdout.println();
    stdout.println(
        inputs.size()
            + " results from "
            + files.size()
            + " files merged into "
            + merged.size()
            + "; "
            + (ok ? "all succeeded" : "FAILED"));
    Map<String, List<Result>> byKernel = new TreeMap<>();
    for (Result r : merged)
      if (r.shard() != null)
        byKernel.computeIfAbsent(r.shard().kernel(), k -> new ArrayList<>()).add(r);
    for (Map.Entry<String, List<Result>> k : byKernel.entrySet()) {
      long bad = k.getValue().stream().filter(r -> !r.ok()).count();
      stdout.println(
          "kernel "
              + k.getKey()
              + ": "
              + k.getValue().size()
              + " results, "
              + (bad == 0 ? "all succeeded" : bad + " FAILED or missing"));
    }
    if (csv != null) stdout.println("bench kernels CSV of the shards merged into " + csv);
    if (!all.isEmpty()) {
      stdout.println("counterexamples written by the shards:");
      for (String c : all) stdout.println("  " + c);
    }
  }

  private static String counts(Map<String, Long> counts) {
    List<String> parts = new ArrayList<>();
    counts.forEach((k, v) -> parts.add(k + " " + v));
    return String.join(", ", parts);
  }

  /** The required labels of the catalogue property or variant property of a check result. */
  static List<LabelRequirement> requirements(String command, String name) {
    if (!command.equals("check")) return List.of();
    Optional<Property<Scenario>> p = Catalogue.byName(name);
    if (p.isEmpty()) {
      p =
          KnownBugProperties.names().stream()
              .map(KnownBugProperties::property)
              .flatMap(Optional::stream)
              .filter(v -> v.name().equals(name))
              .findFirst();
    }
    return p.map(Property::requiredLabels).orElse(List.of());
  }
}
