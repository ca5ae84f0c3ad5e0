package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import mountcheck.kernel.KernelRequirement;
import mountcheck.kernel.live.LiveEventRunner;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** diff --steps and bench mountinfo on the live kernel (skipped, or failed under requireKernel). */
class LiveStepsCommandsTest {
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

  @BeforeEach
  void live() {
    String what = "diff --steps and bench mountinfo";
    assumeTrue(KernelRequirement.usable(what), () -> KernelRequirement.skipMessage(what));
    String reason = LiveEventRunner.unavailableReason();
    if (reason != null && KernelRequirement.required())
      throw new AssertionError(what + ": " + reason);
    assumeTrue(reason == null, () -> what + " skipped: " + reason);
  }

  @Test
  void diffStepsAgreesOnAMoveAndNamesNothing(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("s.sh");
    Files.writeString(
        f,
        "mount -t tmpfs r /mnt\nmkdir -p /mnt/a /mnt/b\nmount -t tmpfs x /mnt/a\nmount --move"
            + " /mnt/a /mnt/b\n");
    Out r = run("diff", "--steps", f.toString());
    assertEquals(0, r.status(), r.out() + r.err());
    assertEquals("none: model and kernel agree\n", r.out());
  }

  /** The whole language: a namespace kept on a file, nsenter, a held file, cd, rmdir, exits. */
  @Test
  void diffStepsFollowsNamespacesKeptOnFilesAndHeldReferences(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("s.sh");
    Files.writeString(
        f,
        String.join(
            "\n",
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/ns /mnt/a /mnt/d",
            "mount --bind /mnt/ns /mnt/ns",
            "mount --make-private /mnt/ns",
            "touch /mnt/ns/c1",
            "unshare -m --mount=/mnt/ns/c1 true",
            "nsenter --mount=/mnt/ns/c1 mount -t tmpfs x /mnt/d",
            "exec 3</mnt/ns/c1",
            "cd /mnt/a",
            "rmdir /mnt/d",
            "umount -l /mnt/ns/c1",
            "exec 3<&-",
            "cd /",
            ""));
    Out r = run("diff", "--steps", f.toString());
    assertEquals(0, r.status(), r.out() + r.err());
    assertEquals("none: model and kernel agree\n", r.out());
  }

  @Test
  void benchMountinfoPrintsBothTablesAndAPlot(@TempDir Path dir) {
    Path plot = dir.resolve("m.svg");
    Out r =
        run(
            "bench",
            "mountinfo",
            "--tmpfs",
            "20",
            "--rounds",
            "3",
            "--sizes",
            "40,80",
            "--runs",
            "1",
            "--plot",
            plot.toString());
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("| /proc/PID/mountinfo |"), r.out());
    assertTrue(r.out().contains("| regular file, same bytes |"), r.out());
    assertEquals(
        2, r.out().lines().filter(l -> l.matches("\\| [0-9]+ \\| [0-9]+ \\|.*")).count(), r.out());
    assertTrue(Files.exists(plot));
  }
}
