package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.OutcomeDiff;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.umount.Generations;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every guest kernel's recorded answers (conformance/kernels/K/, recorded in a QEMU guest with
 * {@code mountcheck kernel --kernel K --record}) against the model under that kernel's profile,
 * with no VM: every case of {@link RecordedCases} must have an answer for every guest kernel, and
 * the model must give it.
 */
class KernelProfileRecordingsTest {
  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

  @TestFactory
  Stream<DynamicTest> everyKernelProfileGivesItsKernelsRecordedAnswers() throws IOException {
    List<Path> cases = RecordedCases.guestScenarios(HOME);
    assertTrue(cases.size() >= 40, "cases: " + cases.size());
    List<DynamicTest> tests = new ArrayList<>();
    for (Kernel kernel : Kernels.guests()) {
      KernelProfile profile = kernel.profile();
      for (Path c : cases) {
        Path answer = RecordedCases.expected(HOME, c, kernel);
        tests.add(
            DynamicTest.dynamicTest(
                kernel + " " + HOME.relativize(c),
                () -> {
                  assertTrue(
                      Files.isRegularFile(answer), "not recorded on " + kernel + ": " + answer);
                  assertEquals(List.of(), diff(Model.forKernel(profile), c, answer));
                }));
      }
    }
    return tests.stream();
  }

  /**
   * The committed witness of the 2017 generation's bug, recorded on every kernel: 6.1 and 6.12 give
   * the 2017 generation's answer, 6.18 and 7.2 the 2025 rewrite's, and the other generation's
   * answer differs on each.
   */
  @Test
  void the2017WitnessSplitsTheKernelsByUmountGeneration() throws IOException {
    List<Path> witnesses;
    try (Stream<Path> s = Files.list(HOME.resolve("counterexamples"))) {
      witnesses =
          s.filter(p -> p.getFileName().toString().matches("variant-umount-2017-.*\\.sh"))
              .sorted()
              .toList();
    }
    assertTrue(!witnesses.isEmpty());
    for (Path w : witnesses) {
      for (String name : List.of("6.1", "6.12", "6.18", "7.2")) {
        Kernel kernel = Kernels.byName(name).orElseThrow();
        String own = name.equals("6.1") || name.equals("6.12") ? "2017" : "2025";
        String other = own.equals("2017") ? "2025" : "2017";
        Path answer = RecordedCases.expected(HOME, w, kernel);
        KernelProfile profile = kernel.profile();
        assertEquals(
            List.of(), diff(model(own, profile), w, answer), kernel + " " + w + " with " + own);
        assertNotEquals(
            List.of(), diff(model(other, profile), w, answer), kernel + " " + w + " with " + other);
      }
    }
  }

  private static Model model(String generation, KernelProfile profile) {
    return new Model(Generations.byName(generation).orElseThrow(), profile);
  }

  static List<String> diff(Model model, Path scenarioFile, Path answer) throws IOException {
    String name = HOME.relativize(scenarioFile).toString();
    Scenario scenario =
        ScenarioParser.parse(name, Files.readString(scenarioFile, StandardCharsets.UTF_8));
    ExpectedOutcome kernel =
        ExpectedOutcome.parse(answer.toString(), Files.readString(answer, StandardCharsets.UTF_8));
    ScenarioRunner.Run run =
        new ScenarioRunner(model)
            .run(
                scenario,
                MountTable.initial(100_000, kernel.mountsBefore(), kernel.mountPointsBefore()));
    return OutcomeDiff.of("model", ModelAnswer.of(run, model.profile()), "kernel", kernel);
  }
}
