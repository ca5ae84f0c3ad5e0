package mountcheck.properties.catalogue;

import java.nio.file.Path;
import java.util.function.Consumer;
import mountcheck.engine.Failure;
import mountcheck.engine.Property;
import mountcheck.engine.RunConfig;
import mountcheck.engine.RunReport;
import mountcheck.engine.Runner;
import mountcheck.model.ops.Scenario;
import mountcheck.properties.counterexample.CounterexampleHeader;
import mountcheck.properties.counterexample.CounterexampleWriter;
import mountcheck.properties.counterexample.Status;

/**
 * Runs a catalogue property, and when it fails writes the shrunk scenario as a counterexample file
 * (never overwriting one with other content).
 */
public final class CatalogueRunner {
  private CatalogueRunner() {}

  /** A run's report and the counterexample file it wrote (null when it passed). */
  public record Result(RunReport<Scenario> report, Path counterexample) {
    public boolean ok() {
      return report.ok();
    }

    /** Commands of the shrunk counterexample, or 0. */
    public int shrunkCommands() {
      return report.firstFailure().map(f -> f.shrunk().steps().size()).orElse(0);
    }
  }

  public static Result run(
      Property<Scenario> property,
      RunConfig config,
      Path counterexampleDir,
      String variant,
      Consumer<String> log) {
    return run(property, config, counterexampleDir, variant, log, null);
  }

  /**
   * Runs {@code property}; a failure is written to {@code counterexampleDir} with {@code reproduce}
   * (the full command that reruns this search, or null) in its header. A known-bug variant's
   * counterexample is a {@code witness}: it documents the bug and must keep failing.
   */
  public static Result run(
      Property<Scenario> property,
      RunConfig config,
      Path counterexampleDir,
      String variant,
      Consumer<String> log,
      String reproduce) {
    RunReport<Scenario> report = Runner.run(property, config);
    Path written = null;
    if (report.firstFailure().isPresent() && counterexampleDir != null) {
      Failure<Scenario> f = report.firstFailure().get();
      CounterexampleHeader header =
          CounterexampleHeader.ofFailure(
              report, f.original().steps().size(), f.shrunk().steps().size());
      if (variant != null) header = header.withVariant(variant).withStatus(Status.WITNESS);
      if (reproduce != null) header = header.withReproduce(reproduce);
      written = CounterexampleWriter.write(counterexampleDir, header, f.shrunk());
      if (log != null) log.accept(property.name() + ": counterexample written to " + written);
    }
    return new Result(report, written);
  }
}
