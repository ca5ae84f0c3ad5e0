package mountcheck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import mountcheck.kernel.KernelRunner;
import mountcheck.properties.catalogue.CatalogueRunner;
import mountcheck.properties.catalogue.KernelConformance;
import mountcheck.properties.coverage.CoverageTally;
import mountcheck.properties.coverage.RecordedCoverage;
import mountcheck.properties.engine.RunConfig;
import mountcheck.properties.engine.Seeds;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mountcheck coverage}: the semantic coverage targets (errno sites, transition-table cells,
 * depths, mountinfo field combinations, the fs.mount-max boundary, namespace kinds), how often
 * scenarios compared with a kernel hit each, and which kernels answered.
 */
@Command(
    name = "coverage",
    mixinStandardHelpOptions = true,
    description =
        "Prints every semantic coverage target with its hits by the recorded conformance cases"
            + " (conformance/, examples/: the kernel's answer is recorded and CI re-checks it) and,"
            + " with --runs N, by N generated scenarios compared with the live kernel, and the"
            + " kernels that answered.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:every target hit",
      "1:a target was not hit, or model and kernel disagreed",
      "2:bad option (nothing was run)",
      "3:--runs given and unshare -Urm is not permitted here"
    })
public final class CoverageCommand implements Callable<Integer> {
  @Bounds(min = 0)
  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "generated scenarios to compare with the live kernel (default: ${DEFAULT-VALUE})")
  int runs;

  @Mixin SeedOption seed = new SeedOption();

  @Option(
      names = "--repo",
      paramLabel = "DIR",
      description =
          "the repository whose conformance/ and examples/ to read (default: mountcheck's)")
  Path repo;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    CoverageTally tally = new CoverageTally();
    RecordedCoverage.addAll(repo != null ? repo : RepoPaths.home(), tally);
    boolean agreed = true;
    if (runs > 0) {
      KernelRunner kernel = new KernelRunner();
      if (!kernel.available()) {
        err.println(
            "mountcheck coverage: the live kernel cannot be used here: "
                + kernel.unavailableReason());
        return 3;
      }
      long runSeed = seed.resolve();
      err.println(
          "mountcheck coverage: " + runs + " generated scenarios, " + Seeds.describe(runSeed));
      RunConfig config =
          RunConfig.defaults().withSeed(runSeed).withTries(runs).withTimeLimit(Duration.ofHours(1));
      CatalogueRunner.Result r =
          CatalogueRunner.run(
              KernelConformance.property(kernel, tally),
              config,
              RepoPaths.counterexamples(),
              null,
              err::println);
      agreed = r.ok();
    }
    stdout.print(tally.render());
    stdout.flush();
    List<String> unhit = tally.unhit();
    if (!unhit.isEmpty()) err.println("mountcheck coverage: not hit: " + String.join(", ", unhit));
    return agreed && unhit.isEmpty() ? 0 : 1;
  }
}
