package mountcheck.properties.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import mountcheck.engine.PassStatistics;
import mountcheck.engine.ShrinkLimits;
import mountcheck.engine.Source;
import mountcheck.engine.Span;
import mountcheck.engine.ValueShrinker;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirectoryAt;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PivotRoot;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.properties.generators.ScenarioGenerator;
import org.junit.jupiter.api.Test;

/**
 * Each named pass of the scenario shrinker alone on a small scenario, with its result and its
 * statistics (runs, calls, successes, characters removed) derived by hand in the comments; and the
 * label rule of {@code swap-steps}.
 */
class ScenarioShrinkPassTest {
  private static final ShrinkLimits LIMITS = new ShrinkLimits(Duration.ofSeconds(20), 100_000);
  private static final Predicate<Scenario> ALWAYS = s -> true;

  private static final Operation TMPFS = new MountTmpfs("t", "/mnt"); // 21 characters + newline
  private static final Operation MKDIR_A = new MakeDirs(List.of("/mnt/a")); // 15 + 1
  private static final Operation MKDIR_B = new MakeDirs(List.of("/mnt/b"));
  private static final Operation MKDIR_C = new MakeDirs(List.of("/mnt/c"));

  /** The result of {@code pass} alone, after checking the start fails. */
  private static ValueShrinker.Shrunk<Scenario> alone(
      String pass, Predicate<Scenario> fails, Operation... ops) {
    Scenario start = Scenario.of("pass", List.of(ops));
    assertTrue(fails.test(start), "the scenario fails to begin with");
    return new ScenarioShrinker(List.of(pass)).shrinkWithStatistics(start, fails, LIMITS);
  }

  private static void assertStatistics(
      ValueShrinker.Shrunk<Scenario> r,
      String pass,
      int runs,
      int calls,
      int successes,
      int chars) {
    assertEquals(1, r.passes().size(), "only the chosen pass reports");
    assertEquals(
        new PassStatistics(pass, runs, calls, successes, chars, PassStatistics.CHARACTERS),
        r.passes().get(0));
  }

  private static List<Operation> ops(ValueShrinker.Shrunk<Scenario> r) {
    return r.value().operations();
  }

  @Test
  void everyPassHasAStableNameInRoundOrder() {
    assertEquals(
        List.of(
            "delete-steps",
            "delete-namespace-blocks",
            "delete-subtrees",
            "merge-mkdirs",
            "plain-flags",
            "delete-mkdir-paths",
            "collapse-directories",
            "shorten-paths",
            "merge-sources",
            "rename-directories",
            "rename-sources",
            "delete-pairs",
            "swap-steps"),
        ScenarioShrinker.PASSES);
    assertThrows(
        IllegalArgumentException.class, () -> new ScenarioShrinker(List.of("delete-spans")));
  }

  @Test
  void deleteStepsHalvesItsWindow() {
    Operation umount = new Umount("/mnt", false);
    // k=2: delete 2..3 (no umount), 1..2 (kept: tmpfs, umount), 0..1 (empty list, no umount);
    // k=1: delete the umount (no), the tmpfs (kept). Round 2 only meets the empty list again.
    var r =
        alone(
            "delete-steps", s -> s.operations().contains(umount), TMPFS, MKDIR_A, MKDIR_B, umount);
    assertEquals(List.of(umount), ops(r));
    assertStatistics(r, "delete-steps", 2, 5, 2, 22 + 16 + 16);
  }

  @Test
  void deleteNamespaceBlocksDeletesAnUnshareWithItsCommandsLastBlockFirst() {
    Operation unshare = new Unshare(false, Unshare.NamespacePropagation.PRIVATE); // "unshare -m"
    // blocks 3..5 (kept) then 1..3 (loses mkdir a); round 2 meets 1..3's candidate again.
    var r =
        alone(
            "delete-namespace-blocks",
            s -> s.operations().contains(MKDIR_A),
            TMPFS,
            unshare,
            MKDIR_A,
            unshare,
            MKDIR_B);
    assertEquals(List.of(TMPFS, unshare, MKDIR_A), ops(r));
    assertStatistics(r, "delete-namespace-blocks", 2, 2, 1, 11 + 16);
  }

  @Test
  void deleteSubtreesDropsEveryCommandBelowADirectory() {
    Operation bind = new Bind("/mnt/a", "/mnt/b", false);
    // directories by depth: /mnt/a (drops the bind), /mnt/b (drops the bind), /mnt/a/x (kept:
    // mkdir -p /mnt/b); round 2: /mnt/a again (seen), /mnt/b (new, drops the bind).
    var r =
        alone(
            "delete-subtrees",
            s -> s.operations().stream().anyMatch(op -> op instanceof Bind),
            TMPFS,
            new MakeDirs(List.of("/mnt/a/x", "/mnt/b")),
            bind);
    assertEquals(List.of(TMPFS, MKDIR_B, bind), ops(r));
    assertStatistics(r, "delete-subtrees", 2, 4, 1, " /mnt/a/x".length());
  }

  @Test
  void mergeMkdirsFoldsLaterIntoEarlier() {
    // the last into the middle one, then that into the first (duplicates go).
    var r = alone("merge-mkdirs", ALWAYS, MKDIR_A, MKDIR_B, MKDIR_A);
    assertEquals(List.of(new MakeDirs(List.of("/mnt/a", "/mnt/b"))), ops(r));
    assertStatistics(r, "merge-mkdirs", 2, 2, 2, 3 * 16 - "mkdir -p /mnt/a /mnt/b\n".length());
  }

  @Test
  void plainFlagsDropsOneFlagAtATime() {
    // --rbind, -l, -U in round 1; --propagation slave in round 2; round 3 has nothing to try.
    var r =
        alone(
            "plain-flags",
            ALWAYS,
            new Bind("/mnt/a", "/mnt/b", true),
            new Umount("/mnt/b", true),
            new Unshare(true, Unshare.NamespacePropagation.SLAVE));
    assertEquals(
        List.of(
            new Bind("/mnt/a", "/mnt/b", false),
            new Umount("/mnt/b", false),
            new Unshare(false, Unshare.NamespacePropagation.PRIVATE)),
        ops(r));
    assertStatistics(r, "plain-flags", 3, 4, 4, 1 + 3 + 2 + " --propagation slave".length());
  }

  @Test
  void plainFlagsTurnsAPivotIntoAChrootOrAPivotOntoItself() {
    Predicate<Scenario> pivots =
        s -> s.operations().stream().anyMatch(op -> op instanceof PivotRoot);
    // a pivot that must stay: chroot /mnt/a is refused, pivot_root /mnt/a /mnt/a kept (2 calls);
    // round 2 offers only the chroot again, which ScenarioShrinkRun has seen and does not check
    var r = alone("plain-flags", pivots, new PivotRoot("/mnt/a", "/mnt/a/b"));
    assertEquals(List.of(new PivotRoot("/mnt/a", "/mnt/a")), ops(r));
    assertStatistics(r, "plain-flags", 2, 2, 1, "/b".length());
    // any root change will do: the chroot comes first
    var c = alone("plain-flags", ALWAYS, new PivotRoot("/mnt/a", "/mnt/a/b"));
    assertEquals(List.of(new ChangeRoot("/mnt/a")), ops(c));
  }

  @Test
  void deleteMkdirPathsDropsOnePathFromTheEnd() {
    Predicate<Scenario> needsB =
        s ->
            s.operations().stream()
                .anyMatch(op -> op instanceof MakeDirs m && m.paths().contains("/mnt/b"));
    // drop /mnt/c (kept), /mnt/b (fails no more), /mnt/a (kept); round 2: one path left.
    var r =
        alone("delete-mkdir-paths", needsB, new MakeDirs(List.of("/mnt/a", "/mnt/b", "/mnt/c")));
    assertEquals(List.of(MKDIR_B), ops(r));
    assertStatistics(r, "delete-mkdir-paths", 2, 3, 2, 2 * " /mnt/a".length());
  }

  @Test
  void collapseDirectoriesDropsOneLevelOfEveryPath() {
    // round 1: /mnt/a goes (/mnt/b/c), /mnt/a/b and /mnt/a/b/c name nothing any more;
    // round 2: /mnt/b goes (/mnt/c); round 3: /mnt/c goes (/mnt); round 4: nothing below /mnt.
    var r = alone("collapse-directories", ALWAYS, new MakeDirs(List.of("/mnt/a/b/c")));
    assertEquals(List.of(new MakeDirs(List.of("/mnt"))), ops(r));
    assertStatistics(r, "collapse-directories", 4, 3, 3, "/a/b/c".length());
  }

  @Test
  void shortenPathsReplacesOnePathByItsParent() {
    Predicate<Scenario> bindOfTwoPaths =
        s -> s.operations().get(0) instanceof Bind b && !b.source().equals(b.target());
    // round 1: /mnt/a/b -> /mnt/a (kept), /mnt/c -> /mnt (kept); round 2: /mnt/a -> /mnt (a
    // bind of /mnt onto itself: no), and /mnt is not shortened; nothing kept, so no round 3.
    var r = alone("shorten-paths", bindOfTwoPaths, new Bind("/mnt/a/b", "/mnt/c", false));
    assertEquals(List.of(new Bind("/mnt/a", "/mnt", false)), ops(r));
    assertStatistics(r, "shorten-paths", 2, 3, 2, "/b".length() + "/c".length());
  }

  @Test
  void mergeSourcesCanSucceedWithoutRemovingACharacter() {
    Predicate<Scenario> bDiffersFromRoot =
        s -> {
          MountTmpfs root = (MountTmpfs) s.operations().get(0);
          MountTmpfs b = (MountTmpfs) s.operations().get(2);
          return !root.source().equals(b.source());
        };
    // z -> x (no), z -> y (kept, same length); y -> x (no); round 2: y -> x again (seen).
    var r =
        alone(
            "merge-sources",
            bDiffersFromRoot,
            new MountTmpfs("x", "/mnt"),
            new MountTmpfs("y", "/mnt/a"),
            new MountTmpfs("z", "/mnt/b"));
    assertEquals(
        List.of(
            new MountTmpfs("x", "/mnt"),
            new MountTmpfs("y", "/mnt/a"),
            new MountTmpfs("y", "/mnt/b")),
        ops(r));
    assertStatistics(r, "merge-sources", 2, 3, 1, 0);
  }

  @Test
  void renameDirectoriesTakesTheFirstSimplerName() {
    // dir -> a (kept); round 2: a is the simplest name.
    var r = alone("rename-directories", ALWAYS, new MakeDirs(List.of("/mnt/dir")));
    assertEquals(List.of(MKDIR_A), ops(r));
    assertStatistics(r, "rename-directories", 2, 1, 1, 2);
  }

  @Test
  void mkdiratNamesAPathOnlyWhenAbsolute() {
    // mountfd mkdirat /mnt/a/x goes with the subtree of /mnt/a; t/x names a directory below a
    // descriptor, no path of the scenario, and stays
    Operation relative = new MakeDirectoryAt("t/x");
    var deleted =
        alone(
            "delete-subtrees",
            s -> s.operations().contains(relative),
            TMPFS,
            MKDIR_A,
            new MakeDirectoryAt("/mnt/a/x"),
            relative);
    assertEquals(List.of(TMPFS, relative), ops(deleted));
    // round 1: /mnt/dir -> /mnt/a, which /mnt/dir/sub follows; round 2: /mnt/a/sub -> /mnt/a/a;
    // t/dir is never renamed
    var renamed =
        alone(
            "rename-directories",
            ALWAYS,
            new MakeDirs(List.of("/mnt/dir")),
            new MakeDirectoryAt("/mnt/dir/sub"),
            new MakeDirectoryAt("t/dir"));
    assertEquals(
        List.of(MKDIR_A, new MakeDirectoryAt("/mnt/a/a"), new MakeDirectoryAt("t/dir")),
        ops(renamed));
  }

  @Test
  void renameSourcesSkipsNamesThatPass() {
    Predicate<Scenario> notA = s -> !((MountTmpfs) s.operations().get(0)).source().equals("a");
    // top -> a (passes), top -> b (kept); round 2: b -> a (seen), then b is not simpler.
    var r = alone("rename-sources", notA, new MountTmpfs("top", "/mnt"));
    assertEquals(List.of(new MountTmpfs("b", "/mnt")), ops(r));
    assertStatistics(r, "rename-sources", 2, 2, 1, 2);
  }

  @Test
  void deletePairsRunsWhenStuckAndStopsAtTheFirstKept() {
    // the pair (0, 2) leaves mkdir b (kept); round 2: one command, no pair.
    var r = alone("delete-pairs", s -> s.operations().contains(MKDIR_B), MKDIR_A, MKDIR_B, MKDIR_C);
    assertEquals(List.of(MKDIR_B), ops(r));
    assertStatistics(r, "delete-pairs", 2, 1, 1, 2 * 16);
  }

  @Test
  void swapStepsSortsOnlyNeighboursWithTheSameLabel() {
    Operation share = new ChangeType(Propagation.SHARED, false, "/mnt");
    Operation unshare = new Unshare(false, Unshare.NamespacePropagation.PRIVATE);
    Operation userUnshare = new Unshare(true, Unshare.NamespacePropagation.PRIVATE);
    // Text order would put "mkdir" before "mount --make-shared" and "unshare -Urm" before
    // "unshare -m", but those neighbours differ in kind or namespace; only the two mkdirs in
    // namespace 0 swap. Round 2 would swap them back, which is not smaller: no call.
    var r = alone("swap-steps", ALWAYS, TMPFS, share, MKDIR_B, MKDIR_A, unshare, userUnshare);
    assertEquals(List.of(TMPFS, share, MKDIR_A, MKDIR_B, unshare, userUnshare), ops(r));
    assertStatistics(r, "swap-steps", 2, 1, 1, 0);
  }

  @Test
  void swapStepsNeverExchangesCommandsWithDifferentLabels() {
    ScenarioGenerator.Settings settings = ScenarioGenerator.Settings.withLiveNamespaces(0.3);
    int swapped = 0;
    for (long seed = 1; seed <= 200; seed++) {
      Scenario s = ScenarioGenerator.scenarios(settings).generate(Source.random(seed, 40));
      List<Operation> shrunk =
          new ScenarioShrinker(List.of("swap-steps")).shrink(s, ALWAYS, LIMITS).operations();
      assertEquals(labels(s.operations()), labels(shrunk), "seed " + seed + ": labels in order");
      assertEquals(sorted(s.operations()), sorted(shrunk), "seed " + seed + ": the same commands");
      if (!shrunk.equals(s.operations())) swapped++;
    }
    assertTrue(swapped > 0, "some generated scenario had two neighbours of one label to sort");
  }

  private static List<String> labels(List<Operation> ops) {
    List<String> out = new ArrayList<>();
    for (Span span : ScenarioSpans.of(ops))
      out.add(span.start() + ".." + span.end() + " " + span.label());
    return out;
  }

  /** The script's characters, one newline per command. */
  private static int characters(List<Operation> ops) {
    return ops.stream().mapToInt(op -> op.toCommand().length() + 1).sum();
  }

  private static List<String> sorted(List<Operation> ops) {
    return ops.stream().map(Operation::toCommand).sorted(Comparator.naturalOrder()).toList();
  }

  @Test
  void theStatisticsOfAllPassesAddUpToTheChecksAndTheCharactersRemoved() {
    Operation umount = new Umount("/mnt/dir/sub", true);
    List<Operation> start =
        List.of(
            new MountTmpfs("root", "/mnt"),
            new MakeDirs(List.of("/mnt/dir/sub", "/mnt/other")),
            new ChangeType(Propagation.SHARED, true, "/mnt"),
            new Unshare(true, Unshare.NamespacePropagation.SLAVE),
            new MountTmpfs("inner", "/mnt/dir/sub"),
            new Bind("/mnt/dir", "/mnt/other", true),
            umount,
            MKDIR_C);
    int[] checks = {0};
    Predicate<Scenario> fails =
        s -> {
          checks[0]++;
          return s.operations().stream().anyMatch(op -> op instanceof Umount);
        };
    Scenario scenario = Scenario.of("all", start);
    var r = new ScenarioShrinker().shrinkWithStatistics(scenario, fails, LIMITS);
    assertEquals(List.of(new Umount("/mnt", false)), r.value().operations());
    assertEquals(ScenarioShrinker.PASSES, r.passes().stream().map(PassStatistics::pass).toList());
    assertEquals(checks[0], r.passes().stream().mapToInt(PassStatistics::calls).sum());
    int removed = r.passes().stream().mapToInt(PassStatistics::removed).sum();
    assertEquals(
        characters(start) - characters(r.value().operations()), removed, r.passes().toString());
  }

  @Test
  void spansLabelCommandsByKindAndNamespaceAndMarkNamespaceBlocks() {
    Operation unshare = new Unshare(false, Unshare.NamespacePropagation.PRIVATE);
    assertEquals(
        List.of(
            new Span(0, 1, "mount-tmpfs in namespace 0"),
            new Span(1, 2, "mkdir in namespace 0"),
            new Span(2, 3, "unshare in namespace 1"),
            new Span(3, 4, "mkdir in namespace 1"),
            new Span(4, 5, "unshare in namespace 2"),
            new Span(2, 4, ScenarioSpans.NAMESPACE_BLOCK),
            new Span(4, 5, ScenarioSpans.NAMESPACE_BLOCK)),
        ScenarioSpans.of(List.of(TMPFS, MKDIR_A, unshare, MKDIR_B, unshare)));
  }
}
