package mountcheck.cli.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import mountcheck.kernel.KernelRequirement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LKMM litmus tests under litmus/: each forbids its outcome as written and allows it without
 * each needed statement or group, by herd7 with the kernel's own memory model, and under sequential
 * consistency without all of them it agrees with its weak-memory statement. The toolchain is
 * fetched from Debian sid into the cache on first use; where that is impossible the herd7 tests are
 * skipped with the reason, or fail when -Dmountcheck.requireKernel=true (CI).
 */
class LkmmLitmusTest {
  private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
  private static final Path SCRATCH = REPO.resolve("cli/target/litmus");

  /** Each test's weak-memory statement, as the test's argument gives it (stated by hand). */
  private static final Map<String, Boolean> WEAK_MEMORY_NEEDED =
      Map.of(
          "legitimize-vs-sync-umount", true,
          "legitimize-vs-mntput-slowpath", true,
          "mnt-count-gets-puts-pairing", true,
          "lookup-mnt-vs-mount-lock-seqcount", true,
          "anon-ns-root-vs-fd-install", true,
          "legitimize-sync-flag-under-mount-lock", false,
          "mntput-fast-path-vs-namespace-unlock", false,
          "free-ipc-shortterm-vs-grace-period", false,
          "lookup-mnt-ns-vs-ns-tree-removal", false,
          "capable-wrt-mount-vs-move-mount", false);

  @Test
  void everyTestTagsWhatItNeedsAndStatesItsWeakMemory() throws Exception {
    List<LitmusFile> tests = LitmusFile.all(REPO.resolve("litmus"));
    Set<String> names = tests.stream().map(LitmusFile::name).collect(Collectors.toSet());
    assertEquals(WEAK_MEMORY_NEEDED.keySet(), names);
    for (LitmusFile t : tests) {
      assertEquals(WEAK_MEMORY_NEEDED.get(t.name()), t.weakMemoryNeeded(), t.name());
      assertFalse(t.neededGroups().isEmpty(), t.name());
      assertTrue(t.path().getFileName().toString().equals(t.name() + ".litmus"), t.path() + "");
      long all = t.text().lines().count();
      for (int i = 0; i < t.neededGroups().size(); i++) {
        LitmusFile.Weakened w = t.without(i);
        assertEquals(
            all - t.neededGroups().get(i).lines().size(),
            w.text().lines().count(),
            w.name() + " lost exactly its group's lines");
        assertTrue(w.text().startsWith("C " + w.name() + "\n"), w.name());
      }
      assertEquals(all - t.neededLines().size(), t.withoutAll().text().lines().count(), t.name());
    }
    long weak = tests.stream().filter(LitmusFile::weakMemoryNeeded).count();
    assertTrue(2 * weak >= tests.size(), weak + " of " + tests.size() + " need weak memory");
  }

  @Test
  void aGroupIsRemovedWholeAndSingleTagsOneAtATime() throws Exception {
    LitmusFile sb = read("legitimize-vs-sync-umount");
    assertEquals(List.of("smp_mb(); /* needed */", "smp_mb(); /* needed */"), sb.neededLines());
    assertEquals(2, sb.neededGroups().size(), "two single tags, two removals");
    assertEquals(
        1,
        sb.without(1)
            .text()
            .lines()
            .filter(l -> l.strip().equals("smp_mb(); /* needed */"))
            .count(),
        "the first barrier stays when the second goes");

    LitmusFile lock = read("legitimize-sync-flag-under-mount-lock");
    assertEquals(1, lock.neededGroups().size());
    LitmusFile.Group g = lock.neededGroups().get(0);
    assertEquals("lock", g.label());
    assertEquals(
        List.of(
            "spin_lock(mount_lock); /* needed: lock */",
            "spin_unlock(mount_lock); /* needed: lock */"),
        g.lines());
    String without = lock.without(0).text();
    assertEquals(1, without.split("spin_lock\\(", -1).length - 1, "P0's lock stays");
    assertEquals(1, without.split("spin_unlock\\(", -1).length - 1, "P0's unlock stays");

    LitmusFile rcu = read("lookup-mnt-ns-vs-ns-tree-removal");
    assertEquals(
        List.of("rcu", "synchronize_rcu(); /* needed */"),
        rcu.neededGroups().stream().map(LitmusFile.Group::label).toList());
    List<String> bare = rcu.withoutAll().text().lines().map(String::strip).toList();
    assertFalse(bare.stream().anyMatch(l -> l.startsWith("rcu_read_")), bare.toString());
    assertFalse(bare.stream().anyMatch(l -> l.startsWith("synchronize_rcu")), bare.toString());
    assertTrue(bare.contains("WRITE_ONCE(*in_tree, 0);"), "the rest stays");
    assertEquals(
        "rcu: rcu_read_lock(); (line 36), rcu_read_unlock(); (line 40)", rcu.without(0).removed());
  }

  @Test
  void aTestWithoutItsWeakMemoryStatementIsRejected(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("t.litmus");
    Files.writeString(file, "C t\n\n{}\n\nP0(int *x)\n{\n\tsmp_mb(); /* needed */\n}\n");
    IOException e = assertThrows(IOException.class, () -> LitmusFile.read(file));
    assertTrue(e.getMessage().contains("weak-memory"), e.getMessage());
    Files.writeString(file, "C t\n(* weak-memory: not needed *)\n");
    assertThrows(IOException.class, () -> LitmusFile.read(file), "the statement is a line");
    Files.writeString(file, "C t\n(*\n * weak-memory: not needed\n *)\n");
    assertFalse(LitmusFile.read(file).weakMemoryNeeded());
  }

  /**
   * An unmatched rcu_read_unlock makes herd7 print a Flag line, whatever the verdict: such a run
   * fails, because it tests something else than the test claims.
   */
  @Test
  void aHerdFlagFailsTheRun() throws Exception {
    Herd herd = herdOrSkip();
    LitmusFile fast = read("mntput-fast-path-vs-namespace-unlock");
    String unlocked =
        fast.text()
            .replaceFirst("\\brcu_read_lock\\(\\);", "")
            .replaceFirst("\\AC \\S+", "C unlocked");
    Herd.Outcome o = herd.run("unlocked", unlocked, SCRATCH);
    assertTrue(o.flags().contains("unmatched-rcu-unlock"), o.output());
    assertFalse(
        new LitmusSuite.Result(fast, LitmusSuite.Model.LKMM, "rcu_read_lock();", true, o)
            .asExpected());
  }

  /** Removing half of the lock pair is what grouping avoids: herd7 flags the unmatched unlock. */
  @Test
  void halfALockPairIsFlagged() throws Exception {
    Herd herd = herdOrSkip();
    LitmusFile lock = read("legitimize-sync-flag-under-mount-lock");
    String half =
        lock.text()
            .replaceFirst("spin_lock\\(mount_lock\\); /\\* needed: lock \\*/", "")
            .replaceFirst("\\AC \\S+", "C half-lock");
    Herd.Outcome o = herd.run("half-lock", half, SCRATCH);
    assertTrue(o.flags().contains("unmatched-unlock"), o.output());
  }

  /** litmus/sc.cat forbids store buffering, which the kernel's model allows without barriers. */
  @Test
  void theSequentialConsistencyModelForbidsStoreBuffering() throws Exception {
    Herd herd = herdOrSkip();
    LitmusFile.Weakened bare = read("legitimize-vs-sync-umount").withoutAll();
    assertTrue(herd.run(bare.name(), bare.text(), SCRATCH).allowed(), "LKMM: store buffering");
    Herd.Outcome sc = herd.run(bare.name() + "-sc", bare.text(), SCRATCH, scModel());
    assertEquals("Never", sc.observation(), sc.output());
    assertTrue(sc.flags().isEmpty(), sc.output());
  }

  /**
   * A wrong weak-memory statement fails: store buffering stated as reachable by an interleaving
   * stays Never under sequential consistency, so that run disagrees, and only that one.
   */
  @Test
  void aWrongWeakMemoryStatementFailsItsRun(@TempDir Path dir) throws Exception {
    Herd herd = herdOrSkip();
    LitmusFile sb = read("legitimize-vs-sync-umount");
    Path wrong = dir.resolve(sb.name() + ".litmus");
    Files.writeString(wrong, sb.text().replace("weak-memory: needed", "weak-memory: not needed"));
    List<LitmusSuite.Result> results =
        LitmusSuite.run(herd, List.of(LitmusFile.read(wrong)), scModel(), SCRATCH);
    assertEquals(1 + 2 + 1, results.size());
    for (LitmusSuite.Result r : results)
      assertEquals(
          r.model() == LitmusSuite.Model.LKMM, r.asExpected(), r.model() + " " + r.removed());
  }

  @Test
  void herdAgreesWithEveryTestAsWrittenWeakenedAndUnderSequentialConsistency() throws Exception {
    Herd herd = herdOrSkip();
    List<LitmusSuite.Result> results =
        LitmusSuite.run(herd, LitmusFile.all(REPO.resolve("litmus")), scModel(), SCRATCH);
    // ten tests as written, nineteen needed groups (counted by hand), ten runs under SC
    assertEquals(10 + 19 + 10, results.size());
    for (LitmusSuite.Result r : results)
      assertTrue(
          r.asExpected(),
          r.test().name()
              + " "
              + r.model()
              + (r.removed() == null ? " as written" : " without " + r.removed())
              + ": "
              + r.outcome().observation()
              + " "
              + r.outcome().flags()
              + "\n"
              + r.outcome().output());
  }

  private static LitmusFile read(String name) throws Exception {
    return LitmusFile.read(REPO.resolve("litmus").resolve(name + ".litmus"));
  }

  private static Path scModel() {
    return REPO.resolve("litmus/sc.cat");
  }

  private static Herd herdOrSkip() {
    try {
      return new LkmmToolchain(REPO, System.err::println).herd();
    } catch (LkmmToolchain.UnavailableException e) {
      if (KernelRequirement.required())
        fail("herd7 or the kernel memory model unavailable: " + e.getMessage());
      System.err.println("[mountcheck] litmus tests skipped: " + e.getMessage());
      assumeTrue(false, "litmus tests skipped: " + e.getMessage());
      return null;
    }
  }
}
