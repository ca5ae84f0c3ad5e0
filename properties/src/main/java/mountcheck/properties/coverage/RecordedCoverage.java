package mountcheck.properties.coverage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import mountcheck.model.coverage.CoverageRun;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.HeaderFormat;
import mountcheck.model.text.ScenarioParser;

/**
 * The coverage of the recorded conformance cases: every scenario under {@code conformance/} and
 * {@code examples/} with the kernel's answer beside it ({@code X.expected}), and every guest
 * kernel's answer under {@code conformance/kernels/} (classified with that kernel's rules: a site
 * only an older kernel has, such as mount_setattr's ENOSYS on 5.10, is hit there). CI checks the
 * model against each answer (RecordedKernelAnswersTest, KernelProfileRecordingsTest) and the live
 * kernels against them (RecordedScenariosTest, VmMatrixTest), so each counts as compared with the
 * kernel named in its header.
 */
public final class RecordedCoverage {
  private RecordedCoverage() {}

  /** The recorded scenario files under the repository root, sorted. */
  public static List<Path> files(Path repo) {
    try (Stream<Path> dirs = Stream.of("conformance", "examples").map(repo::resolve)) {
      return dirs.filter(Files::isDirectory)
          .flatMap(RecordedCoverage::walk)
          .filter(p -> p.toString().endsWith(".sh"))
          .filter(p -> Files.isRegularFile(expectedOf(p)))
          .sorted()
          .toList();
    }
  }

  /** Adds every recorded case under {@code repo} to the tally. */
  public static void addAll(Path repo, CoverageTally tally) {
    for (Path file : files(repo)) {
      try {
        String name = repo.relativize(file).toString();
        Scenario scenario =
            ScenarioParser.parse(name, Files.readString(file, StandardCharsets.UTF_8));
        String expectedText = Files.readString(expectedOf(file), StandardCharsets.UTF_8);
        ExpectedOutcome expected = ExpectedOutcome.parse(name, expectedText);
        MountTable initial =
            MountTable.initial(100_000, expected.mountsBefore(), expected.mountPointsBefore());
        tally.addRecorded(CoverageRun.of(scenario, initial), "Linux " + kernelOf(expectedText));
        for (Kernel k : Kernels.guests()) addGuest(repo, file, scenario, k, tally);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The guest's answer to the case, if recorded, with the guest kernel's rules. */
  private static void addGuest(
      Path repo, Path file, Scenario scenario, Kernel kernel, CoverageTally tally)
      throws IOException {
    Path rel = repo.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize());
    Path answer = repo.resolve(kernel.answerFile(rel.toString()));
    if (!Files.isRegularFile(answer)) return;
    String text = Files.readString(answer, StandardCharsets.UTF_8);
    ExpectedOutcome expected = ExpectedOutcome.parse(answer.toString(), text);
    MountTable initial =
        MountTable.initial(100_000, expected.mountsBefore(), expected.mountPointsBefore());
    Model model = Model.forKernel(kernel.profile());
    tally.addRecorded(CoverageRun.of(scenario, initial, model), "Linux " + kernelOf(text));
  }

  static String kernelOf(String expectedText) {
    return HeaderFormat.field(expectedText, ExpectedOutcome.KERNEL).orElse("?");
  }

  static Path expectedOf(Path scenario) {
    String s = scenario.getFileName().toString();
    return scenario.resolveSibling(s.substring(0, s.length() - 3) + ".expected");
  }

  private static Stream<Path> walk(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
