package mountcheck.model.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The model against the live kernel's recorded answers: every scenario under conformance/ and
 * examples/ that has an X.expected beside it (written by {@code mountcheck kernel --record}, see
 * the file's header) must give the same failing lines and the same canonical table in the model.
 * The kernel module's RecordedScenariosTest checks that the live kernel still gives them.
 */
class RecordedKernelAnswersTest {
  private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

  /**
   * Files left out, by name ({@code -Dmountcheck.recorded.exclude=REGEX}, default none): the
   * mutation profile leaves out the 100,000-mount fs.mount-max case, which MountMaxBoundaryTest
   * covers at a small limit, so that each mutant runs in seconds.
   */
  private static final Pattern EXCLUDED =
      Pattern.compile(System.getProperty("mountcheck.recorded.exclude", "(?!)"));

  @TestFactory
  Stream<DynamicTest> modelAgreesWithEveryRecordedKernelAnswer() throws IOException {
    List<Path> scenarios;
    try (Stream<Path> files =
        Stream.of("conformance", "examples")
            .map(REPO::resolve)
            .filter(Files::isDirectory)
            .flatMap(RecordedKernelAnswersTest::walk)) {
      scenarios =
          files
              .filter(p -> p.toString().endsWith(".sh"))
              .filter(p -> Files.exists(expectedOf(p)))
              .filter(p -> !EXCLUDED.matcher(p.getFileName().toString()).matches())
              .sorted()
              .toList();
    }
    assertTrue(scenarios.size() >= 30, "recorded conformance cases found: " + scenarios.size());
    return scenarios.stream()
        .map(p -> DynamicTest.dynamicTest(REPO.relativize(p).toString(), () -> check(p)));
  }

  private static void check(Path scenarioFile) throws IOException {
    String name = REPO.relativize(scenarioFile).toString();
    Scenario scenario =
        ScenarioParser.parse(name, Files.readString(scenarioFile, StandardCharsets.UTF_8));
    ExpectedOutcome kernel =
        ExpectedOutcome.parse(
            name, Files.readString(expectedOf(scenarioFile), StandardCharsets.UTF_8));
    ScenarioRunner.Run run =
        new ScenarioRunner(Model.linux())
            .run(
                scenario,
                MountTable.initial(100_000, kernel.mountsBefore(), kernel.mountPointsBefore()));
    List<String> diff = OutcomeDiff.of("model", ModelAnswer.of(run), "kernel", kernel);
    assertEquals(List.of(), diff, name);
  }

  private static Path expectedOf(Path scenario) {
    String s = scenario.getFileName().toString();
    return scenario.resolveSibling(s.substring(0, s.length() - 3) + ".expected");
  }

  private static Stream<Path> walk(Path dir) {
    try {
      return Files.walk(dir).toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
