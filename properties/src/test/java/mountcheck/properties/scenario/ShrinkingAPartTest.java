package mountcheck.properties.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import mountcheck.engine.ShrinkLimits;
import mountcheck.engine.ValueShrinker;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import org.junit.jupiter.api.Test;

/** A value that holds a scenario shrinks through {@link ValueShrinker#onPart}. */
class ShrinkingAPartTest {
  record Case(String variant, Scenario scenario) {}

  @Test
  void theScenarioInsideACaseShrinksAndTheRestStays() {
    Case big =
        new Case(
            "umount-2017",
            Scenario.of(
                "case",
                List.of(
                    new MountTmpfs("root", "/mnt"),
                    new MakeDirs(List.of("/mnt/x/y")),
                    new Bind("/mnt/x", "/mnt/x/y", true),
                    new Umount("/mnt/x/y", true))));
    ValueShrinker<Case> shrinker =
        ValueShrinker.onPart(
            Case::scenario, (c, s) -> new Case(c.variant(), s), new ScenarioShrinker());
    Case small =
        shrinker.shrink(
            big,
            c -> c.scenario().operations().stream().anyMatch(op -> op instanceof Umount),
            ShrinkLimits.DEFAULT);
    assertEquals("umount-2017", small.variant());
    assertEquals(List.of(new Umount("/mnt", false)), small.scenario().operations());
  }
}
