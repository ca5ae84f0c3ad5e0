package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MakeFiles;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare.NamespacePropagation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The lines of docs/language.md, "Several namespaces and held references": parsed, printed back
 * unchanged.
 */
class SeveralNamespacesSyntaxTest {
  private static Operation one(String line) {
    return ScenarioParser.parseCommand("t.sh", line);
  }

  @Test
  void parsesTheNewCommands() {
    assertEquals(new MakeFiles(List.of("/mnt/ns/c1", "/mnt/f")), one("touch /mnt/ns/c1 /mnt/f"));
    assertEquals(
        new PersistNamespace(false, NamespacePropagation.PRIVATE, "/mnt/ns/c1"),
        one("unshare -m --mount=/mnt/ns/c1 true"));
    assertEquals(
        new PersistNamespace(true, NamespacePropagation.SLAVE, "/mnt/ns/c2"),
        one("unshare -Urm --propagation slave --mount=/mnt/ns/c2 true"));
    assertEquals(
        new Nsenter("/mnt/ns/c1", new Umount("/mnt/a", true)),
        one("nsenter --mount=/mnt/ns/c1 umount -l /mnt/a"));
    assertEquals(
        new Nsenter("/mnt/ns/c1", new MakeDirs(List.of("/mnt/x", "/mnt/y"))),
        one("nsenter --mount=/mnt/ns/c1 mkdir -p /mnt/x /mnt/y"));
    assertEquals(new HoldFile(3, "/mnt/a/f"), one("exec 3</mnt/a/f"));
    assertEquals(new HoldFile(5, "/mnt/a/f", true), one("exec 5<>/mnt/a/f"));
    assertEquals(new ReleaseFile(9), one("exec 9<&-"));
    assertEquals(new ChangeDirectory("/mnt/a"), one("cd /mnt/a"));
    assertEquals(new ChangeDirectory("/"), one("cd /"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "touch /mnt/a /mnt/b",
        "unshare -m --mount=/mnt/ns/c true",
        "unshare -m --propagation unchanged --mount=/mnt/ns/c true",
        "unshare -Urm --propagation shared --mount=/mnt/ns/c true",
        "nsenter --mount=/mnt/ns/c mount --rbind /mnt/a /mnt/b",
        "nsenter --mount=/mnt/ns/c mount --make-rslave /mnt",
        "nsenter --mount=/mnt/ns/c touch /mnt/f",
        "exec 4</mnt/a",
        "exec 4<>/mnt/a/f",
        "exec 4<&-",
        "cd /mnt/a/b",
        "cd /"
      })
  void printsEachLineBackAsWritten(String line) {
    assertEquals(line, one(line).toCommand());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "exec 2</mnt/a",
        "exec 10</mnt/a",
        "exec 3< /mnt/a",
        "exec 3<&4",
        "exec 3<>",
        "exec 3<> /mnt/a",
        "exec 3<>/etc/passwd",
        "exec 3>/mnt/a",
        "exec 3</etc/passwd",
        "cd /etc",
        "cd",
        "touch",
        "touch -c /mnt/a",
        "unshare -m --mount=/mnt/c",
        "unshare -m --mount=/tmp/c true",
        "unshare -m --mount=/mnt/c true --propagation slave",
        "nsenter --mount=/mnt/c",
        "nsenter --mount=/mnt/c unshare -m",
        "nsenter --mount=/mnt/c cd /mnt",
        "nsenter --mount=/mnt/c exec 3</mnt/a",
        "nsenter --mount=/mnt/c nsenter --mount=/mnt/d mkdir -p /mnt/x",
        "nsenter -m /mnt/c mkdir -p /mnt/x",
        "umount -c /mnt/a"
      })
  void rejectsWhatTheLanguageDoesNotHave(String line) {
    assertThrows(ScenarioSyntaxException.class, () -> one(line));
  }

  @Test
  void theAnswerNamesEachNamespaceFileOnceInOrder() {
    Scenario s =
        ScenarioParser.parse(
            "t.sh",
            "unshare -m --mount=/mnt/ns/b true\n"
                + "unshare -m --mount=/mnt/ns/a true\n"
                + "unshare -Urm --mount=/mnt/ns/b true\n");
    assertEquals(List.of("/mnt/ns/b", "/mnt/ns/a"), s.namespaceFiles());
  }

  @Test
  void expectedFilesKeepTheHeldNamespacesSections() {
    String text =
        "# x\nfail 3 EINVAL\nmountinfo:\n"
            + "66 46 0:40 / /mnt rw,relatime - tmpfs host rw\n"
            + "91 66 0:4 mnt:[4026532180] /mnt/c rw - nsfs nsfs rw\n"
            + "mountinfo of namespace /mnt/c:\n"
            + "89 69 0:40 / /mnt rw,relatime shared:1 - tmpfs host rw\n";
    ExpectedOutcome o = ExpectedOutcome.parse("x.expected", text);
    assertEquals(2, o.rows().size());
    assertEquals(1, o.namespaces().size());
    assertEquals("/mnt/c", o.namespaces().get(0).file());
    assertEquals(1, o.namespaces().get(0).rows().size());
    assertEquals(text, o.render());
    assertEquals("mnt:[1]", o.table().mount("/mnt/c").root());
  }
}
