package mountcheck.cli;

import java.util.concurrent.Callable;
import mountcheck.cli.rcu.ExploreRcuCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code mountcheck explore}: exhaustive state-space exploration; each model is a subcommand. */
@Command(
    name = "explore",
    mixinStandardHelpOptions = true,
    description = "Explore a model's state space exhaustively; see the subcommands.",
    subcommands = {ExploreRcuCommand.class})
public final class ExploreCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand (try: rcu)");
  }
}
