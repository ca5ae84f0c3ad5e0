package mountcheck.alloy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import edu.mit.csail.sdg.parser.CompModule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Runs every command of every bundled spec at the spec's own (CI) scopes with SAT4J. */
class BundledSpecsTest {

  @BeforeAll
  static void probeSolversOnce() {
    Solvers.available();
  }

  @TestFactory
  List<DynamicTest> everyCommandMeetsItsExpectation() {
    List<DynamicTest> tests = new ArrayList<>();
    AlloyRunner runner = new AlloyRunner(RunOptions.defaults());
    for (String name : Spec.BUNDLED) {
      Spec spec = Spec.bundled(name);
      CompModule world = AlloyRunner.parse(spec);
      for (int i = 0; i < world.getAllCommands().size(); i++) {
        int index = i;
        String label = world.getAllCommands().get(i).label;
        tests.add(
            DynamicTest.dynamicTest(
                name + " " + label,
                () -> {
                  CommandReport r = runner.runCommand(spec, world, index);
                  assertTrue(r.expected() >= 0, label + " has no expect clause");
                  assertEquals(
                      r.expected(),
                      r.outcome().asExpectValue(),
                      label + " " + r.scope() + ": " + r.outcome() + " " + r.note());
                  assertTrue(r.asExpected());
                }));
      }
    }
    return tests;
  }

  @TestFactory
  List<DynamicTest> everyCommandHasAnExpectation() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : Spec.BUNDLED) {
      CompModule world = AlloyRunner.parse(Spec.bundled(name));
      world
          .getAllCommands()
          .forEach(
              c ->
                  tests.add(
                      DynamicTest.dynamicTest(
                          name + " " + c.label,
                          () ->
                              assertTrue(
                                  c.expects == 0 || c.expects == 1,
                                  c.label + " expects " + c.expects))));
    }
    return tests;
  }
}
