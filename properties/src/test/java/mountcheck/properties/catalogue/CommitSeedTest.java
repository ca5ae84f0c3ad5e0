package mountcheck.properties.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CommitSeedTest {
  @Test
  void commitSeedsAreTheHashPrefix() {
    assertEquals(
        OptionalLong.of(0x0123456789abcdeL),
        CommitSeed.fromHash("0123456789abcdef0123456789abcdef01234567"));
    assertEquals(OptionalLong.empty(), CommitSeed.fromHash("not a hash"));
  }
}
