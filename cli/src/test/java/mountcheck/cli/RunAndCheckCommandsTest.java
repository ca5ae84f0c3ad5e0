package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command-line contracts: output formats, error messages and exit statuses. */
class RunAndCheckCommandsTest {
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

  @Test
  void runPrintsMountinfoAndReportsFailedLinesOnStderr(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("s.sh");
    Files.writeString(
        f,
        "# comment\nmount -t tmpfs root /mnt\nmkdir -p /mnt/a\nmount --make-unbindable /mnt/a\n");
    Out r = run("run", "--preexisting", "1", f.toString());
    assertEquals(0, r.status());
    assertTrue(
        r.out().matches("[0-9]+ [0-9]+ 0:[0-9]+ / /mnt rw,relatime - tmpfs root rw\\n"), r.out());
    assertEquals(f + ":4: mount --make-unbindable /mnt/a: EINVAL\n", r.err());
  }

  @Test
  void aLineOutsideTheLanguageIsASyntaxErrorWithFileAndLineAndNothingRuns(@TempDir Path dir)
      throws Exception {
    Path f = dir.resolve("bad.sh");
    Files.writeString(f, "mount -t tmpfs root /mnt\nmount --frobnicate /mnt\n");
    Out r = run("run", f.toString());
    assertEquals(2, r.status());
    assertTrue(r.err().startsWith(f + ":2: "), r.err());
    assertEquals("", r.out());
  }

  @Test
  void aMissingFileIsExitTwoWithAClearMessage() {
    Out r = run("run", "/nonexistent/x.sh");
    assertEquals(2, r.status());
    assertTrue(r.err().contains("no such file"), r.err());
  }

  @Test
  void runSelectsTheUmountGeneration(@TempDir Path dir) throws Exception {
    Path viro = Path.of("..", "examples", "viro-2025-reproducer.sh");
    Out newest = run("run", "--preexisting", "1", viro.toString());
    Out old = run("run", "--preexisting", "1", "--umount", "2017", viro.toString());
    assertEquals(0, newest.status());
    assertTrue(
        !newest.out().equals(old.out()), "2017 and 2025 answer Al Viro's reproducer differently");
    assertEquals(2, run("run", "--umount", "1999", viro.toString()).status());
  }

  @Test
  void checkOfAKnownBugVariantIsCaughtShrunkAndWrittenAsAWitness(@TempDir Path dir)
      throws Exception {
    Out r =
        run(
            "check",
            "--variant",
            "umount-2016",
            "--seed",
            "3",
            "--budget",
            "1",
            "--verbose",
            "--out",
            dir.toString());
    assertEquals(0, r.status(), "caught, as intended: " + r.err());
    assertTrue(r.err().contains("| shrink pass | runs | calls | successes | removed |"));
    assertTrue(r.err().contains("| delete-spans |"), r.err());
    assertTrue(r.err().contains("| delete-steps |"), "the scenario shrinker's passes: " + r.err());
    assertTrue(r.out().contains("variant-umount-2016"), r.out());
    assertTrue(r.out().contains("variant umount-2016: caught as intended"), r.out());
    assertTrue(r.err().contains("shrunk to"), r.err());
    assertFalse(r.out().contains("FAILED") || r.err().contains("FAILED"), r.out() + r.err());
    List<Path> written;
    try (var files = Files.list(dir)) {
      written =
          files.filter(p -> p.getFileName().toString().startsWith("variant-umount-2016-")).toList();
    }
    assertEquals(1, written.size());
    String text = Files.readString(written.get(0));
    assertTrue(text.contains("\n# status: witness\n"), text);
    assertTrue(
        text.contains("\n# reproduce: ./mountcheck check --variant umount-2016 --seed 3 --tries "),
        text);
    assertTrue(text.matches("(?s).*# reproduce: [^\n]* --time [0-9.]+\n.*"), text);
    // the project's own output replays as what it says it is
    Out replay = run("replay", written.get(0).toString());
    assertEquals(0, replay.status(), replay.out());
  }

  @Test
  void eachResultIsPrintedOnceAndTimeLimitsInSeconds(@TempDir Path dir) {
    Out r =
        run(
            "check",
            "state-invariants",
            "--tries",
            "50",
            "--time",
            "150",
            "--seed",
            "1",
            "--out",
            dir.toString());
    assertEquals(
        1, r.out().lines().filter(l -> l.contains("| state-invariants |")).count(), r.out());
    assertEquals(1, r.err().lines().filter(l -> l.contains("state-invariants")).count(), r.err());
    assertTrue(r.err().contains("150 s"), r.err());
    assertFalse((r.out() + r.err()).contains("PT"), r.out() + r.err());
  }

  @Test
  void checkOfOnePropertyPassesAndPrintsItsRow(@TempDir Path dir) {
    Out r =
        run("check", "state-invariants", "--tries", "200", "--seed", "1", "--out", dir.toString());
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("| state-invariants | 200 |"), r.out());
    assertEquals(2, run("check", "no-such-property").status());
  }
}
