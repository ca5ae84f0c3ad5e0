package mountcheck.properties.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import mountcheck.engine.Failure;
import mountcheck.engine.Gen;
import mountcheck.engine.Outcome;
import mountcheck.engine.Property;
import mountcheck.engine.RunConfig;
import mountcheck.engine.RunReport;
import mountcheck.engine.Runner;
import mountcheck.engine.ShrinkLimits;
import mountcheck.engine.Verdict;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole pipeline on scenarios: a random scenario generator, a planted failure, choice shrinking
 * and then scenario shrinking, ending at a minimum stated by hand.
 */
class ScenarioPropertyShrinkTest {
  private static final Gen<String> PATHS =
      Gen.elements("/mnt/srv", "/mnt/srv/www", "/mnt/data", "/mnt/data/x/y", "/mnt/tmp/z");

  private static final Gen<Operation> OPERATION =
      Gen.oneOf(
          Gen.list(PATHS, 1, 3).map(MakeDirs::new),
          Gen.elements("fsa", "fsb", "fsc").flatMap(l -> PATHS.map(p -> new MountTmpfs(l, p))),
          PATHS.flatMap(s -> PATHS.flatMap(d -> Gen.bool().map(r -> new Bind(s, d, r)))),
          PATHS.flatMap(p -> Gen.bool().map(l -> new Umount(p, l))),
          Gen.elements(Propagation.values())
              .flatMap(t -> Gen.bool().flatMap(r -> PATHS.map(p -> new ChangeType(t, r, p)))),
          Gen.bool()
              .flatMap(
                  u ->
                      Gen.elements(Unshare.NamespacePropagation.values())
                          .map(p -> new Unshare(u, p))));

  private static final Gen<Scenario> SCENARIOS =
      Gen.list(OPERATION, 0, 40).map(ops -> Scenario.of("generated", ops));

  /** Fails when an rbind of some target is followed later by a lazy umount of that target. */
  private static boolean rbindThenLazyUmount(Scenario s) {
    List<Operation> ops = s.operations();
    for (int i = 0; i < ops.size(); i++) {
      if (!(ops.get(i) instanceof Bind b) || !b.recursive()) continue;
      for (int j = i + 1; j < ops.size(); j++) {
        if (ops.get(j) instanceof Umount u && u.lazy() && u.target().equals(b.target())) {
          return true;
        }
      }
    }
    return false;
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 7, 99, 2026})
  void rbindThenLazyUmountShrinksToTwoCommandsOnMnt(long seed) {
    Property<Scenario> p =
        Property.<Scenario>of(
                "no-rbind-then-lazy-umount",
                "no scenario rbinds a target and later lazily unmounts it",
                SCENARIOS,
                (s, labels) -> Verdict.of(!rbindThenLazyUmount(s), "rbind then umount -l"))
            .withShrinker(new ScenarioShrinker())
            .withTries(100_000);
    RunReport<Scenario> r =
        Runner.run(
            p,
            RunConfig.defaults()
                .withSeed(seed)
                .withLog(line -> {})
                .withShrinkLimits(new ShrinkLimits(Duration.ofSeconds(20), 100_000)));
    assertEquals(Outcome.FAILED, r.outcome());
    Failure<Scenario> f = r.firstFailure().orElseThrow();
    assertTrue(f.original().steps().size() >= 2);
    assertEquals(
        List.of(new Bind("/mnt", "/mnt", true), new Umount("/mnt", true)), f.shrunk().operations());
  }
}
