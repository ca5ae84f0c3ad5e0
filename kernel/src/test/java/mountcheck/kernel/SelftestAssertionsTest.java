package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.EventLines;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The kernel selftests and LTP cases translated into scenarios (conformance/selftests/, table in
 * docs/selftests.md): every kernel's recorded answer must satisfy the assertions derived by hand
 * from the upstream test, written in the scenario's {@code # assert:} header. The model is held to
 * the same recordings by {@link KernelProfileRecordingsTest} and the host by {@link
 * RecordedScenariosTest}.
 */
class SelftestAssertionsTest {
  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  private static final Path SELFTESTS = HOME.resolve("conformance/selftests");

  private static List<Path> translatedCases() throws IOException {
    try (Stream<Path> s = Files.list(SELFTESTS)) {
      return s.filter(p -> p.toString().endsWith(".sh")).sorted().toList();
    }
  }

  @TestFactory
  Stream<DynamicTest> everyKernelsAnswerSatisfiesTheTestsOwnAssertions() throws IOException {
    List<Path> cases = translatedCases();
    assertTrue(cases.size() >= 19, "translated cases: " + cases.size());
    List<DynamicTest> tests = new ArrayList<>();
    for (Kernel kernel : Kernels.all()) {
      for (Path c : cases) {
        Path answer = RecordedCases.expected(HOME, c, kernel);
        tests.add(
            DynamicTest.dynamicTest(
                kernel + " " + HOME.relativize(c),
                () -> {
                  String text = Files.readString(c);
                  List<String> assertions = SelftestAssertions.of(text);
                  assertFalse(assertions.isEmpty(), c + " has no # assert: block");
                  assertTrue(Files.isRegularFile(answer), "not recorded: " + answer);
                  // the upstream test skips itself here (no such call): recorded, not asserted
                  if (!SelftestAssertions.appliesTo(text, kernel.toString())) return;
                  ExpectedOutcome recorded =
                      ExpectedOutcome.parse(answer.toString(), Files.readString(answer));
                  List<String> violations = SelftestAssertions.violations(assertions, recorded);
                  if (SelftestAssertions.holdsOn(text, kernel.name()))
                    assertEquals(List.of(), violations);
                  else // a test newer than the kernel (# kernels:): it must fail there
                  assertFalse(violations.isEmpty(), "holds beyond its # kernels: line");
                }));
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> theModelsEventsAreTheTestsOwn() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path c : translatedCases()) {
      String text = Files.readString(c);
      List<String> assertions = SelftestAssertions.of(text);
      if (SelftestAssertions.eventAssertions(assertions).isEmpty()) continue;
      tests.add(
          DynamicTest.dynamicTest(
              HOME.relativize(c).toString(),
              () -> {
                ScenarioRunner.ObservedRun run =
                    new ScenarioRunner(Model.linux())
                        .observe(
                            ScenarioParser.parse(c.toString(), text),
                            MountTable.initial(100_000, 1));
                assertEquals(
                    List.of(),
                    SelftestAssertions.eventViolations(assertions, EventLines.render(run)));
              }));
    }
    assertTrue(tests.size() >= 8, "cases with event assertions: " + tests.size());
    return tests.stream();
  }

  @Test
  void eventAssertionsCountEachKindInOneNamespace() {
    List<String> lines =
        List.of(
            "3: mount --bind /mnt/r /mnt/r/a",
            "  attach ns1 #7 /mnt/r/a R:/",
            "  attach ns2 #8 /mnt/r/a R:/",
            "  event ns1=6 ns2=6",
            "4: umount /mnt/r/a",
            "  move ns1 #9 /mnt/r/b R:/ from /mnt/r/b",
            "  detach ns1 #7 /mnt/r/a R:/",
            "  event ns1=7",
            "5: mount --make-private /mnt/r");
    assertEquals(
        List.of(),
        SelftestAssertions.eventViolations(
            List.of(
                "events last ns1 none",
                "events last-1 ns1 detach move",
                "events last-2 ns1 attach",
                "events last-2 ns2 attach*1"),
            lines));
    assertEquals(
        List.of(
            "events last-1 ns1 detach*2: events [detach, move]",
            "events last-2 ns1 attach*2: events [attach]"),
        SelftestAssertions.eventViolations(
            List.of("events last-1 ns1 detach*2", "events last-2 ns1 attach*2"), lines));
  }

  @Test
  void everyTranslatedCaseIsARecordedConformanceCase() throws IOException {
    assertTrue(RecordedCases.guestScenarios(HOME).containsAll(translatedCases()));
  }

  private static final String ANSWER =
      """
      fail 7 EINVAL
      mountinfo:
      65 45 0:39 / /mnt rw,relatime - tmpfs root rw
      66 65 0:40 / /mnt/r rw,relatime shared:1 - tmpfs R rw
      67 66 0:40 / /mnt/r rw,relatime shared:1 - tmpfs R rw
      68 66 0:40 /d /mnt/r/a rw,relatime master:1 - tmpfs R rw
      69 65 0:41 / /mnt/u rw,relatime unbindable - tmpfs U rw
      70 69 0:42 / /mnt/u/v ro,nodev,noatime - tmpfs V rw
      71 70 0:43 / /mnt/u/v/w ro,noatime,nodev shared:2 - tmpfs W rw
      mountinfo of namespace /mnt/ns/c:
      90 70 0:39 / /mnt rw,relatime - tmpfs root rw
      """;

  @Test
  void eachKindOfAssertionHoldsOrNamesWhatWasFound() {
    ExpectedOutcome answer = ExpectedOutcome.parse("hand-written", ANSWER);
    List<String> holding =
        List.of(
            "failures 7:EINVAL",
            "count /mnt/r 3",
            "at /mnt/r 2",
            "top /mnt/r parent /mnt/r",
            "top /mnt/r/a root /d",
            "top /mnt/r/a slave",
            "top /mnt/u unbindable",
            "top /mnt/r shared",
            "top /mnt/u/v options noatime,ro,nodev",
            "top /mnt/u/v source V",
            "all /mnt/u/v options ro,nodev,noatime",
            "all /mnt/u/v/w shared",
            "in /mnt/ns/c count /mnt 1",
            "in /mnt/ns/c top /mnt private");
    assertEquals(List.of(), SelftestAssertions.violations(holding, answer));
    List<String> broken =
        List.of(
            "failures none",
            "count /mnt/r 2",
            "at /mnt/r/a 0",
            "top /mnt/r/a root /",
            "top /mnt/r/a parent /mnt",
            "top /mnt/u private",
            "one-group /mnt/r",
            "in /mnt/ns/other count /mnt 1",
            "top /mnt/x shared",
            "top /mnt/u/v options ro,nodev",
            "top /mnt/u/v source W",
            "all /mnt/u options ro,nodev,noatime",
            "all /mnt/u/v private",
            "all /mnt/x shared");
    assertEquals(
        List.of(
            "failures none: failed lines [7:EINVAL]",
            "count /mnt/r 2: 3 rows",
            "at /mnt/r/a 0: 1 rows",
            "top /mnt/r/a root /: root /d",
            "top /mnt/r/a parent /mnt: parent at /mnt/r",
            "top /mnt/u private: optional fields [unbindable]",
            "one-group /mnt/r: peer groups [1, 0]",
            "in /mnt/ns/other count /mnt 1: no table of namespace /mnt/ns/other in the answer",
            "top /mnt/x shared: 0 topmost mounts at /mnt/x",
            "top /mnt/u/v options ro,nodev: options ro,nodev,noatime",
            "top /mnt/u/v source W: source V",
            "all /mnt/u options ro,nodev,noatime: /mnt/u: options rw,relatime",
            "all /mnt/u/v private: /mnt/u/v/w: optional fields [shared:2]",
            "all /mnt/x shared: no rows at or below /mnt/x"),
        SelftestAssertions.violations(broken, answer));
  }

  @Test
  void aFailureWithAnyErrnoMatchesOnlyItsLine() {
    ExpectedOutcome answer = ExpectedOutcome.parse("hand-written", ANSWER);
    assertEquals(List.of(), SelftestAssertions.violations(List.of("failures 7:*"), answer));
    assertEquals(
        List.of(
            "failures 8:*: failed lines [7:EINVAL]", "failures 7:* 9:*: failed lines [7:EINVAL]"),
        SelftestAssertions.violations(List.of("failures 8:*", "failures 7:* 9:*"), answer));
  }

  @Test
  void theAssertionsApplyToTheKernelsTheHeaderNames() {
    String scenario =
        "# t\n# assert-kernels: 6.1 host\n# assert:\n#   failures none\nmkdir -p /mnt\n";
    assertTrue(SelftestAssertions.appliesTo(scenario, "host"));
    assertTrue(SelftestAssertions.appliesTo(scenario, "6.1"));
    assertFalse(SelftestAssertions.appliesTo(scenario, "5.10"));
    assertTrue(SelftestAssertions.appliesTo("# t\nmkdir -p /mnt\n", "5.10"));
    assertEquals(List.of("failures none"), SelftestAssertions.of(scenario));
  }

  @Test
  void theAssertionsAreTheHeadersAssertBlock() {
    String scenario =
        "# title\n# assert:\n#   failures none\n#   count /mnt 1\nmount -t tmpfs root /mnt\n";
    assertEquals(List.of("failures none", "count /mnt 1"), SelftestAssertions.of(scenario));
    assertEquals(List.of(), SelftestAssertions.of("# title\nmount -t tmpfs root /mnt\n"));
  }
}
