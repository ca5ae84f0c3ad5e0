package mountcheck.conform;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import mountcheck.kernel.KernelRequirement;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestFactory;

/**
 * Every stored counterexample, replayed first: a regression must pass the property it names, a
 * witness must keep failing it.
 */
@Order(1)
class CounterexampleReplayTest {
  static final Path COUNTEREXAMPLES = Path.of("..", "counterexamples").toAbsolutePath().normalize();

  @TestFactory
  Stream<DynamicTest> everyStoredCounterexampleReplaysAsItsStatusSays() {
    assertTrue(Files.isDirectory(COUNTEREXAMPLES), "missing " + COUNTEREXAMPLES);
    var outcomes = Replay.replayAll(COUNTEREXAMPLES);
    assertTrue(
        !outcomes.isEmpty(),
        "no counterexample files in "
            + COUNTEREXAMPLES
            + " (at least the 2017 witness is committed)");
    return outcomes.stream()
        .map(
            o ->
                DynamicTest.dynamicTest(
                    o.file().getFileName().toString(),
                    () -> {
                      if (o.skipped()) {
                        String what = "replay of " + o.file().getFileName();
                        Assumptions.assumeTrue(KernelRequirement.usable(what), o::detail);
                        fail(what + " was skipped although the kernel is usable: " + o.detail());
                      }
                      assertTrue(
                          o.ok(),
                          o.file()
                              + " ("
                              + o.status()
                              + " of "
                              + o.property()
                              + "): "
                              + o.detail());
                    }));
  }
}
