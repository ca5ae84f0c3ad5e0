package mountcheck.properties.rcu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mountcheck.model.rcu.RcuScenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceFormatTest {
  private static final List<String> ENOSPC_STEPS =
      List.of(
          "t0: create_ipc_ns: ucount 1/1, created",
          "t0: put_ipc_ns: last reference dropped, mq_clear_sbinfo, out of the ns tree",
          "t0: put_ipc_ns: llist_add onto the free list, schedule_work(free_ipc_work)",
          "t0: create_ipc_ns: ucount at limit (1/1): ENOSPC with 0 in use");

  private static Counterexample enospc(String variant, TraceStatus status) {
    return new Counterexample(
        RcuProperty.NO_SPURIOUS_ENOSPC, variant, 1, RcuScenario.IPC, ENOSPC_STEPS, "why", status);
  }

  @Test
  void writeThenParseGivesTheSameTrace() throws Exception {
    Counterexample c = enospc("batch-without-flush", TraceStatus.WITNESS);
    String text = TraceFormat.write(c);
    assertTrue(text.contains("# property: no-spurious-enospc\n"), text);
    assertTrue(text.contains("# status: witness\n"), text);
    assertTrue(text.contains("\n2. t0: put_ipc_ns"), text);
    assertEquals(c, TraceFormat.parse(text));
  }

  @Test
  void parseRejectsMissingHeadersAndMisnumberedSteps() {
    String ok = TraceFormat.write(enospc("batch-without-flush", TraceStatus.WITNESS));
    assertThrows(
        TraceFormat.TraceSyntaxException.class,
        () -> TraceFormat.parse(ok.replace("# scenario: ipc\n", "")));
    assertThrows(
        TraceFormat.TraceSyntaxException.class,
        () -> TraceFormat.parse(ok.replace("\n2. ", "\n3. ")));
    assertThrows(
        TraceFormat.TraceSyntaxException.class,
        () -> TraceFormat.parse(ok.replace("# status: witness", "# status: maybe")));
    assertThrows(
        TraceFormat.TraceSyntaxException.class,
        () -> TraceFormat.parse(ok.replace("# steps: 4", "# steps: 5")));
  }

  @Test
  void witnessKeepsFailingOnTheBuggyVariant() {
    Counterexample c = enospc("batch-without-flush", TraceStatus.WITNESS);
    Replay.Outcome o = Replay.run(c);
    assertEquals(4, o.violationStep());
    assertTrue(Replay.asRecorded(c, o));
  }

  @Test
  void theSameStepsOnMainlineDoNotApplyAsARegressionTheyPass() {
    Counterexample c = enospc("mainline", TraceStatus.REGRESSION);
    Replay.Outcome o = Replay.run(c);
    assertFalse(o.violated());
    assertEquals(4, o.divergedAt(), "mainline flushes instead of failing at step 4");
    assertTrue(Replay.asRecorded(c, o));
    Counterexample w = enospc("mainline", TraceStatus.WITNESS);
    assertFalse(Replay.asRecorded(w, Replay.run(w)));
  }

  @Test
  void storeNeverOverwritesAndNamesByPropertyVariantAndHash(@TempDir Path dir) throws Exception {
    Counterexample c = enospc("batch-without-flush", TraceStatus.WITNESS);
    Path f = TraceFormat.store(dir, c);
    assertTrue(f.getFileName().toString().startsWith("no-spurious-enospc--batch-without-flush--"));
    Files.writeString(f, "edited");
    assertEquals(f, TraceFormat.store(dir, c));
    assertEquals("edited", Files.readString(f));
  }
}
