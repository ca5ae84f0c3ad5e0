package mountcheck.model.events;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The two poll rules on a race: a change lands between a wake-up and the read it causes. */
class MountinfoPollTest {
  @Test
  void sinceLastPollWakesAgainForAChangeTheReadAlreadySaw() {
    MountinfoPoll f = MountinfoPoll.open(MountinfoPoll.Rule.SINCE_LAST_POLL, 5);
    assertFalse(f.reportsChange(5));
    assertTrue(f.reportsChange(6)); // a mount: wake up
    f = f.afterPoll(6);
    f = f.afterRead(7); // another mount before the read: the read sees both
    assertTrue(f.reportsChange(7)); // woken again for what was read already
    assertFalse(f.afterPoll(7).reportsChange(7));
  }

  @Test
  void sinceLastReadWakesOnlyForChangesAfterTheRead() {
    MountinfoPoll f = MountinfoPoll.open(MountinfoPoll.Rule.SINCE_LAST_READ, 5);
    assertTrue(f.reportsChange(6));
    f = f.afterPoll(6);
    assertTrue(f.reportsChange(6), "a poll alone does not clear the change");
    f = f.afterRead(7);
    assertFalse(f.reportsChange(7));
    assertTrue(f.reportsChange(8));
  }
}
