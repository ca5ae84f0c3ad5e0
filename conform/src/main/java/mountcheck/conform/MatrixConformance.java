package mountcheck.conform;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import mountcheck.engine.Gen;
import mountcheck.engine.Shard;
import mountcheck.engine.ShrinkLimits;
import mountcheck.engine.Source;
import mountcheck.kernel.KernelBackend;
import mountcheck.kernel.KernelException;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelResult;
import mountcheck.kernel.KernelUnavailableException;
import mountcheck.kernel.StepComparison;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.properties.catalogue.Catalogue;
import mountcheck.properties.counterexample.CounterexampleHeader;
import mountcheck.properties.counterexample.CounterexampleWriter;
import mountcheck.properties.counterexample.Status;
import mountcheck.properties.scenario.ScenarioShrinker;

/**
 * The conformance campaign against one kernel of the matrix, in batches: generated scenarios (the
 * catalogue's generator, one seed per scenario) run on the backend in as few boots as possible and
 * each answer is compared with the model under the kernel's {@link KernelProfile}. A disagreement
 * is shrunk against the backend (one run per candidate, within a time limit) and written as a
 * counterexample.
 */
public final class MatrixConformance {
  private static final int SIZE = 40;

  /** A generated scenario is named after its own seed: {@code seed-S}. */
  private static final String SEED_PREFIX = "seed-";

  private MatrixConformance() {}

  /**
   * What a campaign found.
   *
   * @param agreed the scenarios whose failing lines, final tables and every per-step table agree
   * @param stepsAgreed the scenarios whose per-step tables agree (the first step where they part is
   *     named in the disagreement)
   */
  public record Report(
      String kernel,
      String release,
      int compared,
      int agreed,
      int stepsAgreed,
      List<String> disagreements,
      List<String> errors,
      List<Path> written) {
    public boolean ok() {
      return disagreements.isEmpty() && errors.isEmpty() && compared > 0;
    }
  }

  /**
   * {@code count} generated scenarios from {@code seed} (scenario i from seed + i); scenarios whose
   * model answer exceeds {@link KernelConformance#MAX_MOUNTS} mounts are skipped.
   */
  public static List<Scenario> generate(long seed, int count) {
    return generate(seed, count, Shard.WHOLE, false);
  }

  /**
   * Shard {@code shard} of {@link #generate(long, int)}: the scenarios at the indices the shard
   * owns, in order. The N shards of one seed together hold exactly the unsharded list, each
   * scenario once, so their campaigns together compare exactly what the unsharded one does.
   */
  public static List<Scenario> generate(long seed, int count, Shard shard) {
    return generate(seed, count, shard, false);
  }

  /**
   * As {@link #generate(long, int, Shard)}, drawn from {@link
   * Catalogue#conformanceScenarios(double)} (per-mount attributes, {@code mountfd} lines and root
   * changes among the classic lines); with {@code liveNamespaces} every scenario also keeps
   * namespaces alive on files, acts in them with nsenter and holds references ({@code conform
   * --live-namespaces}).
   */
  public static List<Scenario> generate(long seed, int count, Shard shard, boolean liveNamespaces) {
    return generate(seed, count, shard, Catalogue.conformanceScenarios(liveNamespaces ? 1.0 : 0));
  }

  /** As {@link #generate(long, int, Shard)}, drawn from {@code gen}. */
  public static List<Scenario> generate(long seed, int count, Shard shard, Gen<Scenario> gen) {
    List<Scenario> all = new ArrayList<>();
    for (long s = seed; all.size() < count && s < seed + 20L * count + 100; s++) {
      Scenario scenario;
      try {
        scenario = gen.generate(Source.random(s, SIZE));
      } catch (RuntimeException overrun) {
        continue; // the choice budget ran out: not a valid draw
      }
      ScenarioRunner.Run quick =
          new ScenarioRunner(Model.linux()).run(scenario, MountTable.initial(100_000, 3));
      if (quick.state().mountCount() > KernelConformance.MAX_MOUNTS) continue;
      all.add(Scenario.of(SEED_PREFIX + s, scenario.operations()));
    }
    if (shard.whole()) return all;
    List<Scenario> out = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) if (shard.owns(i)) out.add(all.get(i));
    return out;
  }

  /**
   * The model's disagreement with a kernel answer (empty when they agree): failing lines, final
   * tables, held namespaces' tables, and the first step after which the tables part.
   */
  public static List<String> difference(
      KernelProfile profile, Scenario s, KernelResult live, String release) {
    List<String> out = new ArrayList<>(finalDifference(profile, s, live, release));
    String step = StepComparison.firstDifference(profile, s, live);
    if (step != null) out.add(step);
    return out;
  }

  /** The final-answer part of {@link #difference}: failing lines and final tables only. */
  public static List<String> finalDifference(
      KernelProfile profile, Scenario s, KernelResult live, String release) {
    ScenarioRunner.Run model =
        new ScenarioRunner(Model.forKernel(profile))
            .run(
                s,
                MountTable.initial(
                    100_000, Math.max(1, live.mountsBefore()), live.mountPointsBefore()));
    return OutcomeDiff.of(
        "model",
        ModelAnswer.of(model, profile),
        "kernel",
        KernelRecorder.outcome(live, release, Instant.EPOCH));
  }

  /**
   * Runs {@code scenarios} on {@code backend} and compares with {@code profile}; shrinks each
   * disagreement for at most {@code shrinkTime} and writes it to {@code out} (null: not written).
   */
  public static Report run(
      KernelBackend backend,
      KernelProfile profile,
      List<Scenario> scenarios,
      Duration shrinkTime,
      Path out,
      Consumer<String> log)
      throws KernelUnavailableException {
    return run(backend, profile, scenarios, shrinkTime, out, log, Shard.WHOLE, null);
  }

  /**
   * As {@link #run(KernelBackend, KernelProfile, List, Duration, Path, Consumer)}, for shard {@code
   * shard} of a campaign; a counterexample's header records the scenario's seed, the shard and
   * {@code reproduce} (the command that reruns the campaign; null: none).
   */
  public static Report run(
      KernelBackend backend,
      KernelProfile profile,
      List<Scenario> scenarios,
      Duration shrinkTime,
      Path out,
      Consumer<String> log,
      Shard shard,
      String reproduce)
      throws KernelUnavailableException {
    List<KernelBackend.ScenarioRun> runs = backend.runAll(scenarios);
    int agreed = 0;
    int stepsAgreed = 0;
    List<String> disagreements = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    List<Path> written = new ArrayList<>();
    for (KernelBackend.ScenarioRun r : runs) {
      if (!r.ok()) {
        errors.add(r.scenario().name() + ": " + r.error().getMessage());
        continue;
      }
      List<String> diff = difference(profile, r.scenario(), r.result(), backend.release());
      if (StepComparison.comparable(r.result())
          && StepComparison.firstDifference(profile, r.scenario(), r.result()) == null)
        stepsAgreed++;
      if (diff.isEmpty()) {
        agreed++;
        continue;
      }
      disagreements.add(r.scenario().name() + ": " + String.join("; ", diff));
      log.accept(
          "disagreement on "
              + backend.name()
              + " in "
              + r.scenario().name()
              + ": "
              + String.join("; ", diff));
      if (out != null)
        written.add(
            shrinkAndWrite(
                backend, profile, r.scenario(), diff, shrinkTime, out, log, shard, reproduce));
    }
    return new Report(
        backend.name(),
        backend.release(),
        runs.size(),
        agreed,
        stepsAgreed,
        disagreements,
        errors,
        written);
  }

  private static Path shrinkAndWrite(
      KernelBackend backend,
      KernelProfile profile,
      Scenario failing,
      List<String> diff,
      Duration time,
      Path out,
      Consumer<String> log,
      Shard shard,
      String reproduce) {
    Scenario shrunk =
        new ScenarioShrinker()
            .shrink(
                failing,
                candidate -> {
                  try {
                    return !difference(
                            profile, candidate, backend.run(candidate), backend.release())
                        .isEmpty();
                  } catch (KernelException e) {
                    return false;
                  }
                },
                new ShrinkLimits(time, 10_000));
    List<String> shrunkDiff;
    try {
      shrunkDiff = difference(profile, shrunk, backend.run(shrunk), backend.release());
    } catch (KernelException e) {
      shrunkDiff = diff;
    }
    CounterexampleHeader header =
        CounterexampleHeader.of(KernelConformance.NAME, Status.WITNESS)
            .withSizes(failing.steps().size(), shrunk.steps().size())
            .withFailure(
                "kernel "
                    + backend.name()
                    + " ("
                    + backend.release()
                    + "): "
                    + String.join("; ", shrunkDiff),
                null,
                null);
    if (failing.name().startsWith(SEED_PREFIX))
      header = header.withSeed(Long.parseLong(failing.name().substring(SEED_PREFIX.length())));
    if (!shard.whole()) header = header.withShard(shard.toString());
    if (reproduce != null) header = header.withReproduce(reproduce);
    Path p = CounterexampleWriter.write(out, header, shrunk);
    log.accept("wrote " + p);
    return p;
  }
}
