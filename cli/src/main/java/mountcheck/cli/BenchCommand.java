package mountcheck.cli;

import picocli.CommandLine.Command;

/** {@code mountcheck bench ...}: the benchmarks, one subcommand each. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Benchmarks of the model's algorithms.",
    subcommands = {BenchUmountCommand.class})
public final class BenchCommand {}
