package mountcheck.properties.rcu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Replays every committed trace under counterexamples/rcu/ and checks it behaves as recorded. */
class WitnessReplayTest {
  private static Path dir() {
    Path base = Path.of(System.getProperty("basedir", "."));
    return base.toAbsolutePath().getParent().resolve("counterexamples").resolve("rcu");
  }

  private static List<Path> traces() throws Exception {
    try (Stream<Path> s = Files.list(dir())) {
      return s.filter(p -> p.toString().endsWith(".trace")).sorted().collect(Collectors.toList());
    }
  }

  @Test
  void thereIsAWitnessForEveryViolatingVariant() throws Exception {
    Set<String> variants =
        traces().stream()
            .map(
                p -> {
                  try {
                    return TraceFormat.read(p).variant();
                  } catch (Exception e) {
                    throw new AssertionError(p + ": " + e.getMessage(), e);
                  }
                })
            .collect(Collectors.toSet());
    assertEquals(
        Set.of(
            "mainline",
            "deferred-2023",
            "detach-deferred-2025",
            "nonsync-deferred-2025",
            "batch-without-flush",
            "ipc-serial-free",
            "nsproxy-work-item",
            "snapshot-before-unlink",
            "free-ipc-without-gp",
            "kern-unmount-without-gp",
            "ipc-sync",
            "fhandle-unlocked-mnt-ns",
            "mnt-ns-release-without-gp",
            "ns-get-without-rcu",
            "ns-get-unconditional-inc",
            "listns-put-under-rcu",
            "dissolve-check-without-rcu",
            "umount-child-left-hashed",
            "internal-put-without-gp",
            "expiry-without-umount-sync",
            "exit-task-work-first",
            "kill-sb-without-active-count",
            "linux-6.12"),
        variants);
  }

  @TestFactory
  Stream<DynamicTest> everyStoredTraceReplaysAsRecorded() throws Exception {
    return traces().stream()
        .map(
            p ->
                DynamicTest.dynamicTest(
                    p.getFileName().toString(),
                    () -> {
                      Counterexample c = TraceFormat.read(p);
                      Replay.Outcome o = Replay.run(c);
                      assertTrue(
                          Replay.asRecorded(c, o),
                          c.status().label() + " replayed as " + o + " for " + p);
                      // an expected trace may be longer: mainline's exit trace takes 17 steps
                      // (exit_task_work and exit_notify are two)
                      int most = c.status() == TraceStatus.EXPECTED ? 17 : 12;
                      assertTrue(c.steps().size() <= most, "at most " + most + " steps");
                    }));
  }
}
