package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/** Entry point of the mountcheck command line. Each subcommand is one class in this package. */
@Command(
    name = "mountcheck",
    mixinStandardHelpOptions = true,
    version = "mountcheck 0.1.0",
    description = "Formal model and property-based verifier for Linux mount propagation.",
    subcommands = {
      CommandLine.HelpCommand.class,
      RunCommand.class,
      KernelCommand.class,
      DiffCommand.class,
      CheckCommand.class,
      ReplayCommand.class,
      InvariantsCommand.class,
      ConformCommand.class,
      CoverageCommand.class,
      ObserveCommand.class,
      PollCommand.class,
      VerifyCommand.class,
      ExploreCommand.class,
      BenchCommand.class,
      Z3Command.class,
      AlloyCommand.class,
      LitmusCommand.class,
      MergeCommand.class,
      Strace2ScenarioCommand.class
    })
public final class Main {
  /** Exit status of bad usage: a bad option or argument, or an unusable input file. */
  public static final int USAGE = 2;

  /** Set this environment variable to see the stack trace of an internal error. */
  static final String DEBUG_ENV = "MOUNTCHECK_DEBUG";

  public static void main(String[] args) {
    CommandLine cl = commandLine();
    int status = cl.execute(args);
    cl.getOut().flush();
    cl.getErr().flush();
    System.exit(status);
  }

  /**
   * The configured command line, shared by main and the tests: numeric options are validated before
   * a command runs, and a usage error is one line on stderr with exit status 2, never a stack
   * trace.
   */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
    cl.setExecutionStrategy(
        parsed -> {
          NumericFlags.check(parsed);
          return run.execute(parsed);
        });
    cl.setParameterExceptionHandler(Main::usage);
    cl.setExecutionExceptionHandler(Main::failure);
    // verify runs the other commands, each in a fresh command line built here
    ((VerifyCommand) cl.getSubcommands().get("verify").getCommand()).useCommands(Main::commandLine);
    return cl;
  }

  private static int usage(ParameterException e, String[] args) {
    CommandLine cl = e.getCommandLine();
    PrintWriter err = cl.getErr();
    String name = cl.getCommandSpec().qualifiedName();
    err.println(name + ": " + oneLine(e.getMessage()) + " (see '" + name + " --help')");
    err.flush();
    return USAGE;
  }

  private static int failure(Exception e, CommandLine cl, ParseResult parsed) {
    PrintWriter err = cl.getErr();
    String name = cl.getCommandSpec().qualifiedName();
    if (e instanceof UsageError) {
      err.println(name + ": " + oneLine(e.getMessage()));
      err.flush();
      return USAGE;
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      // a path the user named cannot be read or written: a usage problem, not a crash
      if (t instanceof FileSystemException f) {
        err.println(name + ": " + f.getFile() + ": " + describe(f));
        err.flush();
        return USAGE;
      }
    }
    err.println(
        name
            + ": internal error: "
            + oneLine(String.valueOf(e))
            + (System.getenv(DEBUG_ENV) == null
                ? " (set " + DEBUG_ENV + "=1 for the stack trace)"
                : ""));
    if (System.getenv(DEBUG_ENV) != null) e.printStackTrace(err);
    err.flush();
    return 1;
  }

  private static String describe(FileSystemException f) {
    if (f instanceof NoSuchFileException) return "no such file or directory";
    if (f instanceof AccessDeniedException) return "permission denied";
    if (f instanceof FileAlreadyExistsException) return "already exists";
    if (f instanceof NotDirectoryException) return "not a directory";
    return oneLine(f.getReason() != null ? f.getReason() : f.getClass().getSimpleName());
  }

  private static String oneLine(String s) {
    return OneLine.of(s);
  }
}
