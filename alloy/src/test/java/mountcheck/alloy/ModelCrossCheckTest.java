package mountcheck.alloy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mountcheck.model.semantics.Model;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.umount.Generations;
import org.junit.jupiter.api.Test;

/**
 * subtrees.als and the Java model agree on the model's own generated states (issue: cross-check).
 */
class ModelCrossCheckTest {
  @Test
  void theComparisonCatchesThe2017GenerationOnAlViroReproducer() throws Exception {
    String text = Files.readString(Path.of("..", "examples", "viro-2025-reproducer.sh"));
    var scenario = ScenarioParser.parse("viro", text);
    var input = ModelCrossCheck.lastUmountInput(Model.linux(), scenario);
    var with2025 = ModelCrossCheck.compare(scenario, input);
    var with2017 =
        ModelCrossCheck.compare(scenario, input, Generations.byName("2017").orElseThrow());
    assertEquals(List.of(), with2025.differences());
    assertEquals(1, with2017.differences().size(), with2017.differences().toString());
    assertTrue(
        with2017.differences().get(0).startsWith("2017 victims"),
        with2017.differences().toString());
  }

  @Test
  void specAndModelAgreeOnGeneratedStatesBeforeAnUmount() {
    List<ModelCrossCheck.Instance> instances = ModelCrossCheck.run(20, 20261130L, 12);
    assertTrue(instances.size() >= 10, "only " + instances.size() + " instances were small enough");
    for (ModelCrossCheck.Instance i : instances)
      assertEquals(List.of(), i.differences(), i.scenario());
    long withCandidates = instances.stream().filter(i -> i.candidates() > 0).count();
    assertTrue(withCandidates >= 10, "instances whose umount propagates: " + withCandidates);
  }
}
