package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mountcheck.alloy.Spec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The command line keeps its word: a user error (a bad number, a missing or unusable file, an
 * unknown name) is exit status 2 with one clear line naming what is wrong, never a stack trace, and
 * nothing runs; every subcommand's help lists its exit statuses and its defaults.
 */
class CliContractTest {
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

  /** Exit 2, nothing on stdout, exactly one line on stderr that contains {@code mentions}. */
  static void assertUsageError(Out r, String mentions, String... args) {
    String what = String.join(" ", args) + " -> " + r;
    assertEquals(2, r.status(), what);
    assertEquals("", r.out(), what);
    assertEquals(1, r.err().lines().count(), "one line: " + what);
    assertTrue(r.err().contains(mentions), "names " + mentions + ": " + what);
    assertNoStackTrace(r, what);
  }

  static void assertNoStackTrace(Out r, String what) {
    String all = r.out() + r.err();
    assertFalse(all.contains("Exception"), what);
    assertFalse(all.contains("\tat "), what);
    assertFalse(all.contains("at mountcheck."), what);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "conform --runs -5 | --runs",
        "conform --runs 0 | --runs",
        "conform --time 0 | --time",
        "conform --timeout 0 | --timeout",
        "run --timeout 0 x.sh | --timeout",
        "diff --quiet --timeout -1 x.sh | --timeout",
        "check --tries -3 | --tries",
        "check --tries 0 | --tries",
        "check --budget 0 | --budget",
        "check --budget -1 | --budget",
        "check --time 0 | --time",
        "check --time NaN | --time",
        "check --tries abc | --tries",
        "check --tries 1e99 | --tries",
        "verify --conform-runs 0 | --conform-runs",
        "verify --budget 0 | --budget",
        "z3 --states -1 | --states",
        "z3 --mounts 9 | --mounts",
        "alloy --scope 0 | --scope",
        "alloy --timeout -1 | --timeout",
        "alloy --solver nosuchsolver | nosuchsolver",
        "bench umount --from -1 | --from",
        "bench umount --to 29 | --to",
        "bench umount --runs 0 | --runs",
        "bench model --commands 1000,-5 | --commands",
        "bench model --commands 2 | --commands",
        "bench mountinfo --sizes 1000,0 | --sizes",
        "run --mount-max 0 x.sh | --mount-max",
        "kernel --timeout 0 x.sh | --timeout",
        "diff --timeout -2 x.sh | --timeout",
        "check no-such-property | no-such-property",
        "check --variant no-such-variant | no-such-variant",
        "check --frobnicate | --frobnicate",
        "invariants --doc /nonexistent/invariants.md | /nonexistent/invariants.md",
        "replay /nonexistent/x.sh | /nonexistent/x.sh",
        "run /nonexistent/x.sh | /nonexistent/x.sh",
        "bench | missing subcommand",
        "explore rcu --bound 0 | --bound",
        "check rcu --bound 0 | --bound",
      })
  void aBadFlagOrNameIsExitTwoWithOneLineNamingIt(String command, String mentions) {
    String[] args = command.trim().split(" +");
    assertUsageError(run(args), mentions.trim(), args);
  }

  /**
   * Every numeric option of every subcommand (lists of numbers too), except seeds, rejects a
   * negative value up front.
   */
  @TestFactory
  Stream<DynamicTest> everyNumericFlagRejectsANegativeValue() {
    List<DynamicTest> tests = new ArrayList<>();
    for (CommandLine cl : allCommands(Main.commandLine())) {
      for (OptionSpec o : cl.getCommandSpec().options()) {
        if (!NumericFlags.isNumeric(o) || NumericFlags.isSeed(o)) continue;
        double[] range = NumericFlags.range(o);
        List<String> bad = new ArrayList<>(List.of("-5"));
        if (range[0] > 0) bad.add("0");
        for (String value : bad) {
          List<String> args = invocation(cl);
          args.add(o.longestName() + "=" + value);
          args.addAll(requiredArguments(cl, o));
          tests.add(
              DynamicTest.dynamicTest(
                  String.join(" ", args),
                  () ->
                      assertUsageError(
                          run(args.toArray(String[]::new)),
                          o.longestName(),
                          args.toArray(String[]::new))));
        }
      }
    }
    assertTrue(tests.size() > 20, "found the numeric options: " + tests.size());
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> everySubcommandsHelpListsItsExitStatusesAndDefaults() {
    List<DynamicTest> tests = new ArrayList<>();
    for (CommandLine cl : allCommands(Main.commandLine())) {
      CommandSpec spec = cl.getCommandSpec();
      if (!spec.subcommands().isEmpty() || spec.userObject() instanceof CommandLine.HelpCommand)
        continue;
      tests.add(
          DynamicTest.dynamicTest(
              spec.qualifiedName(),
              () -> {
                String help = cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
                assertTrue(
                    help.contains("Exit status:"),
                    spec.qualifiedName() + " lists its exit statuses:\n" + help);
                String statuses = help.substring(help.indexOf("Exit status:"));
                assertTrue(statuses.matches("(?s).*\\n\\s*0\\s+\\S.*"), "status 0:\n" + help);
                assertTrue(
                    statuses.matches("(?s).*\\n\\s*2\\s+\\S.*"), "status 2 (bad usage):\n" + help);
                for (OptionSpec o : spec.options()) {
                  if (o.usageHelp() || o.versionHelp() || o.type() == boolean.class || o.required())
                    continue;
                  String d = String.join(" ", o.description());
                  assertTrue(
                      d.contains("default"),
                      spec.qualifiedName() + " " + o.longestName() + " states its default: " + d);
                }
              }));
    }
    assertTrue(tests.size() >= 12, "subcommands found: " + tests.size());
    return tests.stream();
  }

  @Test
  void alloysHelpNamesEveryBundledSpec() {
    String help = run("alloy", "--help").out();
    for (String spec : Spec.BUNDLED) assertTrue(help.contains(spec), spec + " in:\n" + help);
  }

  @Test
  void binaryInputIsExitTwoWithItsLine(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("garbage.sh");
    Files.write(f, new byte[] {'#', ' ', 'x', '\n', 0, 1, (byte) 0xff, (byte) 0xfe});
    Out r = run("run", f.toString());
    assertUsageError(r, f + ":2: binary data", "run", f.toString());
    Path latin1 = dir.resolve("latin1.sh");
    Files.write(latin1, "mount -t tmpfs caf\u00e9 /mnt\n".getBytes(StandardCharsets.ISO_8859_1));
    assertUsageError(
        run("run", latin1.toString()), latin1 + ":1: binary data", "run", latin1.toString());
  }

  @Test
  void aCrlfFileIsExitTwoWithTheLineOfTheFirstCarriageReturn(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("crlf.sh");
    Files.writeString(f, "mount -t tmpfs a /mnt\nmkdir -p /mnt/a\r\n");
    assertUsageError(run("run", f.toString()), f + ":2: carriage return", "run", f.toString());
  }

  @Test
  void anEmptyFileRunsWithANote(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("empty.sh");
    Files.writeString(f, "");
    Out r = run("run", "--preexisting", "1", f.toString());
    assertEquals(0, r.status(), r.toString());
    assertEquals("", r.out());
    assertEquals(f + ": note: empty file; the answer is the starting namespace\n", r.err());
    Files.writeString(f, "# nothing\n\n");
    assertTrue(run("run", "--preexisting", "1", f.toString()).err().contains("note: no commands"));
  }

  @Test
  void replayOfAFileThatIsNotACounterexampleIsExitTwo(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("plain.sh");
    Files.writeString(f, "mount -t tmpfs a /mnt\n");
    assertUsageError(
        run("replay", f.toString()), f + ": not a counterexample file", "replay", f.toString());
  }

  @Test
  void anOutputPathThatCannotBeWrittenIsExitTwo(@TempDir Path dir) {
    Path csv = dir.resolve("no/such/dir/x.csv");
    String[] args = {
      "bench",
      "umount",
      "--from",
      "1",
      "--to",
      "1",
      "--generations",
      "2025",
      "--runs",
      "1",
      "--warmup",
      "0",
      "--warmup-seconds",
      "0",
      "--csv",
      csv.toString()
    };
    Out r = run(args);
    assertEquals(2, r.status(), r.toString());
    assertTrue(r.err().contains(csv + ": no such file or directory"), r.err());
    assertEquals(1, r.err().lines().filter(l -> l.contains("x.csv")).count(), r.err());
    assertNoStackTrace(r, r.toString());
  }

  @Test
  void aDirectoryIsNotAScenario(@TempDir Path dir) {
    assertUsageError(run("run", dir.toString()), "is a directory", "run", dir.toString());
  }

  @Test
  void anInternalErrorIsOneLineWithoutAStackTrace() throws Exception {
    CommandLine cl = Main.commandLine();
    StringWriter e = new StringWriter();
    cl.setErr(new PrintWriter(e, true));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    int status =
        cl.getExecutionExceptionHandler()
            .handleExecutionException(new IllegalStateException("boom"), cl, null);
    assertEquals(1, status);
    assertEquals(1, e.toString().lines().count(), e.toString());
    assertTrue(
        e.toString()
            .startsWith("mountcheck: internal error: java.lang.IllegalStateException: boom"),
        e.toString());
    assertFalse(e.toString().contains("\tat "));
  }

  private static List<CommandLine> allCommands(CommandLine root) {
    List<CommandLine> all = new ArrayList<>();
    for (CommandLine sub : root.getSubcommands().values()) {
      if (all.contains(sub)) continue;
      all.add(sub);
      for (CommandLine c : allCommands(sub)) if (!all.contains(c)) all.add(c);
    }
    return all;
  }

  /** The words that name {@code cl} below the root, e.g. [bench, umount]. */
  private static List<String> invocation(CommandLine cl) {
    List<String> words = new ArrayList<>();
    for (CommandLine c = cl; c.getParent() != null; c = c.getParent())
      words.add(0, c.getCommandName());
    return words;
  }

  /** Values for the required options and positional parameters other than {@code tested}. */
  private static List<String> requiredArguments(CommandLine cl, OptionSpec tested) {
    List<String> args = new ArrayList<>();
    for (OptionSpec o : cl.getCommandSpec().options()) {
      if (o.required() && o.group() == null && o != tested) args.add(o.longestName() + "=1");
    }
    for (PositionalParamSpec p : cl.getCommandSpec().positionalParameters()) {
      if (p.required()) args.add("x.sh");
    }
    return args;
  }
}
