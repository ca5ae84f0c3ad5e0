package mountcheck.properties.catalogue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import mountcheck.engine.Source;
import mountcheck.model.events.MountinfoPoll;
import mountcheck.model.ops.Scenario;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

class PollReadersTest {
  @Test
  void aChangeBetweenWakeUpAndReadIsASpuriousWakeUpOnlyUnderTheKernelsRule() {
    Scenario s =
        ScenarioParser.parse(
            "t.sh", "mount -t tmpfs r /mnt\nmkdir -p /mnt/a\nmount -t tmpfs x /mnt/a\n");
    // reader 0: after line 1 it polls (woken by r); line 2 changes nothing; after line 3 (x) it
    // reads (sees r and x), then at the end it polls again. Readers 1 and 2 stay idle until the
    // end.
    int[][] turns = {{0, 0, 0}, {1, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    PollReaders.Counts c = PollReaders.Counts.zero();
    assertNull(PollReaders.simulate(new PollReaders.Schedule(s, turns), c));
    // since-last-poll: reader 0 wakes for r, then again for x which its read already saw
    // (spurious); readers 1 and 2 wake once at the end
    assertArrayEquals(new long[] {4, 1, 0}, c.of(MountinfoPoll.Rule.SINCE_LAST_POLL));
    // since-last-read: the read after x remembers x, so no second wake-up
    assertArrayEquals(new long[] {3, 0, 0}, c.of(MountinfoPoll.Rule.SINCE_LAST_READ));
  }

  @Test
  void generatedReadersNeverMissAChange() {
    PollReaders.Counts total = PollReaders.Counts.zero();
    for (int i = 0; i < 400; i++) {
      PollReaders.Schedule s =
          PollReaders.schedules().generate(Source.random(20261130L + i, 1 + i % 60));
      assertNull(PollReaders.simulate(s, total), "schedule " + i);
    }
    assertEquals(0, total.of(MountinfoPoll.Rule.SINCE_LAST_POLL)[2]);
    assertEquals(0, total.of(MountinfoPoll.Rule.SINCE_LAST_READ)[2]);
  }
}
