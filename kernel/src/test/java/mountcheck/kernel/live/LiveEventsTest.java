package mountcheck.kernel.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import mountcheck.kernel.HostMountTableUnchanged;
import mountcheck.model.events.MountEvent;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.text.CanonicalEvent;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The live change stream (fanotify mount-namespace marks, listmount, statmount) on the host kernel:
 * on every conformance case the canonical table after each line and the events of each line equal
 * the model's, and a watcher that starts from listmount and applies the events matches listmount
 * after every line and after every namespace's teardown.
 */
@ExtendWith(HostMountTableUnchanged.class)
class LiveEventsTest {
  private static final LiveEventRunner RUNNER = new LiveEventRunner(Duration.ofSeconds(30));

  @BeforeAll
  static void live() {
    LiveTests.assumeLive();
  }

  private static LiveRun live(String... lines) throws IOException {
    return RUNNER.run(ScenarioParser.parse("t.sh", String.join("\n", lines) + "\n"));
  }

  private static List<String> lines(List<CanonicalEvent> events) {
    return events.stream().map(CanonicalEvent::line).toList();
  }

  @Test
  void aMoveIsOneEventWithBothBits() throws IOException {
    LiveRun run =
        live(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/a /mnt/b",
            "mount -t tmpfs x /mnt/a",
            "mkdir -p /mnt/a/c",
            "mount -t tmpfs y /mnt/a/c",
            "mount --move /mnt/a /mnt/b");
    assertEquals(List.of("move ns1 /mnt/b x:/ from /mnt/a"), lines(run.canonicalEvents(5)));
    assertEquals(1, run.steps().get(5).events().size());
    assertEquals(List.of(), run.watcherProblems());
  }

  @Test
  void aMountTuckedUnderAPropagatedCopyChangesParentWithoutAnEvent() throws IOException {
    LiveRun run =
        live(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/a /mnt/b",
            "mount -t tmpfs s /mnt/a",
            "mkdir -p /mnt/a/c",
            "mount --make-shared /mnt/a",
            "mount --bind /mnt/a /mnt/b",
            "mount --make-slave /mnt/b",
            "mount -t tmpfs y /mnt/b/c",
            "mount -t tmpfs x /mnt/a/c");
    assertEquals(
        List.of("attach ns1 /mnt/a/c x:/", "attach ns1 /mnt/b/c x:/"),
        lines(run.canonicalEvents(8)));
    long y = run.steps().get(7).events().get(0).mount();
    long parentBefore = run.steps().get(7).tables().get(1).get(y).parent();
    long parentAfter = run.steps().get(8).tables().get(1).get(y).parent();
    assertNotEquals(parentBefore, parentAfter, "y now hangs on the copy of x");
  }

  @Test
  void teardownDetachesEveryMountOfEachNamespace() throws IOException {
    LiveRun run =
        live(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/a",
            "mount --make-shared /mnt",
            "unshare -m --propagation unchanged",
            "mount -t tmpfs x /mnt/a");
    assertEquals(
        List.of("attach ns1 /mnt/a x:/", "attach ns2 /mnt/a x:/"), lines(run.canonicalEvents(4)));
    assertEquals(2, run.teardowns().size());
    LiveStep inner = run.teardowns().get(0);
    int mountsOfInner = run.steps().get(4).tables().get(2).size();
    assertEquals(mountsOfInner, inner.events().size());
    assertTrue(
        inner.events().stream()
            .allMatch(e -> e.kind() == MountEvent.Kind.DETACH && e.namespace() == 2));
    assertEquals(List.of(), run.watcherProblems());
  }

  @Test
  void pollOnMountinfoWakesForMountsAndUmountsButNotForTypeChangesOrABusyUmount()
      throws IOException {
    LiveRun run =
        live(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/a",
            "mount -t tmpfs x /mnt/a",
            "mount --make-shared /mnt/a",
            "umount /mnt",
            "umount /mnt/a");
    List<Boolean> polls = run.steps().stream().map(s -> s.pollReports().get(1)).toList();
    assertEquals(List.of(true, false, true, false, false, true), polls);
  }

  /**
   * Cases left out of the line-by-line watch: C28 fills the namespace to fs.mount-max (100,000
   * mounts), and reading every mount with statmount after each of its lines takes minutes; its
   * final table and failing lines are still compared with the kernel by RecordedScenariosTest.
   */
  private static final Set<String> TOO_LARGE_TO_WATCH = Set.of("C28-mount-max-boundary.sh");

  /**
   * Also left out: cases with several live namespaces or held references. The watcher marks only
   * the shell's own namespace and runs each line in a fresh process, so it cannot follow {@code
   * nsenter}, {@code exec N<} or {@code cd}; RecordedScenariosTest compares their final tables
   * (every named namespace's included) and failing lines with the kernel.
   */
  private static boolean watchable(Path file) {
    try {
      return LiveEventRunner.supports(
          ScenarioParser.parse(file.toString(), Files.readString(file)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @TestFactory
  Stream<DynamicTest> everyConformanceCaseAgreesLineByLine() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(Path.of("../conformance"))) {
      files =
          s.filter(p -> p.toString().endsWith(".sh"))
              .filter(p -> Files.exists(Path.of(p.toString().replaceAll("\\.sh$", ".expected"))))
              .filter(p -> !TOO_LARGE_TO_WATCH.contains(p.getFileName().toString()))
              .filter(LiveEventsTest::watchable)
              .sorted()
              .toList();
    }
    assertTrue(files.size() > 20, "conformance cases found: " + files.size());
    return files.stream()
        .map(
            f ->
                DynamicTest.dynamicTest(
                    f.getFileName().toString(),
                    () -> {
                      Scenario scenario = ScenarioParser.parse(f.toString(), Files.readString(f));
                      LiveRun run = RUNNER.run(scenario);
                      ScenarioRunner.ObservedRun model = EventComparison.model(scenario, run);
                      String table = EventComparison.firstTableDifference(model, run);
                      assertNull(table, table);
                      EventComparison.Difference d = EventComparison.firstDifference(model, run);
                      assertNull(d, () -> d.describe());
                      assertNull(EventComparison.firstPollDifference(model, run));
                      assertEquals(List.of(), run.watcherProblems());
                    }));
  }
}
