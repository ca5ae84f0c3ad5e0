package mountcheck.alloy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlloyRunnerTest {

  /** Two commands whose expectations are wrong, and two whose expectations hold. */
  private static final Spec TOY =
      new Spec(
          "toy",
          String.join(
              "\n",
              "sig Node { next: lone Node }",
              "fact { no n: Node | n in n.^next }",
              "assert NoSelfLoop { no n: Node | n = n.next }",
              "check NoSelfLoop for 3 expect 0",
              "assert AllLinked { all n: Node | some n.next }",
              "check AllLinked for 3 expect 0",
              "run Chain { some n: Node | some n.next.next } for 3 expect 1",
              "run Cycle { some n: Node | n in n.^next } for 3 expect 1",
              ""),
          "toy");

  @BeforeAll
  static void probeSolversOnce() {
    Solvers.available();
  }

  @Test
  void comparesEachOutcomeWithItsExpectation() {
    List<CommandReport> r = new AlloyRunner(RunOptions.defaults()).run(TOY);
    assertEquals(
        List.of("NoSelfLoop", "AllLinked", "Chain", "Cycle"),
        r.stream().map(CommandReport::command).toList());
    assertEquals(Outcome.NONE, r.get(0).outcome());
    assertTrue(r.get(0).asExpected());
    assertEquals(Outcome.COUNTEREXAMPLE, r.get(1).outcome());
    assertFalse(r.get(1).asExpected());
    assertEquals(Outcome.INSTANCE, r.get(2).outcome());
    assertTrue(r.get(2).asExpected());
    assertEquals(Outcome.NONE, r.get(3).outcome());
    assertFalse(r.get(3).asExpected());
  }

  @Test
  void reportsTheSizeOfTheTranslation() {
    CommandReport r = new AlloyRunner(RunOptions.defaults()).run(TOY).get(0);
    assertTrue(r.primaryVars() > 0 && r.primaryVars() <= r.totalVars(), r.toString());
    assertTrue(r.clauses() > 0, r.toString());
    assertEquals("for 3", r.scope());
  }

  @Test
  void scopeOverrideReplacesTheOverallScope() {
    CommandReport r = new AlloyRunner(RunOptions.defaults().withScope(1)).run(TOY).get(2);
    assertEquals("for 1", r.scope());
    // one node cannot form a chain of two links in an acyclic graph
    assertEquals(Outcome.NONE, r.outcome());
  }

  @Test
  void stepsOverrideChangesTemporalCommandsOnly() {
    Spec lifetime = Spec.bundled("lifetime");
    CommandReport r =
        new AlloyRunner(RunOptions.defaults().withSteps(4))
            .runCommand(lifetime, AlloyRunner.parse(lifetime), 3);
    assertEquals("WrongOrderProtects", r.command());
    assertTrue(r.scope().endsWith("4 steps"), r.scope());
    // the use after free needs six states: start, enter, unhash, end, free
    assertEquals(Outcome.NONE, r.outcome());
    CommandReport toy = new AlloyRunner(RunOptions.defaults().withSteps(4)).run(TOY).get(0);
    assertEquals("for 3", toy.scope());
  }

  @Test
  void otherSolversCanBeChosenAndUnknownOnesAreNamed() {
    CommandReport r =
        new AlloyRunner(RunOptions.defaults().withSolver("sat4j.light")).run(TOY).get(0);
    assertEquals(Outcome.NONE, r.outcome());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new AlloyRunner(RunOptions.defaults().withSolver("nosuch")).run(TOY));
    assertTrue(e.getMessage().contains("sat4j"), e.getMessage());
  }

  @Test
  void writesInstancesAsAlloyXml(@TempDir Path dir) throws Exception {
    List<CommandReport> r = new AlloyRunner(RunOptions.defaults().withOutDir(dir)).run(TOY);
    CommandReport cex = r.get(1);
    assertEquals(1, cex.files().size());
    String xml = Files.readString(Path.of(cex.files().get(0)));
    assertTrue(xml.contains("<alloy") && xml.contains("Node"), xml);
    assertTrue(r.get(0).files().isEmpty());
    assertTrue(cex.note().contains("not mount tables"), cex.note());
  }

  @Test
  void shift2017InstanceBecomesAScenario(@TempDir Path dir) throws Exception {
    Spec subtrees = Spec.bundled("subtrees");
    var world = AlloyRunner.parse(subtrees);
    int shift = 0;
    while (!world.getAllCommands().get(shift).label.equals("Shift2017")) {
      shift++;
    }
    CommandReport r =
        new AlloyRunner(RunOptions.defaults().withOutDir(dir)).runCommand(subtrees, world, shift);
    assertEquals(Outcome.INSTANCE, r.outcome());
    assertEquals(2, r.files().size(), r.note());
    assertTrue(r.files().get(1).endsWith("subtrees-Shift2017.sh"));
    String sh = Files.readString(Path.of(r.files().get(1)));
    List<String> lines = sh.lines().toList();
    assertTrue(lines.get(lines.size() - 1).startsWith("umount -l /mnt/"), sh);
    String moved =
        lines.stream()
            .filter(l -> l.startsWith("# 2017 rule moves visibly"))
            .findFirst()
            .orElseThrow();
    assertFalse(moved.endsWith("(none)"), moved);
    // every command line is one of the scenario language's forms
    for (String l : lines) {
      assertTrue(
          l.startsWith("#")
              || l.startsWith("mount ")
              || l.startsWith("mkdir -p ")
              || l.startsWith("umount "),
          l);
    }
  }

  @Test
  void reportLinesRoundTrip() {
    CommandReport r =
        new CommandReport(
            "s",
            "c",
            true,
            "for 3 but 8 steps",
            Outcome.COUNTEREXAMPLE,
            1,
            10,
            20,
            30,
            40,
            List.of("/a.xml", "/b.sh"),
            "a note");
    assertEquals(r, CommandReport.fromLine(r.toLine()));
  }

  @Test
  void childJvmRunsACommandAndReportsBack() {
    List<CommandReport> r = new AlloyRunner(RunOptions.defaults().withTimeoutSeconds(120)).run(TOY);
    assertEquals(Outcome.NONE, r.get(0).outcome());
    assertEquals(Outcome.COUNTEREXAMPLE, r.get(1).outcome());
    assertTrue(r.get(1).clauses() > 0);
  }

  @Test
  void childJvmIsKilledAtTheTimeLimit() {
    // TrimIsAdmissible at scope 7 runs for more than a minute with SAT4J on this kind of machine
    Spec subtrees = Spec.bundled("subtrees");
    int heavy = 0;
    var commands = AlloyRunner.parse(subtrees).getAllCommands();
    while (!commands.get(heavy).label.equals("TrimIsAdmissible")) {
      heavy++;
    }
    CommandReport r =
        ChildJvm.run(
            subtrees,
            heavy,
            commands.get(heavy),
            RunOptions.defaults().withScope(7).withTimeoutSeconds(2));
    assertEquals(Outcome.TIMEOUT, r.outcome());
    assertFalse(r.asExpected());
  }
}
