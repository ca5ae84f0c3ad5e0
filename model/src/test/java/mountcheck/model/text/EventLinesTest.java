package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import org.junit.jupiter.api.Test;

/** {@code run --events} lines: each command, the events it caused and the counters that moved. */
class EventLinesTest {
  @Test
  void eachCommandIsFollowedByItsEventsAndTheCountersThatMoved() {
    String text =
        "mount -t tmpfs r /mnt\n"
            + "mkdir -p /mnt/a /mnt/b\n"
            + "mount -t tmpfs x /mnt/a\n"
            + "mount --move /mnt/a /mnt/b\n"
            + "umount /mnt\n"
            + "umount /mnt/b\n";
    ScenarioRunner.ObservedRun run =
        new ScenarioRunner(Model.linux())
            .observe(ScenarioParser.parse("t.sh", text), MountTable.initial(100000, 1));
    assertEquals(
        List.of(
            "1: mount -t tmpfs r /mnt",
            "  attach ns1 #2 /mnt r:/",
            "  event ns1=1",
            "2: mkdir -p /mnt/a /mnt/b",
            "3: mount -t tmpfs x /mnt/a",
            "  attach ns1 #3 /mnt/a x:/",
            "  event ns1=2",
            "4: mount --move /mnt/a /mnt/b",
            "  move ns1 #3 /mnt/b x:/ from /mnt/a",
            "  event ns1=3",
            "5: umount /mnt",
            "6: umount /mnt/b",
            "  detach ns1 #3 /mnt/b x:/",
            "  event ns1=5"),
        EventLines.render(run));
  }

  /**
   * After the last command, each shell exit: the nested shell's namespace is torn down (every mount
   * detached, the parent's mounts untouched), then the first shell's.
   */
  @Test
  void theExitsAtTheEndFollowTheCommandsInnermostFirst() {
    String text =
        "mount -t tmpfs r /mnt\n"
            + "mkdir -p /mnt/a\n"
            + "unshare -m\n"
            + "mount -t tmpfs in /mnt/a\n";
    Model model = Model.linux();
    ScenarioRunner.ObservedRun run =
        new ScenarioRunner(model)
            .observe(ScenarioParser.parse("t.sh", text), MountTable.initial(100000, 1));
    List<String> lines = EventLines.render(run, model.exitsAtEnd(run.state()));
    int inner = lines.indexOf("end: exit of the shell in ns2");
    int first = lines.indexOf("end: exit of the first shell in ns1");
    assertEquals(
        List.of(
            "end: exit of the shell in ns2",
            "  detach ns2 #3 / (host):/",
            "  detach ns2 #4 /mnt r:/",
            "  detach ns2 #5 /mnt/a in:/",
            "end: exit of the first shell in ns1",
            "  detach ns1 #1 / (host):/",
            "  detach ns1 #2 /mnt r:/",
            "  event ns1=2"),
        lines.subList(inner, lines.size()),
        String.join("\n", lines));
    assertTrue(inner < first);
    assertEquals(EventLines.render(run), lines.subList(0, inner), "the commands' lines come first");
  }
}
