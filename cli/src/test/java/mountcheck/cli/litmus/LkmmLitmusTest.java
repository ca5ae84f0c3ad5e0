package mountcheck.cli.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import mountcheck.kernel.KernelRequirement;
import org.junit.jupiter.api.Test;

/**
 * The LKMM litmus tests under litmus/: each forbids its outcome as written and allows it without
 * each needed barrier or grace period, by herd7 with the kernel's own memory model. The toolchain
 * is fetched from Debian sid into the cache on first use; where that is impossible the test is
 * skipped with the reason, or fails when -Dmountcheck.requireKernel=true (CI).
 */
class LkmmLitmusTest {
  private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

  @Test
  void everyTestTagsWhatItNeedsAndCoversTheModelsOrderings() throws Exception {
    List<LitmusFile> tests = LitmusFile.all(REPO.resolve("litmus"));
    Set<String> names = tests.stream().map(LitmusFile::name).collect(Collectors.toSet());
    assertEquals(
        Set.of(
            "legitimize-vs-sync-umount",
            "mntput-fast-path-vs-namespace-unlock",
            "free-ipc-shortterm-vs-grace-period"),
        names);
    for (LitmusFile t : tests) {
      assertFalse(t.neededLines().isEmpty(), t.name());
      assertTrue(t.path().getFileName().toString().equals(t.name() + ".litmus"), t.path() + "");
      for (int i = 0; i < t.neededLines().size(); i++) {
        LitmusFile.Weakened w = t.without(i);
        assertEquals(
            t.neededLines().size() - 1,
            w.text().lines().filter(l -> l.strip().equals(w.removed())).count(),
            w.name() + " lost exactly one needed statement");
        assertTrue(w.text().startsWith("C " + w.name() + "\n"), w.name());
      }
    }
    LitmusFile sb =
        tests.stream().filter(t -> t.name().equals("legitimize-vs-sync-umount")).findFirst().get();
    assertEquals(List.of("smp_mb(); /* needed */", "smp_mb(); /* needed */"), sb.neededLines());
  }

  /**
   * An unmatched rcu_read_unlock makes herd7 print a Flag line, whatever the verdict: such a run
   * fails, because it tests something else than the test claims.
   */
  @Test
  void aHerdFlagFailsTheRun() throws Exception {
    Herd herd = herdOrSkip();
    LitmusFile fast =
        LitmusFile.read(REPO.resolve("litmus/mntput-fast-path-vs-namespace-unlock.litmus"));
    String unlocked =
        fast.text()
            .replaceFirst("\\brcu_read_lock\\(\\);", "")
            .replaceFirst("\\AC \\S+", "C unlocked");
    Herd.Outcome o = herd.run("unlocked", unlocked, REPO.resolve("cli/target/litmus"));
    assertTrue(o.flags().contains("unmatched-rcu-unlock"), o.output());
    assertFalse(new LitmusSuite.Result(fast, "rcu_read_lock();", o).asExpected());
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

  @Test
  void herdAgreesWithEveryTestAsWrittenAndWeakened() throws Exception {
    Herd herd;
    try {
      herd = new LkmmToolchain(REPO, System.err::println).herd();
    } catch (LkmmToolchain.UnavailableException e) {
      if (KernelRequirement.required())
        fail("herd7 or the kernel memory model unavailable: " + e.getMessage());
      System.err.println("[mountcheck] litmus tests skipped: " + e.getMessage());
      assumeTrue(false, "litmus tests skipped: " + e.getMessage());
      return;
    }
    List<LitmusSuite.Result> results =
        LitmusSuite.run(
            herd, LitmusFile.all(REPO.resolve("litmus")), REPO.resolve("cli/target/litmus"));
    assertEquals(3 + 4, results.size(), "three tests, four needed statements");
    for (LitmusSuite.Result r : results)
      assertTrue(
          r.asExpected(),
          r.test().name()
              + (r.removed() == null ? " as written" : " without " + r.removed())
              + ": "
              + r.outcome().observation()
              + "\n"
              + r.outcome().output());
  }
}
