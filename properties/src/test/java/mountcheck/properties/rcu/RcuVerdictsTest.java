package mountcheck.properties.rcu;

import static mountcheck.properties.rcu.RcuProperty.CLEANUP_BEFORE_RETURN;
import static mountcheck.properties.rcu.RcuProperty.CLEANUP_DESPITE_RACING_LOOKUP;
import static mountcheck.properties.rcu.RcuProperty.COUNT_ZERO_ONLY_WHEN_DOOMED;
import static mountcheck.properties.rcu.RcuProperty.MNT_NS_FREED_AFTER_GP;
import static mountcheck.properties.rcu.RcuProperty.MNT_NS_NO_USE_AFTER_FREE;
import static mountcheck.properties.rcu.RcuProperty.MNT_NS_NULL_CHECKED;
import static mountcheck.properties.rcu.RcuProperty.NO_SPURIOUS_ENOSPC;
import static mountcheck.properties.rcu.RcuProperty.NO_USE_AFTER_FREE;
import static mountcheck.properties.rcu.RcuProperty.SYNC_UMOUNT_COMPLETE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import mountcheck.model.rcu.RcuScenario;
import mountcheck.model.rcu.Scope;
import mountcheck.model.rcu.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every variant's verdict on every property, exhaustively at K=2 (two readers, a file holder); the
 * README's lifetime section lists the same table. The expected failures come from the known bugs
 * and from reading the variants: the 2023 deferral also breaks the lazy guarantee; the 2012 nsproxy
 * work item lets an exiting task be reaped before its namespace is cleaned up; the wrong-order
 * snapshot also lets a racing reader's undo lose the final reference (the MNT_SYNC_UMOUNT rule), so
 * the sync umount returns with the superblock active and the mount leaks. Every variant fails
 * cleanup-despite-racing-lookup, which no kernel promises: legitimize_mnt's -1 path puts after
 * rcu_read_unlock.
 */
class RcuVerdictsTest {
  /** The README's verdict table: variant name to the properties that fail. */
  private static final Map<String, Set<RcuProperty>> EXPECTED_FAILURES = readmeVerdicts();

  private static Map<String, Set<RcuProperty>> readmeVerdicts() {
    Path readme =
        Path.of(System.getProperty("basedir", "."))
            .toAbsolutePath()
            .getParent()
            .resolve("docs/lifetime.md");
    String text;
    try {
      text = Files.readString(readme);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String begin = "<!-- rcu-verdicts:begin -->";
    String table =
        text.substring(
            text.indexOf(begin) + begin.length(), text.indexOf("<!-- rcu-verdicts:end -->"));
    Map<String, Set<RcuProperty>> out = new LinkedHashMap<>();
    Pattern code = Pattern.compile("`([a-z0-9-]+)`");
    for (String line : table.split("\n")) {
      if (!line.startsWith("| `")) continue;
      String[] cells = line.split("\\|");
      Matcher name = code.matcher(cells[1]);
      assertTrue(name.find(), line);
      Set<RcuProperty> fails = EnumSet.noneOf(RcuProperty.class);
      Matcher m = code.matcher(cells[3]);
      while (m.find())
        fails.add(
            RcuProperty.byId(m.group(1))
                .orElseThrow(() -> new AssertionError("unknown property in README: " + line)));
      out.put(name.group(1), fails);
    }
    return out;
  }

  @Test
  void theReadmeListsEveryVariantOnce() {
    assertEquals(
        Variant.ALL.stream().map(Variant::name).collect(Collectors.toList()),
        List.copyOf(EXPECTED_FAILURES.keySet()));
    for (Set<RcuProperty> fails : EXPECTED_FAILURES.values())
      assertTrue(fails.contains(CLEANUP_DESPITE_RACING_LOOKUP), "no variant keeps it: " + fails);
    assertEquals(
        EnumSet.of(CLEANUP_DESPITE_RACING_LOOKUP),
        EXPECTED_FAILURES.get("mainline"),
        "mainline fails only what the kernel does not promise");
  }

  /** The violation each known bug is about, with the scenario it shows up in. */
  private static final Map<String, Map.Entry<RcuProperty, RcuScenario>> ISSUE_VIOLATIONS =
      Map.of(
          "deferred-2023", Map.entry(SYNC_UMOUNT_COMPLETE, RcuScenario.UMOUNT_SYNC),
          "detach-deferred-2025", Map.entry(CLEANUP_BEFORE_RETURN, RcuScenario.UMOUNT_LAZY),
          "batch-without-flush", Map.entry(NO_SPURIOUS_ENOSPC, RcuScenario.IPC),
          "snapshot-before-unlink", Map.entry(NO_USE_AFTER_FREE, RcuScenario.UMOUNT_SYNC),
          "free-ipc-without-gp", Map.entry(COUNT_ZERO_ONLY_WHEN_DOOMED, RcuScenario.EXIT),
          "kern-unmount-without-gp", Map.entry(COUNT_ZERO_ONLY_WHEN_DOOMED, RcuScenario.EXIT),
          "fhandle-unlocked-mnt-ns", Map.entry(MNT_NS_NULL_CHECKED, RcuScenario.ANON_NS),
          "mnt-ns-release-without-gp", Map.entry(MNT_NS_FREED_AFTER_GP, RcuScenario.ANON_NS));

  static Stream<Arguments> k2() {
    return Variant.ALL.stream().map(v -> Arguments.of(v.name(), 2));
  }

  /**
   * Explorations shared between variants that behave alike in a scenario (most variants differ from
   * mainline in one or two scenarios only); {@link #sharingExplorationsChangesNoVerdict} checks the
   * sharing against exploring every variant on its own.
   */
  private static final ExplorationMemo SHARED = new ExplorationMemo();

  @Test
  void sharingExplorationsChangesNoVerdict() {
    ExplorationMemo memo = new ExplorationMemo();
    for (Variant v : Variant.ALL) {
      Exploration alone = new Explorer().explore(v, Scope.ofBound(1));
      Exploration shared =
          new Explorer(ExploreLimits.none(), s -> {}, memo).explore(v, Scope.ofBound(1));
      assertEquals(alone.states(), shared.states(), v.name());
      assertEquals(alone.found(), shared.found(), v.name());
    }
    assertTrue(
        memo.size() < Variant.ALL.size() * RcuScenario.values().length / 2,
        "most scenarios are shared: " + memo.size());
  }

  @ParameterizedTest(name = "{0} at K={1}")
  @MethodSource("k2")
  void verdictOfEveryProperty(String name, int bound) {
    Variant v = Variant.byName(name).orElseThrow();
    Exploration e =
        new Explorer(ExploreLimits.none(), s -> {}, SHARED).explore(v, Scope.ofBound(bound));
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
    if (name.equals("mainline")) {
      Counterexample c = e.found().get(CLEANUP_DESPITE_RACING_LOOKUP);
      assertEquals(TraceStatus.EXPECTED, c.status());
      assertTrue(String.join("\n", c.steps()).contains("returns -1, rcu_read_unlock"));
    }
    if (name.equals("fhandle-unlocked-mnt-ns")) {
      // the 2026 fhandle use-after-free: the namespace is freed between the second read of
      // mnt_ns and the dereference of its user_ns, because no read-side section holds it
      Counterexample c = e.found().get(MNT_NS_NO_USE_AFTER_FREE);
      assertEquals(RcuScenario.ANON_NS, c.scenario());
      String trace = String.join("\n", c.steps());
      assertTrue(trace.contains("dissolve_on_fput"), trace);
      assertTrue(trace.contains("mnt_ns_release ns0 (passive 0), kfree"), trace);
      assertTrue(c.steps().get(c.steps().size() - 1).startsWith("fh0: ns_capable(ns0"), trace);
    }
    if (name.equals("nsproxy-work-item"))
      assertTrue(e.found().get(CLEANUP_BEFORE_RETURN).steps().size() <= 12);
  }
}
