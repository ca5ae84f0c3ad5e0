package mountcheck.cli.verify;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.function.Supplier;
import mountcheck.cli.results.Result;
import mountcheck.cli.results.ResultSource;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Runs the other commands of {@code mountcheck} for {@code verify}, each in a fresh command line
 * (supplied by whoever built the command tree, so that verify does not name it), and captures what
 * they print and the results they produce. A guest's progress lines show as they come.
 */
public final class Subcommands {
  /** How a step that is not a command line reports: its exit status, given out and err. */
  public interface Action {
    int run(PrintWriter out, PrintWriter err);
  }

  private final Supplier<CommandLine> commands;
  private final PrintWriter live;

  /**
   * @param commands a fresh, configured {@code mountcheck} command line on each call
   * @param live where progress lines of long steps show as they come
   */
  public Subcommands(Supplier<CommandLine> commands, PrintWriter live) {
    this.commands = commands;
    this.live = live;
  }

  /** {@code mountcheck ARGS...}, captured with its results. */
  public Captured run(List<String> args) {
    StringWriter o = new StringWriter();
    ProgressTee e = new ProgressTee(live);
    CommandLine cl = commands.get();
    cl.setOut(new PrintWriter(o, true));
    cl.setErr(new PrintWriter(e, true));
    int exit = cl.execute(args.toArray(String[]::new));
    List<Result> produced = List.of();
    ParseResult p = cl.getParseResult();
    while (p != null && p.hasSubcommand()) p = p.subcommand();
    if (p != null && p.commandSpec().userObject() instanceof ResultSource source)
      produced = source.results();
    return new Captured(exit, o.toString(), e.toString(), produced);
  }

  /** A step that is not a command line, captured the same way. */
  public Captured run(Action action) {
    StringWriter o = new StringWriter();
    ProgressTee e = new ProgressTee(live);
    int exit = action.run(new PrintWriter(o, true), new PrintWriter(e, true));
    return new Captured(exit, o.toString(), e.toString(), List.of());
  }
}
