package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import org.junit.jupiter.api.Test;

class RecordedCasesTest {
  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

  private static Kernel kernel(String name) {
    return Kernels.byName(name).orElseThrow();
  }

  @Test
  void guestAnswersMirrorThePathsUnderConformanceKernels() {
    assertEquals(
        HOME.resolve("conformance/kernels/6.1/C01-shared-replica.expected"),
        RecordedCases.expected(
            HOME, HOME.resolve("conformance/C01-shared-replica.sh"), kernel("6.1")));
    assertEquals(
        HOME.resolve("conformance/kernels/7.2/probes/b-tuck-under-locked.expected"),
        RecordedCases.expected(
            HOME, HOME.resolve("conformance/probes/b-tuck-under-locked.sh"), kernel("7.2")));
    assertEquals(
        HOME.resolve("conformance/kernels/5.10/examples/viro-2025-reproducer.expected"),
        RecordedCases.expected(
            HOME, HOME.resolve("examples/viro-2025-reproducer.sh"), kernel("5.10")));
    assertEquals(
        HOME.resolve("examples/viro-2025-reproducer.expected"),
        RecordedCases.expected(
            HOME, HOME.resolve("examples/viro-2025-reproducer.sh"), kernel("host")));
  }

  @Test
  void findsCasesInProbesAndExamplesButNotTheRecordingsThemselves() throws IOException {
    List<Path> cases = RecordedCases.scenarios(HOME);
    assertTrue(
        cases.contains(HOME.resolve("conformance/probes/b-tuck-under-locked.sh")),
        cases.toString());
    assertTrue(cases.contains(HOME.resolve("examples/viro-2025-reproducer.sh")));
    assertTrue(cases.contains(HOME.resolve("conformance/C01-shared-replica.sh")));
    assertTrue(cases.stream().noneMatch(p -> p.toString().contains("/kernels/")));
    assertTrue(cases.stream().noneMatch(p -> p.getFileName().toString().equals("run-kernel.sh")));
  }
}
