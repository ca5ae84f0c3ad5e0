package mountcheck.cli;

import java.util.concurrent.Callable;
import mountcheck.cli.rcu.CheckRcuCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code mountcheck check}: run property checks; each area is a subcommand. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = "Check properties; see the subcommands.",
    subcommands = {CheckRcuCommand.class})
public final class CheckCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand (try: rcu)");
  }
}
