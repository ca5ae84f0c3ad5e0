package mountcheck.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mountcheck.kernel.Executor;
import mountcheck.kernel.KernelException;
import mountcheck.kernel.KernelRecorder;
import mountcheck.kernel.KernelRequirement;
import mountcheck.kernel.KernelResult;
import mountcheck.kernel.KernelRunner;
import mountcheck.kernel.LineOutcome;
import mountcheck.kernel.RecordedCases;
import mountcheck.kernel.ScenarioScript;
import mountcheck.model.ops.Scenario;
import mountcheck.model.text.CanonicalTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.TableDiff;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The resident executor ({@link Executor#SYSCALLS}) against the tools ({@link Executor#TOOLS}) on
 * the host's kernel, each in its own {@code unshare -Urm}: on every recorded case of {@code
 * conformance/} (probes included) and {@code examples/}, and on a few generated scenarios, both
 * must give the same transcript: the same failing lines with the same errno, the same final table,
 * the same table after every line, the same tables of the namespaces kept on files, and the same
 * starting state. Nothing is left out: the largest cases (C26, every cell of the bind, rbind, move
 * and make tables, 200-320 lines each) take about 2 s each on the host with the tools.
 */
class ExecutorEquivalenceTest {
  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  private static final long SEED = 20261203L;

  /**
   * Generated scenarios compared; {@code -Dmountcheck.executorEquivalence.generated=N} for more.
   */
  private static final int GENERATED =
      Integer.getInteger("mountcheck.executorEquivalence.generated", 12);

  private static final Duration LIMIT = Duration.ofSeconds(30);

  private static final KernelRunner TOOLS = new KernelRunner(LIMIT, Executor.TOOLS);
  private static final KernelRunner SYSCALLS = new KernelRunner(LIMIT, Executor.SYSCALLS);

  @BeforeAll
  static void kernel() {
    assumeTrue(
        KernelRequirement.usable("executor equivalence"),
        () -> KernelRequirement.skipMessage("executor equivalence"));
  }

  @TestFactory
  Stream<DynamicTest> recordedCasesGiveTheSameTranscript() throws IOException {
    return RecordedCases.scenarios(HOME).stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    HOME.relativize(file).toString(),
                    () ->
                        assertSame(
                            ScenarioParser.parse(
                                file.toString(), Files.readString(file, StandardCharsets.UTF_8)))));
  }

  @TestFactory
  Stream<DynamicTest> generatedScenariosGiveTheSameTranscript() {
    return MatrixConformance.generate(SEED, GENERATED).stream()
        .map(s -> DynamicTest.dynamicTest(s.name(), () -> assertSame(s)));
  }

  @TestFactory
  Stream<DynamicTest> theComparisonSeesADifferentErrno() {
    // the comparison itself: a line that fails differently must be reported
    Scenario a = ScenarioParser.parse("a.sh", "mount -t tmpfs a /mnt\numount /mnt/x\n");
    Scenario b =
        ScenarioParser.parse("b.sh", "mount -t tmpfs a /mnt\nmkdir -p /mnt/x\numount /mnt/x\n");
    return Stream.of(
        DynamicTest.dynamicTest(
            "ENOENT against EINVAL",
            () -> {
              KernelResult missing = SYSCALLS.run(a);
              KernelResult notMounted = TOOLS.run(b);
              assertEquals(1, missing.failures().size(), missing.failures().toString());
              assertEquals("ENOENT", missing.failures().get(0).errno());
              assertEquals("EINVAL", notMounted.failures().get(0).errno());
              assertEquals(false, difference(missing, notMounted).isEmpty());
            }));
  }

  private static void assertSame(Scenario scenario) throws KernelException {
    // the tools cannot go on after chroot or pivot_root (chroot(1) needs a shell in the new root);
    // HandRunTest compares such scenarios by hand with the runner instead
    if (ScenarioScript.changesRoot(scenario)) return;
    KernelResult tools = TOOLS.run(scenario);
    KernelResult syscalls = SYSCALLS.run(scenario);
    assertEquals(
        "",
        difference(tools, syscalls),
        () -> scenario.name() + ": the executors' transcripts differ");
  }

  /** How two answers to the same scenario differ; empty when they are the same transcript. */
  static String difference(KernelResult tools, KernelResult syscalls) {
    StringBuilder out = new StringBuilder();
    List<String> a = failures(tools);
    List<String> b = failures(syscalls);
    if (!a.equals(b)) out.append("failing lines: tools ").append(a).append(", syscalls ").append(b);
    out.append(table("final table", tools.rows(), syscalls.rows()));
    ExpectedOutcome ta = KernelRecorder.outcome(tools, "", Instant.EPOCH);
    ExpectedOutcome tb = KernelRecorder.outcome(syscalls, "", Instant.EPOCH);
    for (String l : OutcomeDiff.namespaces("tools", ta, "syscalls", tb)) out.append(l).append('\n');
    if (tools.stepsTooLarge() != syscalls.stepsTooLarge())
      out.append("steps too large: tools ")
          .append(tools.stepsTooLarge())
          .append(", syscalls ")
          .append(syscalls.stepsTooLarge())
          .append('\n');
    if (tools.stepRows().size() != syscalls.stepRows().size())
      out.append("per-step tables: tools ")
          .append(tools.stepRows().size())
          .append(", syscalls ")
          .append(syscalls.stepRows().size())
          .append('\n');
    else
      for (int i = 0; i < tools.stepRows().size(); i++) {
        String d =
            table("table after step " + i, tools.stepRows().get(i), syscalls.stepRows().get(i));
        if (!d.isEmpty()) {
          out.append(d);
          break;
        }
      }
    if (tools.mountsBefore() != syscalls.mountsBefore()
        || !tools.mountPointsBefore().equals(syscalls.mountPointsBefore()))
      out.append("starting state differs\n");
    return out.toString();
  }

  private static String table(String what, List<MountInfoRow> a, List<MountInfoRow> b) {
    CanonicalTable ca = CanonicalTable.of(a);
    CanonicalTable cb = CanonicalTable.of(b);
    if (ca.equals(cb)) return "";
    return what + ":\n" + TableDiff.of("tools", ca, "syscalls", cb).render();
  }

  private static List<String> failures(KernelResult r) {
    List<String> out = new ArrayList<>();
    for (LineOutcome o : r.failures()) out.add(o.line() + " " + o.errno());
    return out;
  }
}
