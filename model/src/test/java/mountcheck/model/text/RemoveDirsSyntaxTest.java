package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** {@code rmdir PATH...} in the scenario language (docs/language.md). */
class RemoveDirsSyntaxTest {
  @Test
  void parsesOneOrSeveralPathsAndPrintsThemBack() {
    Scenario s =
        ScenarioParser.parse(
            "t.sh",
            "rmdir /mnt/a\nrmdir /mnt/a/b /mnt/c\nnsenter --mount=/mnt/ns/c1 rmdir /mnt/d\n");
    assertEquals(new RemoveDirs(List.of("/mnt/a")), s.operations().get(0));
    assertEquals(new RemoveDirs(List.of("/mnt/a/b", "/mnt/c")), s.operations().get(1));
    assertEquals(
        new Nsenter("/mnt/ns/c1", new RemoveDirs(List.of("/mnt/d"))), s.operations().get(2));
    assertEquals(
        "rmdir /mnt/a\nrmdir /mnt/a/b /mnt/c\nnsenter --mount=/mnt/ns/c1 rmdir /mnt/d\n",
        ScenarioPrinter.print(s));
  }

  @Test
  void severalPathsRunAsOneRmdirEach() {
    List<? extends Operation> parts =
        ScenarioRunner.split(
            new Nsenter("/mnt/ns/c1", new RemoveDirs(List.of("/mnt/a", "/mnt/b"))));
    assertEquals(
        List.of(
            new Nsenter("/mnt/ns/c1", new RemoveDirs(List.of("/mnt/a"))),
            new Nsenter("/mnt/ns/c1", new RemoveDirs(List.of("/mnt/b")))),
        parts);
  }

  @Test
  void optionsNoPathAndPathsOutsideMntAreSyntaxErrors() {
    for (String bad : List.of("rmdir", "rmdir -p /mnt/a", "rmdir /tmp/a", "rmdir /mnt/a/")) {
      ScenarioSyntaxException e =
          assertThrows(ScenarioSyntaxException.class, () -> ScenarioParser.parse("t.sh", bad));
      assertTrue(e.getMessage().startsWith("t.sh:1: "), e.getMessage());
    }
  }
}
