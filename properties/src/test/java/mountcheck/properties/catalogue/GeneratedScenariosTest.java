package mountcheck.properties.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mountcheck.engine.ChoiceSequence;
import mountcheck.engine.Runner;
import mountcheck.engine.Source;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.ScenarioPrinter;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** Generated scenarios stay inside the scenario language, so every one runs on a kernel. */
@Order(4)
class GeneratedScenariosTest {
  @Test
  void everyGeneratedScenarioPrintsAndParsesBackUnchanged() {
    Source s = new Source();
    for (int i = 0; i < 2000; i++) {
      s.resetRandom(i, 1 + i % 60);
      Scenario sc = Catalogue.scenarios().generate(s);
      String text = ScenarioPrinter.print(sc);
      Scenario back = ScenarioParser.parse("generated-" + i, text);
      assertEquals(sc.operations(), back.operations(), text);
      for (Operation op : sc.operations())
        assertTrue(
            op.toCommand().contains("/mnt") || op.toCommand().startsWith("unshare"),
            op.toCommand());
    }
  }

  @Test
  void theAllZeroChoiceSequenceGivesTheSimplestScenario() {
    Scenario simplest = Runner.replay(Catalogue.scenarios(), ChoiceSequence.of(), 0);
    // the free-form family with one mkdir: the choice-0 branch at every draw
    assertEquals("mount -t tmpfs t0 /mnt", simplest.operations().get(0).toCommand());
    assertTrue(simplest.operations().size() <= 3, ScenarioPrinter.print(simplest));
  }
}
