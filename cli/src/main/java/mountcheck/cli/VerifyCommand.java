package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultOptions;
import mountcheck.cli.results.ResultSource;
import mountcheck.cli.results.Verdict;
import mountcheck.kernel.KernelImages;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.VmBackend;
import mountcheck.properties.catalogue.Variants;
import mountcheck.properties.engine.Seeds;
import mountcheck.properties.report.MarkdownTable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * {@code mountcheck verify}: the main job. Runs every check that fits the default budget by running
 * the other subcommands in this process, prints one summary table and writes a Markdown report with
 * the full outputs, the counterexamples and plots under target/mountcheck-report/.
 */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description =
        "Runs everything that fits the default budget: stored counterexamples, the property"
            + " catalogue, the known-bug variants (each must be caught), the model against the"
            + " recorded and the live kernel, the kernel matrix (guest kernels under QEMU), the"
            + " lifetime model, the Z3 oracle and a small umount"
            + " benchmark; prints a summary and writes target/mountcheck-report/report.md.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:everything holds",
      "1:something failed (the summary names the failing property or file)",
      "2:bad option (nothing was run)"
    })
public final class VerifyCommand implements Callable<Integer>, ResultSource {
  @Option(
      names = "--budget",
      paramLabel = "FACTOR",
      defaultValue = "1",
      description = "multiple of the CI budgets for the catalogue (default: ${DEFAULT-VALUE})")
  double budget;

  @Option(
      names = "--conform-runs",
      paramLabel = "N",
      defaultValue = "60",
      description = "generated scenarios for the live-kernel campaign (default: ${DEFAULT-VALUE})")
  int conformRuns;

  @Option(
      names = "--matrix-runs",
      paramLabel = "N",
      defaultValue = "20",
      description =
          "generated scenarios per guest kernel of the matrix (default: ${DEFAULT-VALUE})")
  int matrixRuns;

  @Option(
      names = "--seed",
      paramLabel = "S",
      description = "seed for the randomized checks (default: random, printed)")
  Long seed;

  @Option(
      names = "--report",
      paramLabel = "DIR",
      description = "report directory (default: target/mountcheck-report)")
  Path reportDir;

  @Mixin ResultOptions format = new ResultOptions();

  @Spec CommandSpec spec;

  private final List<Result> results = new ArrayList<>();

  @Override
  public List<Result> results() {
    return List.copyOf(results);
  }

  /** One line of the summary: what ran, whether it held, and where the details are. */
  record Row(String area, String check, String result, String seconds) {}

  /** A subcommand's captured run. */
  record Captured(int exit, String out, String err, List<Result> results) {}

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    long runSeed = seed != null ? seed : Seeds.fresh();
    results.clear();
    Path dir =
        reportDir != null
            ? reportDir
            : RepoPaths.home().resolve("target").resolve("mountcheck-report");
    Files.createDirectories(dir);
    err.println("mountcheck verify: seed " + runSeed + ", report in " + dir);
    List<Row> rows = new ArrayList<>();
    StringBuilder report = new StringBuilder();
    report
        .append("# mountcheck verify report\n\n")
        .append("- date: ")
        .append(Instant.now())
        .append('\n')
        .append("- kernel: ")
        .append(System.getProperty("os.version"))
        .append('\n')
        .append("- seed: ")
        .append(runSeed)
        .append(" (rerun: `./mountcheck verify --seed ")
        .append(runSeed)
        .append("`)\n\n");
    StringBuilder details = new StringBuilder();

    step(
        rows,
        details,
        err,
        "counterexamples",
        "stored counterexamples replay as their status says",
        "replay");
    step(
        rows,
        details,
        err,
        "counterexamples",
        "stored lifetime traces replay as recorded",
        "check",
        "rcu",
        "--replay",
        RepoPaths.counterexamples().resolve("rcu").toString());
    step(
        rows,
        details,
        err,
        "catalogue",
        "every property holds (budget x" + budget + ")",
        "check",
        "--budget",
        String.valueOf(budget),
        "--seed",
        String.valueOf(runSeed),
        "--out",
        dir.resolve("counterexamples").toString());
    for (String v : Variants.names()) {
      Captured c =
          capture(
              "check",
              "--variant",
              v,
              "--budget",
              "1",
              "--seed",
              String.valueOf(runSeed),
              "--out",
              dir.resolve("variants").toString());
      boolean caught = c.exit() == 0;
      rows.add(
          new Row(
              "variants",
              v + " is caught and shrunk",
              caught ? "caught" : "MISSED: " + failing(c, "the variant was not caught"),
              "-"));
      results.addAll(
          c.results().isEmpty()
              ? List.of(
                  Result.of(
                      "verify", "check --variant " + v, caught ? Verdict.CAUGHT : Verdict.FAILED))
              : c.results());
      details.append("### check --variant ").append(v).append("\n\n").append(c.out()).append("\n");
      err.println("  variant " + v + ": " + (caught ? "caught" : "MISSED"));
    }
    step(
        rows,
        details,
        err,
        "kernel",
        "every recorded kernel answer is still the kernel's and the model's",
        "conformance-recorded");
    KernelRunner kernel = new KernelRunner();
    if (kernel.available()) {
      step(
          rows,
          details,
          err,
          "kernel",
          "model == live kernel on " + conformRuns + " generated scenarios",
          "conform",
          "--runs",
          String.valueOf(conformRuns),
          "--seed",
          String.valueOf(runSeed),
          "--out",
          dir.resolve("counterexamples").toString());
    } else {
      rows.add(
          new Row("kernel", "model == live kernel", "skipped: " + kernel.unavailableReason(), "-"));
      results.add(
          Result.of("verify", "conform", Verdict.SKIPPED)
              .withMessage(Main.oneLine(kernel.unavailableReason())));
      err.println("  conform skipped: " + kernel.unavailableReason());
    }
    matrix(rows, details, err, runSeed, dir);
    step(
        rows,
        details,
        err,
        "lifetime",
        "mainline passes every lifetime property (bound 2)",
        "check",
        "rcu",
        "--bound",
        "2");
    step(
        rows,
        details,
        err,
        "lifetime",
        "explorer verdicts per variant (bound 1)",
        "explore",
        "rcu",
        "--bound",
        "1",
        "--all-variants");
    step(
        rows,
        details,
        err,
        "z3",
        "Datalog oracle == model; symbolic type-change check",
        "z3",
        "--states",
        "100",
        "--seed",
        String.valueOf(runSeed));
    if (spec.commandLine().getParent() != null
        && spec.commandLine().getParent().getSubcommands().containsKey("alloy")) {
      step(
          rows,
          details,
          err,
          "alloy",
          "every Alloy command gives its expected outcome; spec == model on 20 model states",
          "alloy",
          "--cross-check",
          "20",
          "--out",
          dir.resolve("alloy").toString());
    }
    Path plot = dir.resolve("umount-bench.png");
    step(
        rows,
        details,
        err,
        "bench",
        "propagate_umount generations on the 2017 overlap family (N=9..15)",
        "bench",
        "umount",
        "--from",
        "9",
        "--to",
        "15",
        "--budget",
        "1",
        "--runs",
        "3",
        "--plot",
        plot.toString(),
        "--csv",
        dir.resolve("umount-bench.csv").toString());

    Path kernelPlots = dir.resolve("kernels-bench");
    step(
        rows,
        details,
        err,
        "bench",
        "the seeds' experiments on the host kernel, short (all kernels: bench kernels)",
        "bench",
        "kernels",
        "--kernel",
        "host",
        "--host-to",
        "15",
        "--runs",
        "1",
        "--cycles",
        "200",
        "--ipc-loop",
        "200",
        "--ipc-chain",
        "50",
        "--mountinfo-reads",
        "20",
        "--plots",
        kernelPlots.toString(),
        "--csv",
        kernelPlots.resolve("kernels.csv").toString());

    boolean ok =
        rows.stream()
            .allMatch(
                r ->
                    r.result().startsWith("ok")
                        || r.result().equals("caught")
                        || r.result().startsWith("skipped")
                        || r.result().startsWith("not run"));
    boolean matrixNotRun =
        rows.stream().anyMatch(r -> r.area().equals("matrix") && r.result().startsWith("not run"));
    String summary = summary(rows);
    report
        .append("## Summary\n\n")
        .append(summary)
        .append('\n')
        .append(ok ? "**Everything holds.**\n\n" : "**Something failed: see the rows above.**\n\n");
    if (Files.exists(plot))
      report.append(
          "## propagate_umount on the overlap family\n\n![time and work against"
              + " mounts](umount-bench.png)\n\n");
    report.append(
        "## The seeds on the kernels\n\n"
            + "verify runs the seeds' experiments on the host only, shortened (see Details)."
            + " Every kernel of the matrix, the guests under QEMU in one boot each (about 4"
            + " minutes on a quiet machine): `./mountcheck bench kernels --csv kernels.csv"
            + " --plots DIR`; the committed run is in experiments/runs/kernels/.\n\n");
    if (Files.exists(kernelPlots.resolve("seed-000.png")))
      report.append("![seed 000 on the host](kernels-bench/seed-000.png)\n\n");
    report.append("## Details\n\n").append(details);
    Files.writeString(dir.resolve("report.md"), report.toString(), StandardCharsets.UTF_8);
    String verdictLine =
        ok
            ? (matrixNotRun
                ? "verify: everything that ran holds; the kernel matrix was NOT run"
                : "verify: everything holds")
            : "verify: FAILED: " + failedChecks(rows);
    if (format.text()) {
      out.print(summary);
      out.println(verdictLine);
      out.println("report: " + dir.resolve("report.md"));
    } else {
      err.println(verdictLine);
      err.println("report: " + dir.resolve("report.md"));
    }
    format.emit(out, results);
    out.flush();
    return ok ? 0 : 1;
  }

  /**
   * The kernel matrix: every guest kernel under QEMU runs the recorded cases (one boot) and a short
   * generated campaign. QEMU is installed when missing and this runs as root on Debian; otherwise
   * the rows say "not run" and what to install.
   */
  private void matrix(
      List<Row> rows, StringBuilder details, PrintWriter err, long runSeed, Path dir) {
    String missing = VmBackend.qemuMissing();
    if (missing != null && QemuInstall.possible()) {
      err.println("  matrix: installing qemu-system-x86 (apt-get, as root) ...");
      err.flush();
      String failed = QemuInstall.run(err);
      missing = failed != null ? failed : VmBackend.qemuMissing();
    }
    if (missing != null) {
      rows.add(
          new Row("matrix", "guest kernels " + KernelImages.names(), "not run: " + missing, "-"));
      results.add(
          Result.of("verify", "kernel matrix", Verdict.SKIPPED)
              .withMessage("not run: " + Main.oneLine(missing)));
      err.println("  matrix not run: " + missing);
      return;
    }
    for (String k : KernelImages.names()) {
      step(
          rows,
          details,
          err,
          "matrix",
          "kernel " + k + ": recorded answers == live guest and model",
          "matrix-recorded",
          k);
      step(
          rows,
          details,
          err,
          "matrix",
          "kernel " + k + ": model == live guest on " + matrixRuns + " generated scenarios",
          "conform",
          "--kernel",
          k,
          "--runs",
          String.valueOf(matrixRuns),
          "--seed",
          String.valueOf(runSeed),
          "--out",
          dir.resolve("counterexamples").toString(),
          "--shrink-time",
          "120");
    }
  }

  private void step(
      List<Row> rows,
      StringBuilder details,
      PrintWriter err,
      String area,
      String check,
      String... args) {
    err.println("  " + area + ": " + check + " ...");
    err.flush();
    long t0 = System.nanoTime();
    Captured c = capture(args);
    String seconds = String.format(Locale.ROOT, "%.1f", (System.nanoTime() - t0) / 1e9);
    String skipped = area.equals("matrix") ? "not run: " : "skipped: ";
    String result =
        c.exit() == 0
            ? "ok"
            : c.exit() == 3
                ? skipped + firstLine(c.err())
                : "FAILED: " + failing(c, "exit " + c.exit() + ": " + lastLine(c.err()));
    rows.add(new Row(area, check, result, seconds));
    if (!c.results().isEmpty()) results.addAll(c.results());
    else {
      Verdict v = c.exit() == 0 ? Verdict.PASSED : c.exit() == 3 ? Verdict.SKIPPED : Verdict.FAILED;
      results.add(
          Result.of("verify", String.join(" ", args), v)
              .withSeconds(Double.parseDouble(seconds))
              .withMessage(c.exit() == 0 ? null : result));
    }
    details
        .append("### ")
        .append(String.join(" ", args))
        .append("\n\n")
        .append(c.out())
        .append('\n');
    if (c.exit() != 0 && !c.err().isBlank())
      details.append("```\n").append(tail(c.err(), 40)).append("```\n\n");
    err.println("    " + result + " (" + seconds + " s)");
  }

  private Captured capture(String... args) {
    StringWriter o = new StringWriter();
    Writer e = new ProgressTee(spec.commandLine().getErr());
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(o, true));
    cl.setErr(new PrintWriter(e, true));
    int exit;
    List<Result> produced = List.of();
    if (args[0].equals("conformance-recorded"))
      exit =
          RecordedAnswers.check(
              RepoPaths.home(), new PrintWriter(o, true), new PrintWriter(e, true));
    else if (args[0].equals("matrix-recorded"))
      exit =
          RecordedAnswers.check(
              RepoPaths.home(), args[1], new PrintWriter(o, true), new PrintWriter(e, true));
    else {
      exit = cl.execute(args);
      ParseResult p = cl.getParseResult();
      while (p != null && p.hasSubcommand()) p = p.subcommand();
      if (p != null && p.commandSpec().userObject() instanceof ResultSource source)
        produced = source.results();
    }
    return new Captured(exit, o.toString(), e.toString(), produced);
  }

  /**
   * Keeps what a step writes on stderr for the report and shows its guest progress lines
   * ("mountcheck: vm K (...): boot ..., done/total scenarios, ... s elapsed") as they come, so that
   * a long matrix step shows a line per boot.
   */
  static final class ProgressTee extends Writer {
    private static final String PROGRESS = "mountcheck: vm ";
    private final StringBuilder kept = new StringBuilder();
    private final StringBuilder line = new StringBuilder();
    private final PrintWriter live;

    ProgressTee(PrintWriter live) {
      this.live = live;
    }

    @Override
    public synchronized void write(char[] chars, int offset, int length) {
      kept.append(chars, offset, length);
      for (int i = offset; i < offset + length; i++) {
        if (chars[i] != '\n') {
          line.append(chars[i]);
          continue;
        }
        if (line.indexOf(PROGRESS) == 0) {
          live.println("    " + line.substring("mountcheck: ".length()));
          live.flush();
        }
        line.setLength(0);
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}

    @Override
    public synchronized String toString() {
      return kept.toString();
    }
  }

  /** The names of the failing results of a step, or {@code otherwise} when it gave none. */
  static String failing(Captured c, String otherwise) {
    List<String> names =
        c.results().stream()
            .filter(r -> !r.ok())
            .map(
                r ->
                    r.name()
                        + (r.counterexample() != null && !r.command().equals("replay")
                            ? " (" + r.counterexample() + ")"
                            : ""))
            .toList();
    return names.isEmpty() ? otherwise : String.join(", ", names);
  }

  /** The checks that failed, for the last line of the summary. */
  private static String failedChecks(List<Row> rows) {
    return String.join(
        "; ",
        rows.stream()
            .filter(
                r ->
                    !(r.result().startsWith("ok")
                        || r.result().equals("caught")
                        || r.result().startsWith("skipped")
                        || r.result().startsWith("not run")))
            .map(r -> r.area() + ": " + r.result())
            .toList());
  }

  private static String lastLine(String s) {
    List<String> l = s.lines().filter(x -> !x.isBlank()).toList();
    return l.isEmpty() ? "" : l.get(l.size() - 1);
  }

  private static String summary(List<Row> rows) {
    MarkdownTable t = new MarkdownTable("area", "check", "result", "s").rightAligned(3);
    for (Row r : rows) t.row(r.area(), r.check(), r.result(), r.seconds());
    return t.render();
  }

  private static String firstLine(String s) {
    return s.lines().filter(l -> !l.isBlank()).findFirst().orElse("");
  }

  private static String tail(String s, int lines) {
    List<String> all = s.lines().toList();
    return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size())) + "\n";
  }
}
