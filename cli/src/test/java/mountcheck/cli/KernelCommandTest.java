package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mountcheck.kernel.KernelRequirement;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.MountInfoFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class KernelCommandTest {

  private record Run(int status, String out, String err) {}

  private static Run kernel(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = Main.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    String[] full = new String[args.length + 1];
    full[0] = "kernel";
    System.arraycopy(args, 0, full, 1, args.length);
    int status = cli.execute(full);
    return new Run(status, out.toString(), err.toString());
  }

  private static void assumeKernel() {
    assumeTrue(
        KernelRequirement.usable("mountcheck kernel test"),
        () -> KernelRequirement.skipMessage("mountcheck kernel test"));
  }

  @Test
  void missingFileIsAUsageError(@TempDir Path dir) {
    Path missing = dir.resolve("nope.sh");
    Run r = kernel(missing.toString());
    assertEquals(2, r.status());
    assertEquals("mountcheck kernel: " + missing + ": no such file\n", r.err());
    assertEquals("", r.out());
  }

  @Test
  void syntaxErrorIsReportedWithFileAndLineAndNothingRuns(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("bad.sh");
    Files.writeString(file, "mount -t tmpfs a /mnt\nmkdir -p /mnt/x\nmount --foo /mnt\n");
    Run r = kernel(file.toString(), "--record");
    assertEquals(2, r.status());
    assertEquals(file + ":3: unknown command 'mount --foo /mnt'\n", r.err());
    assertEquals("", r.out());
    assertFalse(Files.exists(dir.resolve("bad.expected")));
  }

  @Test
  void printsRowsAndFailedLinesAndRecords(@TempDir Path dir) throws Exception {
    assumeKernel();
    Path file = dir.resolve("s.sh");
    Files.writeString(
        file, "mount -t tmpfs a /mnt\nmkdir -p /mnt/x\n\numount /mnt/x\nmount -t tmpfs b /mnt/x\n");
    Run r = kernel(file.toString(), "--timeout", "10", "--record");
    assertEquals(0, r.status(), r.err());
    List<String> rows = List.of(r.out().split("\n"));
    assertEquals(2, rows.size(), r.out());
    assertTrue(
        rows.get(0).matches("[0-9]+ [0-9]+ 0:[0-9]+ / /mnt rw,relatime - tmpfs a rw"), rows.get(0));
    assertTrue(
        rows.get(1).matches("[0-9]+ [0-9]+ 0:[0-9]+ / /mnt/x rw,relatime - tmpfs b rw"),
        rows.get(1));
    assertEquals(
        file
            + ":4: umount /mnt/x: EINVAL\nmountcheck kernel: recorded "
            + dir.resolve("s.expected")
            + "\n",
        r.err());
    ExpectedOutcome recorded =
        ExpectedOutcome.parse("s.expected", Files.readString(dir.resolve("s.expected")));
    assertEquals(List.of(4), recorded.failingLines());
    assertEquals(r.out(), MountInfoFormat.render(recorded.rows()));
  }

  @Test
  void rejectsANonPositiveTimeout(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("t.sh");
    Files.writeString(file, "mount -t tmpfs a /mnt\n");
    Run r = kernel(file.toString(), "--timeout", "0");
    assertEquals(2, r.status());
    assertEquals(
        "mountcheck kernel: --timeout must be positive, got 0.0 (see 'mountcheck kernel --help')\n",
        r.err());
  }
}
