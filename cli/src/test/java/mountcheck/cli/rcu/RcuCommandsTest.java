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
import mountcheck.model.rcu.Variant;
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
    for (Variant v : Variant.ALL) assertTrue(r.out().contains(v.name() + " "), v.name());
    assertTrue(r.out().contains("states/s"));
  }

  @Test
  void benchPrintsMarkdownTables() {
    Run r = run("bench", "rcu", "--cycles", "3000", "--work-item-cycles", "300");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("| ipc-sync | 3000 | 3000 | 3000 |"), r.out());
    assertTrue(r.out().contains("| mainline | 1 |"), r.out());
  }
}
