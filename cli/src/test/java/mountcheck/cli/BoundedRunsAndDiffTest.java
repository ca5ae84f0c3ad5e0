package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import mountcheck.kernel.KernelRequirement;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.umount.Generations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The model side is bounded like the kernel side; diff prints only the difference. */
class BoundedRunsAndDiffTest {
  record Out(int status, String out, String err) {}

  static Out run(String... args) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(o, true));
    cl.setErr(new PrintWriter(e, true));
    int status = cl.execute(args);
    return new Out(status, o.toString(), e.toString());
  }

  /** A scenario of {@code n} tmpfs mounts stacked on /mnt/a. */
  static String stacked(int n) {
    StringBuilder b = new StringBuilder("mount -t tmpfs root /mnt\nmkdir -p /mnt/a\n");
    for (int i = 0; i < n; i++) b.append("mount -t tmpfs t").append(i).append(" /mnt/a\n");
    return b.toString();
  }

  @Test
  void runStopsAtItsTimeoutWithExitThreeAndOneLine(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("long.sh");
    Files.writeString(f, stacked(3000));
    Out r = run("run", "--preexisting", "1", "--timeout", "0.001", f.toString());
    assertEquals(3, r.status(), r.err());
    assertEquals("", r.out());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(
        r.err()
            .startsWith(
                "mountcheck run: "
                    + f
                    + ": the model did not finish within the time limit of 0.001 s ("),
        r.err());
    assertTrue(r.err().contains(" of 3002 lines ran; raise it with --timeout)"), r.err());
  }

  @Test
  void aLongModelRunReportsItsProgressOnStderr() {
    Scenario s = ScenarioParser.parse("p.sh", stacked(20));
    StringWriter err = new StringWriter();
    ScenarioRunner.Run r =
        ModelRun.run(
            new Model(Generations.byName(Generations.DEFAULT).orElseThrow()),
            s,
            MountTable.initial(100000, 1, List.of()),
            Duration.ofSeconds(60),
            Duration.ZERO,
            "mountcheck run: p.sh",
            new PrintWriter(err, true));
    assertTrue(r.failures().isEmpty());
    assertTrue(
        err.toString().startsWith("mountcheck run: p.sh: model: 1 of 22 lines, 0 s\n"),
        err.toString());
    assertTrue(
        err.toString().contains("mountcheck run: p.sh: model: 22 of 22 lines, "), err.toString());
    StringWriter quiet = new StringWriter();
    assertThrows(
        ModelRun.TimeLimitExceeded.class,
        () ->
            ModelRun.run(
                new Model(Generations.byName(Generations.DEFAULT).orElseThrow()),
                s,
                MountTable.initial(100000, 1, List.of()),
                Duration.ZERO,
                Duration.ofSeconds(5),
                "x",
                new PrintWriter(quiet, true)));
    assertEquals("", quiet.toString(), "no progress line before the first interval");
  }

  @Test
  void diffPrintsOnlyTheDifferenceInRunsFailureFormat(@TempDir Path dir) throws Exception {
    assumeTrue(
        KernelRequirement.usable("mountcheck diff test"),
        () -> KernelRequirement.skipMessage("mountcheck diff test"));
    Path f = dir.resolve("limit.sh");
    Files.writeString(
        f,
        "mount -t tmpfs root /mnt\nmkdir -p /mnt/a /mnt/b\nmount -t tmpfs a /mnt/a\nmount -t tmpfs"
            + " b /mnt/b\n");
    // a mount limit the kernel does not have here: the model fails line 4 with ENOSPC
    Out r = run("diff", "--mount-max", "2", "--preexisting", "1", f.toString());
    assertEquals(1, r.status(), r.toString());
    assertTrue(r.out().contains("model:  " + f + ":4: mount -t tmpfs b /mnt/b: ENOSPC\n"), r.out());
    assertTrue(r.out().contains("kernel: " + f + ":4: mount -t tmpfs b /mnt/b: ok\n"), r.out());
    assertTrue(r.out().contains("only in kernel: "), r.out());
    assertFalse(r.out().contains(" - tmpfs "), "no mountinfo rows without --full: " + r.out());
    assertFalse(r.out().contains("fail "), r.out());

    Out quiet = run("diff", "--quiet", "--mount-max", "2", "--preexisting", "1", f.toString());
    assertEquals(1, quiet.status());
    assertEquals("", quiet.out());

    Out agree = run("diff", f.toString());
    assertEquals(0, agree.status(), agree.toString());
    assertEquals("none: model and kernel agree\n", agree.out());
    Out full = run("diff", "--full", f.toString());
    assertTrue(full.out().contains(" - tmpfs b rw"), full.out());
  }
}
