package mountcheck.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

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
      VerifyCommand.class,
      ExploreCommand.class,
      BenchCommand.class,
      Z3Command.class,
      AlloyCommand.class
    })
public final class Main {
  public static void main(String[] args) {
    CommandLine cl = commandLine();
    int status = cl.execute(args);
    cl.getOut().flush();
    cl.getErr().flush();
    System.exit(status);
  }

  /** The configured command line, shared by main and the tests. */
  public static CommandLine commandLine() {
    return new CommandLine(new Main());
  }
}
