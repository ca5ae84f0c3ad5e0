package mountcheck.kernel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.text.HeaderFormat;

/**
 * Where the recorded kernel answers live, in one place for the tests and the command line.
 *
 * <p>A case is a scenario file {@code X.sh} under {@code conformance/} (probes/ included) or {@code
 * examples/} with the host kernel's answer {@code X.expected} beside it. The answers of the guest
 * kernels mirror those paths under {@code conformance/kernels/K/}: {@code
 * conformance/C01-shared-replica.sh} has {@code
 * conformance/kernels/6.1/C01-shared-replica.expected}, {@code
 * conformance/probes/a1-unshare-clears-unbindable.sh} has {@code
 * conformance/kernels/6.1/probes/a1-unshare-clears-unbindable.expected}, and {@code
 * examples/overlap-family-N4.sh} has {@code
 * conformance/kernels/6.1/examples/overlap-family-N4.expected}.
 */
public final class RecordedCases {
  /** The header key that keeps a case off the guest kernels, with the reason as its value. */
  public static final String HOST_ONLY = "host-only";

  /** The directory under conformance/ that holds the guest kernels' answers. */
  public static final String KERNELS = "kernels";

  private RecordedCases() {}

  /** Every case under {@code home}: scenario files with a host answer beside them, sorted. */
  public static List<Path> scenarios(Path home) throws IOException {
    Path kernels = home.resolve("conformance").resolve(KERNELS);
    try (Stream<Path> all =
        Stream.concat(walk(home.resolve("conformance")), walk(home.resolve("examples")))) {
      return all.filter(p -> p.getFileName().toString().endsWith(".sh"))
          .filter(p -> !p.startsWith(kernels))
          .filter(p -> Files.isRegularFile(KernelRecorder.expectedFile(p)))
          .sorted()
          .toList();
    }
  }

  /**
   * The cases that the guest kernels answer too: every case but those whose header has a line
   * {@code # host-only: REASON} (a case whose expected answer depends on the host's own starting
   * state, such as the exact fs.mount-max boundary counted from the host's pre-existing mounts).
   */
  public static List<Path> guestScenarios(Path home) throws IOException {
    List<Path> out = new ArrayList<>();
    for (Path p : scenarios(home)) if (!hostOnly(p)) out.add(p);
    return out;
  }

  /** Whether the scenario's leading comment block marks it {@code # host-only:}. */
  public static boolean hostOnly(Path scenario) throws IOException {
    return HeaderFormat.field(Files.readString(scenario), HOST_ONLY).isPresent();
  }

  /**
   * The answer file of {@code scenario} for {@code kernel}: beside it for the host, else under
   * conformance/kernels/K/.
   */
  public static Path expected(Path home, Path scenario, Kernel kernel) {
    if (kernel.isHost()) return KernelRecorder.expectedFile(scenario);
    Path rel = home.toAbsolutePath().normalize().relativize(scenario.toAbsolutePath().normalize());
    return home.resolve(kernel.answerFile(rel.toString()));
  }

  private static Stream<Path> walk(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) return Stream.empty();
    try (Stream<Path> s = Files.walk(dir)) {
      return s.toList().stream();
    }
  }
}
