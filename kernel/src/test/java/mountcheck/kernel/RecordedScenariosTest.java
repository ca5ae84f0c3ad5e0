package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs every scenario file that has a recorded {@code X.expected} next to it on the live kernel and
 * fails when the kernel's answer (failing lines with errno, canonical table) changed. Looks in this
 * module's test scenarios and in every recorded case of {@link RecordedCases} (conformance/ with
 * probes/, and examples/).
 */
@ExtendWith(HostMountTableUnchanged.class)
class RecordedScenariosTest {
  @BeforeAll
  static void kernel() {
    KernelTests.assumeKernel();
  }

  /** Every recorded case (conformance/ with probes/, examples/) and this module's scenarios. */
  static List<Path> recordedScenarios() throws IOException {
    List<Path> files = new ArrayList<>(RecordedCases.scenarios(Path.of("..")));
    Path own = Path.of("src/test/resources/scenarios");
    if (Files.isDirectory(own)) {
      try (Stream<Path> s = Files.list(own)) {
        s.filter(p -> p.toString().endsWith(".sh"))
            .filter(p -> Files.isRegularFile(KernelRecorder.expectedFile(p)))
            .sorted()
            .forEach(files::add);
      }
    }
    return files;
  }

  @TestFactory
  Stream<DynamicTest> kernelStillGivesTheRecordedAnswer() throws IOException {
    List<Path> files = recordedScenarios();
    return files.stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    file.toString(),
                    () -> {
                      Path expectedFile = KernelRecorder.expectedFile(file);
                      ExpectedOutcome recorded =
                          ExpectedOutcome.parse(
                              expectedFile.toString(),
                              Files.readString(expectedFile, StandardCharsets.UTF_8));
                      KernelResult now =
                          KernelTests.RUNNER.run(
                              ScenarioParser.parse(
                                  file.toString(), Files.readString(file, StandardCharsets.UTF_8)));
                      assertEquals(
                          "",
                          KernelRecorder.difference(recorded, now),
                          () -> file + ": the kernel's answer changed");
                    }));
  }
}
