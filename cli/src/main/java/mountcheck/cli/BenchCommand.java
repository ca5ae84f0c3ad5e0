package mountcheck.cli;

import java.util.concurrent.Callable;
import mountcheck.cli.rcu.BenchRcuCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code mountcheck bench}: benchmarks; each area is a subcommand. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Benchmarks; see the subcommands.",
    subcommands = {
      BenchUmountCommand.class,
      BenchModelCommand.class,
      BenchRcuCommand.class,
      BenchMountinfoCommand.class,
      BenchKernelsCommand.class
    })
public final class BenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "missing subcommand (try: umount, rcu, mountinfo, kernels)");
  }
}
