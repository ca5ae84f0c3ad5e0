package mountcheck.cli.rcu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import mountcheck.cli.Main;
import mountcheck.model.rcu.LifetimeDesign;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RcuCommandsTest {
  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      var cl = Main.commandLine();
      cl.setOut(new PrintWriter(System.out, true));
      cl.setErr(new PrintWriter(System.err, true));
      int code = cl.execute(args);
      cl.getOut().flush();
      cl.getErr().flush();
      return new Run(
          code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  @Test
  void checkPassesOnMainline(@TempDir Path dir) {
    Run r = run("check", "rcu", "--bound", "1", "--out", dir.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(Pattern.compile("no-use-after-free +PASS").matcher(r.out()).find(), r.out());
    assertTrue(
        Pattern.compile("cleanup-despite-racing-lookup +FAIL \\(not a guarantee\\)")
            .matcher(r.out())
            .find(),
        r.out());
  }

  @Test
  void checkFailsOnTheDetachDeferralAndWritesTheTrace(@TempDir Path dir) throws Exception {
    Run r =
        run(
            "check",
            "rcu",
            "--variant",
            "detach-deferred-2025",
            "--bound",
            "1",
            "--out",
            dir.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(Pattern.compile("cleanup-before-return +FAIL").matcher(r.out()).find(), r.out());
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files =
          s.filter(f -> f.getFileName().toString().startsWith("cleanup-before-return--"))
              .collect(Collectors.toList());
    }
    assertEquals(1, files.size());
    assertTrue(Files.readString(files.get(0)).contains("# variant: detach-deferred-2025"));
    Run replay = run("check", "rcu", "--replay", dir.toString());
    assertEquals(0, replay.code(), replay.out() + replay.err());
    assertTrue(replay.out().startsWith("ok "), replay.out());
  }

  @Test
  void unknownVariantIsAUsageError() {
    Run r = run("check", "rcu", "--variant", "nope");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown variant 'nope'"), r.err());
  }

  @Test
  void exploreReportsEveryVariant() {
    Run r = run("explore", "rcu", "--bound", "1", "--all-variants");
    assertEquals(0, r.code(), r.err());
    for (LifetimeDesign v : LifetimeDesign.ALL)
      assertTrue(r.out().contains(v.name() + " "), v.name());
    assertTrue(r.out().contains("states/s"));
  }

  /** --kernel 6.1 explores 6.1's lifetime design: the 5.7-6.2 ipc free, without the flush. */
  @Test
  void exploreWritesTheVerdictsOfEveryBoundAsTsvForTheKernelsDesign(@TempDir Path dir)
      throws Exception {
    Path tsv = dir.resolve("verdicts.tsv");
    Run r =
        run("explore", "rcu", "--kernel", "6.1", "--bound", "2", "--verdicts-tsv", tsv.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    List<String> rows = Files.readAllLines(tsv);
    assertTrue(rows.contains("design\tproperty\tK=1\tK=2"), rows.toString());
    // a loop at the ucount limit fails with ENOSPC on 5.10 and 6.1, at every bound
    assertTrue(rows.contains("ipc-serial-free\tno-spurious-enospc\tFAIL\tFAIL"), rows.toString());
    assertTrue(rows.contains("ipc-serial-free\tno-use-after-free\tPASS\tPASS"), rows.toString());
  }

  @Test
  void checkRefusesADesignNamedTwice() {
    Run r = run("check", "rcu", "--variant", "mainline", "--kernel", "6.1");
    assertEquals(2, r.code(), r.out() + r.err());
  }

  /**
   * --kernel 6.12 explores 6.12's own design: its namespace tree releases at once, as
   * mnt-ns-release-without-gp does, but lookup_mnt_ns runs under mnt_ns_tree_lock; its
   * capable_wrt_mount reads mnt_ns under rcu_read_lock alone, and its move_mount of an anonymous
   * namespace's root frees that namespace with no grace period (anon-ns-move).
   */
  @Test
  void exploreOfKernel612UsesItsOwnDesign(@TempDir Path dir) throws Exception {
    Path tsv = dir.resolve("verdicts.tsv");
    Run r =
        run("explore", "rcu", "--kernel", "6.12", "--bound", "1", "--verdicts-tsv", tsv.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    List<String> rows = Files.readAllLines(tsv);
    assertTrue(rows.contains("linux-6.12\tmnt-ns-freed-after-gp\tPASS"), rows.toString());
    assertTrue(rows.contains("linux-6.12\tmnt-ns-no-use-after-free\tFAIL"), rows.toString());
  }

  @Test
  void benchGivesOneJsonObjectPerRowAndNoTable() {
    Run r =
        run("bench", "rcu", "--cycles", "3000", "--work-item-cycles", "300", "--format", "json");
    assertEquals(0, r.code(), r.err());
    List<String> lines = r.out().lines().collect(Collectors.toList());
    // 4 ipc variants, then umount, umount -l and exit for every variant
    assertEquals(4 + 3 * LifetimeDesign.ALL.size(), lines.size(), r.out());
    for (String line : lines) assertTrue(line.startsWith("{\"schema\":1,"), line);
    assertTrue(
        lines.stream()
            .anyMatch(
                l ->
                    l.contains("\"name\":\"ipc loop ipc-sync\"")
                        && l.contains("\"grace-periods\":3000")
                        && l.contains("\"verdict\":\"measured\"")),
        r.out());
    assertTrue(r.out().contains("\"name\":\"umount -l detach-deferred-2025\""), r.out());
    assertTrue(!r.out().contains("| variant"), "no Markdown table in JSON mode");
  }

  @Test
  void randomSchedulesPrintAFreshSeedThatReproducesTheRun(@TempDir Path dir) {
    Run first =
        run(
            "check",
            "rcu",
            "--variant",
            "fhandle-unlocked-mnt-ns",
            "--bound",
            "1",
            "--random",
            "40",
            "--out",
            dir.toString());
    var m = Pattern.compile("seed (\\d{10}) \\(rerun with --seed (\\d+)\\)").matcher(first.err());
    assertTrue(m.find(), first.err());
    assertEquals(m.group(1), m.group(2));
    Run again =
        run(
            "check",
            "rcu",
            "--variant",
            "fhandle-unlocked-mnt-ns",
            "--bound",
            "1",
            "--random",
            "40",
            "--seed",
            m.group(1),
            "--out",
            dir.toString());
    assertTrue(again.err().contains("seed " + m.group(1) + " "), again.err());
    assertEquals(withoutTimes(first.out()), withoutTimes(again.out()));
  }

  /** The report without its timings: the time column's width follows the widest time. */
  private static String withoutTimes(String report) {
    return report.replaceAll("\\d+ ms", "N ms").replaceAll(" {2,}", "  ");
  }

  @Test
  void aSeedWithoutRandomSchedulesIsAUsageError() {
    Run r = run("check", "rcu", "--seed", "5");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--seed"), r.err());
  }

  @Test
  void benchPrintsMarkdownTables() {
    Run r = run("bench", "rcu", "--cycles", "3000", "--work-item-cycles", "300");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("| ipc-sync | 3000 | 3000 | 3000 |"), r.out());
    assertTrue(r.out().contains("| mainline | 1 |"), r.out());
  }
}
