package mountcheck.properties.rcu;

import static mountcheck.properties.rcu.RcuProperty.CLEANUP_BEFORE_RETURN;
import static mountcheck.properties.rcu.RcuProperty.CLEANUP_DESPITE_RACING_LOOKUP;
import static mountcheck.properties.rcu.RcuProperty.COUNT_ZERO_ONLY_WHEN_DOOMED;
import static mountcheck.properties.rcu.RcuProperty.EXPIRY_CLEANUP_IN_KWORKERS;
import static mountcheck.properties.rcu.RcuProperty.MNT_NS_FREED_AFTER_GP;
import static mountcheck.properties.rcu.RcuProperty.MNT_NS_NO_USE_AFTER_FREE;
import static mountcheck.properties.rcu.RcuProperty.MNT_NS_NULL_CHECKED;
import static mountcheck.properties.rcu.RcuProperty.NO_ENOSPC_DESPITE_RACING_PUT;
import static mountcheck.properties.rcu.RcuProperty.NO_SLEEP_IN_RCU_READ_SIDE;
import static mountcheck.properties.rcu.RcuProperty.NO_SPURIOUS_ENOSPC;
import static mountcheck.properties.rcu.RcuProperty.NO_USE_AFTER_FREE;
import static mountcheck.properties.rcu.RcuProperty.NS_REF_NOT_FROM_ZERO;
import static mountcheck.properties.rcu.RcuProperty.SYNC_UMOUNT_COMPLETE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.rcu.RcuScenario;
import mountcheck.model.rcu.Scope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every design's verdict on every property, exhaustively at the bounds CI affords (1 and 2),
 * against docs/data/lifetime-verdicts.tsv, which holds them for bounds 1 to 3 ({@code explore rcu
 * --all-variants --bound 3 --verdicts-tsv} writes it) and from which the docs' verdict table is
 * made. The expected failures come from the known bugs and from reading the designs: the 2023
 * deferral also breaks the lazy guarantee, and leaves an expired mount's final put to its softirq
 * callback after the expiring work returned; the 2012 nsproxy work item lets an exiting task be
 * reaped before its namespace is cleaned up; the wrong-order snapshot also lets a racing reader's
 * undo lose the final reference (the MNT_SYNC_UMOUNT rule), so the sync umount returns with the
 * superblock active and the mount leaks (an expired one as well); the three ns-get designs each
 * break one rule of ns_get_unless_inactive's readers (docs/lifetime.md); dissolve_on_fput's
 * lockless check without rcu_read_lock dereferences the anonymous namespace a racing move_mount
 * freed; a child that umount_tree leaves in the mount hash is found, after its last reference went,
 * by a walker whose working directory is inside the lazily detached parent; kern_unmount of an
 * internal mount without its grace period lets a holder's fast path, which saw mnt_ns set, drop the
 * last reference without MNT_DOOMED, so nobody runs the inline cleanup_mnt; mount expiry without
 * UMOUNT_SYNC lets a racing walker's -1 path take the automount's final reference, so its
 * cleanup_mnt lands in that walker's task_work, not on delayed_mntput_work; exit_task_work before
 * the namespace teardown closes task_work first, so the teardown's final mntput goes to
 * delayed_mntput_work and the task can be reaped before its mounts are cleaned up; kill_sb at every
 * deactivate_super shuts a superblock down under another mount of it that a walker still enters.
 * Every design fails cleanup-despite-racing-lookup and no-enospc-despite-racing-put, which no
 * kernel promises: legitimize_mnt's -1 path puts after rcu_read_unlock, and put_ipc_ns drops its
 * reference before it queues the free.
 */
class RcuVerdictsTest {
  /** The bounds CI explores; the data file may hold more. */
  private static final List<Integer> CI_BOUNDS = List.of(1, 2);

  private static final Path HOME =
      Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();

  private static final VerdictTable DATA = VerdictTable.parse(read(dataFile()));

  static Path dataFile() {
    return HOME.resolve("docs").resolve("data").resolve("lifetime-verdicts.tsv");
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void theDataListsEveryDesignAndPropertyFromBoundOne() {
    assertEquals(
        LifetimeDesign.ALL.stream().map(LifetimeDesign::name).collect(Collectors.toList()),
        List.copyOf(DATA.verdicts().keySet()));
    List<String> ids = Arrays.stream(RcuProperty.values()).map(RcuProperty::id).toList();
    for (var row : DATA.verdicts().values()) assertEquals(ids, List.copyOf(row.keySet()));
    assertEquals(1, DATA.bounds().get(0));
    assertTrue(DATA.bounds().size() >= 3, "bounds 1 to at least 3: " + DATA.bounds());
    for (int k : DATA.bounds()) {
      assertEquals(
          List.of(CLEANUP_DESPITE_RACING_LOOKUP.id(), NO_ENOSPC_DESPITE_RACING_PUT.id()),
          DATA.failing("mainline", k),
          "mainline fails only what the kernel does not promise, at K=" + k);
      // 6.12 drops the namespace tree's passive reference without a grace period, as
      // mnt-ns-release-without-gp does, but looks namespaces up under mnt_ns_tree_lock, which the
      // removal takes for writing: no lookup can be taking a reference when the memory goes. Its
      // capable_wrt_mount (fs/fhandle.c of 6.12.117) reads mnt_ns under rcu_read_lock alone,
      // though, and its move_mount of an anonymous namespace's root frees that namespace at once
      // (do_move_mount: free_mnt_ns after unlock_mount, no grace period, since namespace_unlock
      // had no victims): the reader dereferences freed memory (anon-ns-move)
      assertEquals(
          List.of(
              CLEANUP_DESPITE_RACING_LOOKUP.id(),
              MNT_NS_NO_USE_AFTER_FREE.id(),
              NO_ENOSPC_DESPITE_RACING_PUT.id()),
          DATA.failing("linux-6.12", k),
          "linux-6.12 at K=" + k);
      for (String d : DATA.verdicts().keySet())
        for (String p : DATA.verdicts().get(d).keySet())
          assertTrue(DATA.verdict(d, p, k) != Verdict.UNKNOWN, d + " " + p + " K=" + k);
    }
  }

  @Test
  void aBiggerBoundKeepsEveryFailureOfTheData() {
    assertEquals(List.of(), DATA.lostFailures());
  }

  /** The known bug each design is about. */
  private static final Map<String, RcuProperty> KNOWN_BUGS =
      Map.ofEntries(
          Map.entry("deferred-2023", SYNC_UMOUNT_COMPLETE),
          Map.entry("detach-deferred-2025", CLEANUP_BEFORE_RETURN),
          Map.entry("nonsync-deferred-2025", CLEANUP_BEFORE_RETURN),
          Map.entry("batch-without-flush", NO_SPURIOUS_ENOSPC),
          Map.entry("ipc-serial-free", NO_SPURIOUS_ENOSPC),
          Map.entry("nsproxy-work-item", CLEANUP_BEFORE_RETURN),
          Map.entry("snapshot-before-unlink", NO_USE_AFTER_FREE),
          Map.entry("free-ipc-without-gp", COUNT_ZERO_ONLY_WHEN_DOOMED),
          Map.entry("kern-unmount-without-gp", COUNT_ZERO_ONLY_WHEN_DOOMED),
          Map.entry("fhandle-unlocked-mnt-ns", MNT_NS_NULL_CHECKED),
          Map.entry("mnt-ns-release-without-gp", MNT_NS_FREED_AFTER_GP),
          Map.entry("ns-get-without-rcu", MNT_NS_NO_USE_AFTER_FREE),
          Map.entry("ns-get-unconditional-inc", NS_REF_NOT_FROM_ZERO),
          Map.entry("listns-put-under-rcu", NO_SLEEP_IN_RCU_READ_SIDE),
          Map.entry("dissolve-check-without-rcu", MNT_NS_NO_USE_AFTER_FREE),
          Map.entry("umount-child-left-hashed", NO_USE_AFTER_FREE),
          Map.entry("internal-put-without-gp", COUNT_ZERO_ONLY_WHEN_DOOMED),
          Map.entry("expiry-without-umount-sync", EXPIRY_CLEANUP_IN_KWORKERS),
          Map.entry("exit-task-work-first", CLEANUP_BEFORE_RETURN),
          Map.entry("kill-sb-without-active-count", NO_USE_AFTER_FREE));

  @Test
  void everyKnownBugIsCaughtAtEveryBoundOfTheData() {
    for (var bug : KNOWN_BUGS.entrySet())
      for (int k : DATA.bounds())
        assertEquals(
            Verdict.FAIL,
            DATA.verdict(bug.getKey(), bug.getValue().id(), k),
            bug.getKey() + " at K=" + k);
  }

  /** The docs' verdict table is the one made from the data file. */
  @Test
  void theDocsTableIsMadeFromTheData() {
    Path doc = HOME.resolve("docs/lifetime.md");
    String text = read(doc);
    String begin = "<!-- rcu-verdicts:begin -->\n";
    String end = "<!-- rcu-verdicts:end -->";
    assertTrue(text.contains(begin) && text.contains(end), doc + " has the table's markers");
    String table = text.substring(text.indexOf(begin) + begin.length(), text.indexOf(end));
    assertEquals(DATA.markdown(), table, "the table between the markers of " + doc);
  }

  static Stream<Arguments> designs() {
    return LifetimeDesign.ALL.stream().map(v -> Arguments.of(v.name()));
  }

  /**
   * Explorations shared between designs that behave alike in a scenario (most designs differ from
   * mainline in one or two scenarios only), one memo per bound; {@link
   * #sharingExplorationsChangesNoVerdict} checks the sharing against exploring each on its own.
   */
  private static final Map<Integer, ExplorationMemo> SHARED =
      Map.of(1, new ExplorationMemo(), 2, new ExplorationMemo());

  @Test
  void sharingExplorationsChangesNoVerdict() {
    ExplorationMemo memo = new ExplorationMemo();
    for (LifetimeDesign v : LifetimeDesign.ALL) {
      Exploration alone = new Explorer().explore(v, Scope.ofBound(1));
      Exploration shared =
          new Explorer(ExploreLimits.none(), s -> {}, memo).explore(v, Scope.ofBound(1));
      assertEquals(alone.states(), shared.states(), v.name());
      assertEquals(alone.found(), shared.found(), v.name());
    }
    assertTrue(
        memo.size() < LifetimeDesign.ALL.size() * RcuScenario.values().length / 2,
        "most scenarios are shared: " + memo.size());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("designs")
  void theModelGivesTheDataVerdictsAtTheBoundsCiAffords(String name) {
    LifetimeDesign v = LifetimeDesign.byName(name).orElseThrow();
    Exploration previous = null;
    for (int k : CI_BOUNDS) {
      Exploration e =
          new Explorer(ExploreLimits.none(), s -> {}, SHARED.get(k)).explore(v, Scope.ofBound(k));
      assertTrue(e.complete(), "exploration must be exhaustive");
      for (RcuProperty p : RcuProperty.values()) {
        assertEquals(
            DATA.verdict(name, p.id(), k), e.verdict(p), name + " / " + p.id() + " K=" + k);
        if (previous != null && previous.verdict(p) == Verdict.FAIL)
          assertEquals(Verdict.FAIL, e.verdict(p), "K=" + k + " keeps K=" + (k - 1) + "'s FAIL");
      }
      checkCounterexamples(name, e);
      previous = e;
    }
  }

  private static void checkCounterexamples(String name, Exploration e) {
    RcuProperty bug = KNOWN_BUGS.get(name);
    if (bug != null) {
      Counterexample c = e.found().get(bug);
      assertTrue(c.steps().size() <= 12, "at most 12 steps, got " + c.steps().size());
      Replay.Outcome o = Replay.run(c);
      assertEquals(c.steps().size(), o.violationStep(), "fails exactly at the last step");
    }
    if (name.equals("mainline")) {
      Counterexample c = e.found().get(CLEANUP_DESPITE_RACING_LOOKUP);
      assertEquals(TraceStatus.EXPECTED, c.status());
      assertTrue(String.join("\n", c.steps()).contains("returns -1, rcu_read_unlock"));
      // a creator between another task's reference drop and its llist_add: flush_work has
      // nothing queued to wait for, and the dropped namespace is still charged
      Counterexample enospc = e.found().get(NO_ENOSPC_DESPITE_RACING_PUT);
      assertEquals(TraceStatus.EXPECTED, enospc.status());
      // t0 creates and drops, t1..t(K-1) fill the limit of K, tK is refused
      int k = e.scope().bound();
      assertEquals(k + 2, enospc.steps().size(), String.join("\n", enospc.steps()));
      assertTrue(enospc.steps().get(1).contains("last reference dropped"), enospc.steps().get(1));
    }
    if (name.equals("fhandle-unlocked-mnt-ns")) {
      // the 2026 fhandle use-after-free: the namespace is freed between the second read of
      // mnt_ns and the dereference of its user_ns, because no read-side section holds it. The
      // shortest way to free it is a move_mount that empties it (no umount_tree, no grace period
      // for victims); the committed witness has the dissolve_on_fput way of the report
      Counterexample c = e.found().get(MNT_NS_NO_USE_AFTER_FREE);
      assertEquals(RcuScenario.ANON_NS_MOVE, c.scenario());
      String trace = String.join("\n", c.steps());
      assertTrue(trace.contains("t1: move_mount m0"), trace);
      assertTrue(trace.contains("mnt_ns_release ns0 (passive 0), kfree"), trace);
      assertTrue(c.steps().get(c.steps().size() - 1).startsWith("fh0: ns_capable(ns0"), trace);
    }
  }
}
