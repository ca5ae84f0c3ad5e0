package mountcheck.properties.rcu;

import static mountcheck.properties.rcu.RcuProperty.CLEANUP_BEFORE_RETURN;
import static mountcheck.properties.rcu.RcuProperty.NO_SPURIOUS_ENOSPC;
import static mountcheck.properties.rcu.RcuProperty.NO_USE_AFTER_FREE;
import static mountcheck.properties.rcu.RcuProperty.SYNC_UMOUNT_COMPLETE;
import static mountcheck.properties.rcu.RcuProperty.TEARDOWN_COMPLETES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import mountcheck.model.rcu.RcuScenario;
import mountcheck.model.rcu.Scope;
import mountcheck.model.rcu.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every variant's verdict on every property, exhaustively at the CI bounds. The expected failures
 * come from issue 5 (the four known bugs) and from reading the variants: the 2023 deferral also
 * breaks the lazy guarantee; the 2012 nsproxy work item lets an exiting task be reaped before its
 * namespace is cleaned up; the wrong-order snapshot also lets a racing reader's undo lose the final
 * reference (the MNT_SYNC_UMOUNT rule of commit 48a066e72d97), so the sync umount returns with the
 * superblock active and the mount leaks.
 */
class RcuVerdictsTest {
  private static final Map<String, Set<RcuProperty>> EXPECTED_FAILURES =
      Map.of(
          "mainline", EnumSet.noneOf(RcuProperty.class),
          "sync-rcu", EnumSet.noneOf(RcuProperty.class),
          "polled-gp", EnumSet.noneOf(RcuProperty.class),
          "deferred-2023", EnumSet.of(SYNC_UMOUNT_COMPLETE, CLEANUP_BEFORE_RETURN),
          "detach-deferred-2025", EnumSet.of(CLEANUP_BEFORE_RETURN),
          "ipc-sync", EnumSet.noneOf(RcuProperty.class),
          "ipc-work-item", EnumSet.noneOf(RcuProperty.class),
          "batch-without-flush", EnumSet.of(NO_SPURIOUS_ENOSPC),
          "nsproxy-work-item", EnumSet.of(CLEANUP_BEFORE_RETURN),
          "snapshot-before-unlink",
              EnumSet.of(
                  NO_USE_AFTER_FREE,
                  SYNC_UMOUNT_COMPLETE,
                  CLEANUP_BEFORE_RETURN,
                  TEARDOWN_COMPLETES));

  /** The violations issue 5 names, with the scenario each shows up in. */
  private static final Map<String, Map.Entry<RcuProperty, RcuScenario>> ISSUE_VIOLATIONS =
      Map.of(
          "deferred-2023", Map.entry(SYNC_UMOUNT_COMPLETE, RcuScenario.UMOUNT_SYNC),
          "detach-deferred-2025", Map.entry(CLEANUP_BEFORE_RETURN, RcuScenario.UMOUNT_LAZY),
          "batch-without-flush", Map.entry(NO_SPURIOUS_ENOSPC, RcuScenario.IPC),
          "snapshot-before-unlink", Map.entry(NO_USE_AFTER_FREE, RcuScenario.UMOUNT_SYNC));

  static Stream<Arguments> k1() {
    return Variant.ALL.stream().map(v -> Arguments.of(v.name(), 1));
  }

  static Stream<Arguments> k2() {
    return Stream.of(
            "mainline",
            "deferred-2023",
            "detach-deferred-2025",
            "batch-without-flush",
            "snapshot-before-unlink")
        .map(n -> Arguments.of(n, 2));
  }

  @ParameterizedTest(name = "{0} at K={1}")
  @MethodSource({"k1", "k2"})
  void verdictOfEveryProperty(String name, int bound) {
    Variant v = Variant.byName(name).orElseThrow();
    Exploration e = new Explorer().explore(v, Scope.ofBound(bound));
    assertTrue(e.complete(), "exploration must be exhaustive");
    for (RcuProperty p : RcuProperty.values()) {
      Verdict expected = EXPECTED_FAILURES.get(name).contains(p) ? Verdict.FAIL : Verdict.PASS;
      assertEquals(expected, e.verdict(p), name + " / " + p.id());
    }
    var issue = ISSUE_VIOLATIONS.get(name);
    if (issue != null) {
      Counterexample c = e.found().get(issue.getKey());
      assertEquals(issue.getValue(), c.scenario(), "scenario of " + issue.getKey().id());
      assertTrue(c.steps().size() <= 12, "at most 12 steps, got " + c.steps().size());
      Replay.Outcome o = Replay.run(c);
      assertEquals(c.steps().size(), o.violationStep(), "fails exactly at the last step");
    }
    if (name.equals("nsproxy-work-item"))
      assertTrue(e.found().get(CLEANUP_BEFORE_RETURN).steps().size() <= 12);
  }
}
