package mountcheck.kernel.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

/** The lines the line-by-line runner sends its shell, written out by hand (no kernel needed). */
class ShellLineTest {
  @Test
  void aChildCommandIsSilencedAndReportsItsStatus() {
    assertEquals(
        "mount -t tmpfs x /mnt/a </dev/null >/dev/null 2>&1; echo \"M 4 $? $$\"",
        ShellLine.of(new MountTmpfs("x", "/mnt/a"), "M 4"));
    assertEquals(
        "nsenter --mount=/mnt/ns/c1 rmdir /mnt/d </dev/null >/dev/null 2>&1; echo \"M 5 $? $$\"",
        ShellLine.of(new Nsenter("/mnt/ns/c1", new RemoveDirs(List.of("/mnt/d"))), "M 5"));
  }

  @Test
  void execAndCdRunInTheShellAfterASubshellGaveTheirStatus() {
    assertEquals(
        "( exec 3</mnt/a ) </dev/null >/dev/null 2>&1; __mco_rc=$?; if [ $__mco_rc = 0 ]; then"
            + " exec 3</mnt/a; fi; echo \"M 1 $__mco_rc $$\"",
        ShellLine.of(new HoldFile(3, "/mnt/a"), "M 1"));
    assertEquals(
        "( exec 3<&- ) </dev/null >/dev/null 2>&1; __mco_rc=$?; if [ $__mco_rc = 0 ]; then"
            + " exec 3<&-; fi; echo \"M 2 $__mco_rc $$\"",
        ShellLine.of(new ReleaseFile(3), "M 2"));
    assertEquals(
        "( cd /mnt/a ) </dev/null >/dev/null 2>&1; __mco_rc=$?; if [ $__mco_rc = 0 ]; then"
            + " cd /mnt/a; fi; echo \"M 3 $__mco_rc $$\"",
        ShellLine.of(new ChangeDirectory("/mnt/a"), "M 3"));
  }

  @Test
  void anUnshareStartsANestedShellThatReportsForItself() {
    var unshare = ScenarioParser.parse("t.sh", "unshare -m\n").operations().get(0);
    assertEquals(
        "unshare -m /bin/bash --norc --noprofile\necho \"M 0 $? $$\"",
        ShellLine.of(unshare, "M 0"));
    var kept =
        ScenarioParser.parse("t.sh", "unshare -m --mount=/mnt/ns/c1 true\n").operations().get(0);
    assertEquals(
        "unshare -m --mount=/mnt/ns/c1 true </dev/null >/dev/null 2>&1; echo \"M 6 $? $$\"",
        ShellLine.of(kept, "M 6"));
  }
}
