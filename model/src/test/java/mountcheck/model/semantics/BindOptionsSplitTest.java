package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.ops.Operation;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

/**
 * Which {@code mount --bind -o OPTS} lines util-linux 2.38 follows with a remount (strace of
 * mount(8) on the host, conformance/C105): only when OPTS set one of libmount's MNT_BIND_SETTABLE
 * flags, which do not include MS_STRICTATIME.
 */
class BindOptionsSplitTest {
  private static List<String> calls(String line) {
    return ScenarioRunner.split(ScenarioParser.parseCommand("t", line)).stream()
        .map(Operation::toCommand)
        .toList();
  }

  @Test
  void strictatimeAloneIsTheBindOnly() {
    assertEquals(1, calls("mount --bind -o strictatime /mnt/a /mnt/b").size());
    assertEquals(1, calls("mount --rbind -o strictatime /mnt/a /mnt/b").size());
  }

  @Test
  void aSettableFlagBringsTheRemountWithStrictatimeInIt() {
    List<String> parts = calls("mount --bind -o strictatime,nosuid /mnt/a /mnt/b");
    assertEquals(2, parts.size());
    assertTrue(parts.get(1).contains("strictatime"), parts.get(1));
    assertEquals(2, calls("mount --bind -o relatime /mnt/a /mnt/b").size());
    assertEquals(2, calls("mount --bind -o nosymfollow /mnt/a /mnt/b").size());
  }

  @Test
  void clearingWordsAloneMakeNoRemount() {
    assertEquals(1, calls("mount --bind -o rw,suid,nostrictatime /mnt/a /mnt/b").size());
  }
}
