package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.Unshare.NamespacePropagation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScenarioParserTest {

  private static Operation one(String line) {
    return ScenarioParser.parseCommand("t.sh", line);
  }

  @Test
  void parsesEveryCommandOfTheLanguage() {
    assertEquals(new MakeDirs(List.of("/mnt/a", "/mnt/b/c")), one("mkdir -p /mnt/a /mnt/b/c"));
    assertEquals(new MountTmpfs("a-1_x.y", "/mnt"), one("mount -t tmpfs a-1_x.y /mnt"));
    assertEquals(new Bind("/mnt/a", "/mnt/b", false), one("mount --bind /mnt/a /mnt/b"));
    assertEquals(new Bind("/mnt/a", "/mnt/b", true), one("mount --rbind /mnt/a /mnt/b"));
    assertEquals(new Move("/mnt/a", "/mnt/b"), one("mount --move /mnt/a /mnt/b"));
    assertEquals(new Umount("/mnt/a", false), one("umount /mnt/a"));
    assertEquals(new Umount("/mnt/a", true), one("umount -l /mnt/a"));
    assertEquals(new Unshare(false, NamespacePropagation.PRIVATE), one("unshare -m"));
    assertEquals(new Unshare(true, NamespacePropagation.PRIVATE), one("unshare -Urm"));
    assertEquals(
        new Unshare(false, NamespacePropagation.UNCHANGED),
        one("unshare -m --propagation unchanged"));
    assertEquals(
        new Unshare(true, NamespacePropagation.SLAVE), one("unshare -Urm --propagation slave"));
    assertEquals(
        new Unshare(true, NamespacePropagation.SHARED), one("unshare -Urm --propagation shared"));
    assertEquals(
        new Unshare(false, NamespacePropagation.PRIVATE), one("unshare -m --propagation private"));
  }

  @ParameterizedTest
  @CsvSource({
    "shared,SHARED",
    "slave,SLAVE",
    "private,PRIVATE",
    "unbindable,UNBINDABLE",
  })
  void parsesChangeTypeAndItsRecursiveForm(String word, Propagation type) {
    assertEquals(new ChangeType(type, false, "/mnt/x"), one("mount --make-" + word + " /mnt/x"));
    assertEquals(new ChangeType(type, true, "/mnt/x"), one("mount --make-r" + word + " /mnt/x"));
  }

  @Test
  void skipsCommentsAndBlankLinesAndKeepsLineNumbers() {
    String text =
        "#!/bin/sh\n"
            + "# a comment\n"
            + "\n"
            + "   mount   -t\ttmpfs  a   /mnt   # trailing comment\n"
            + "\t\n"
            + "mkdir -p /mnt/x#y # '#' inside a word is not a comment, but is not a path"
            + " character\n";
    ScenarioSyntaxException e =
        assertThrows(ScenarioSyntaxException.class, () -> ScenarioParser.parse("s.sh", text));
    assertEquals(6, e.line());

    Scenario s =
        ScenarioParser.parse(
            "s.sh", text.substring(0, text.lastIndexOf("mkdir")) + "umount /mnt\n");
    assertEquals("s.sh", s.name());
    assertEquals(
        List.of(new Step(4, new MountTmpfs("a", "/mnt")), new Step(6, new Umount("/mnt", false))),
        s.steps());
  }

  @Test
  void aCarriageReturnIsAnErrorWithItsLineBecauseBashWouldKeepItInTheLastWord() {
    ScenarioSyntaxException e =
        assertThrows(
            ScenarioSyntaxException.class,
            () -> ScenarioParser.parse("w.sh", "mount -t tmpfs a /mnt\nmkdir -p /mnt/a\r\n"));
    assertEquals(2, e.line());
    assertTrue(
        e.getMessage().startsWith("w.sh:2: carriage return (CRLF line ending)"), e.getMessage());
  }

  @Test
  void binaryDataIsAnErrorWithItsLine() {
    ScenarioSyntaxException nul =
        assertThrows(
            ScenarioSyntaxException.class,
            () -> ScenarioParser.parse("b.sh", "# ok\n\n\u0000\u0001 x\n"));
    assertEquals(3, nul.line());
    assertTrue(nul.reason().startsWith("binary data (character U+0000 at column 1)"), nul.reason());
    ScenarioSyntaxException undecodable =
        assertThrows(
            ScenarioSyntaxException.class, () -> ScenarioParser.parse("b.sh", "\uFFFD\uFFFD"));
    assertEquals(1, undecodable.line());
  }

  @Test
  void emptyTextIsAnEmptyScenario() {
    assertEquals(List.of(), ScenarioParser.parse("e.sh", "").steps());
    assertEquals(List.of(), ScenarioParser.parse("e.sh", "# only\n\n").steps());
  }

  @ParameterizedTest
  @CsvSource(
      delimiterString = " => ",
      quoteCharacter = '"',
      value = {
        "mount --foo /mnt => unknown command 'mount --foo /mnt'",
        "ls /mnt => unknown command 'ls /mnt'",
        "mount => unknown command 'mount'",
        "mount --make-rfoo /mnt => unknown command 'mount --make-rfoo /mnt'",
        "umount -R /mnt => unknown command 'umount -R /mnt'",
        "umount -f => unknown command 'umount -f'",
        "nsenter --mount=/mnt/ns mkdir => expected 'mkdir -p PATH...', got 'mkdir'",
        "unshare -U => unknown command 'unshare -U'",
        "mkdir /mnt/x => expected 'mkdir -p PATH...', got 'mkdir /mnt/x'",
        "mkdir -p => expected 'mkdir -p PATH...', got 'mkdir -p'",
        "mount -t tmpfs a => expected 'mount -t tmpfs NAME PATH', got 'mount -t tmpfs a'",
        "mount -t ramfs a /mnt => expected 'mount -t tmpfs NAME PATH', got 'mount -t ramfs a /mnt'",
        "mount --bind /mnt => expected 'mount --bind SRC DST', got 'mount --bind /mnt'",
        "mount --rbind /mnt /mnt/a /mnt/b => expected 'mount --rbind SRC DST', got 'mount --rbind"
            + " /mnt /mnt/a /mnt/b'",
        "mount --move /mnt => expected 'mount --move SRC DST', got 'mount --move /mnt'",
        "mount --make-shared => expected 'mount --make-shared PATH', got 'mount --make-shared'",
        "umount => expected 'umount PATH' or 'umount -l PATH', got 'umount'",
        "umount -l => expected 'umount PATH' or 'umount -l PATH', got 'umount -l'",
        "unshare -m --propagation none => expected --propagation private|shared|slave|unchanged,"
            + " got 'none'",
        "unshare -m --fork => expected 'unshare -m [--propagation private|shared|slave|unchanged]',"
            + " got 'unshare -m --fork'",
        "mount -t tmpfs a/b /mnt => tmpfs NAME must match [A-Za-z0-9_.-]+: 'a/b'",
        "mkdir -p tmp/x => path must be absolute and under /mnt: 'tmp/x'",
        "mkdir -p /tmp/x => path must be absolute and under /mnt: '/tmp/x'",
        "mkdir -p /mntx => path must be absolute and under /mnt: '/mntx'",
        "mkdir -p /mnt/ => path must be normalized (no '.', '..', '//' or trailing '/'): '/mnt/'",
        "mkdir -p /mnt//a => path must be normalized (no '.', '..', '//' or trailing '/'):"
            + " '/mnt//a'",
        "mkdir -p /mnt/./a => path must be normalized (no '.', '..', '//' or trailing '/'):"
            + " '/mnt/./a'",
        "mount --bind /mnt/.. /mnt/a => path must be normalized (no '.', '..', '//' or trailing"
            + " '/'): '/mnt/..'",
        "mkdir -p /mnt/$HOME => path may only use the characters [A-Za-z0-9_.,+:=-] between"
            + " slashes: '/mnt/$HOME'",
      })
  void rejectsLinesOutsideTheLanguage(String line, String message) {
    ScenarioSyntaxException e =
        assertThrows(
            ScenarioSyntaxException.class,
            () ->
                ScenarioParser.parse(
                    "dir/x.sh", "# header\nmount -t tmpfs a /mnt\n" + line + "\n"));
    assertEquals("dir/x.sh", e.file());
    assertEquals(3, e.line());
    assertEquals(message, e.reason());
    assertEquals("dir/x.sh:3: " + message, e.getMessage());
  }

  @Test
  void printThenParseGivesTheSameOperations() {
    List<Operation> ops =
        List.of(
            new MountTmpfs("root", "/mnt"),
            new MakeDirs(List.of("/mnt/a", "/mnt/b/c", "/mnt/d")),
            new ChangeType(Propagation.SHARED, false, "/mnt"),
            new ChangeType(Propagation.UNBINDABLE, true, "/mnt/a"),
            new Bind("/mnt/a", "/mnt/b", false),
            new Bind("/mnt", "/mnt/b/c", true),
            new Move("/mnt/b", "/mnt/d"),
            new Unshare(false, NamespacePropagation.UNCHANGED),
            new Umount("/mnt/d", true),
            new Unshare(true, NamespacePropagation.PRIVATE),
            new Unshare(true, NamespacePropagation.SLAVE),
            new Umount("/mnt", false));
    Scenario s = Scenario.of("gen", ops);
    String text = ScenarioPrinter.print(s, List.of("generated by a test", "# seed: 42"));
    assertEquals(
        "# generated by a test\n"
            + "# seed: 42\n"
            + "mount -t tmpfs root /mnt\n"
            + "mkdir -p /mnt/a /mnt/b/c /mnt/d\n",
        text.substring(0, text.indexOf("mount --make-shared")));
    Scenario back = ScenarioParser.parse("gen.sh", text);
    assertEquals(ops, back.operations());
    assertEquals(3, back.steps().get(0).line());
  }
}
