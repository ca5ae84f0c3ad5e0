package mountcheck.cli;

import java.nio.file.Path;

/** Where the repository's directories are: the launcher passes -Dmountcheck.home. */
final class RepoPaths {
  private RepoPaths() {}

  static Path home() {
    String h = System.getProperty("mountcheck.home");
    return (h == null ? Path.of("") : Path.of(h)).toAbsolutePath().normalize();
  }

  /** The committed counterexamples. */
  static Path counterexamples() {
    return home().resolve("counterexamples");
  }

  /** Where runs with --variant (and the tests) write, never the committed directory. */
  static Path scratchCounterexamples() {
    return home().resolve("target").resolve("counterexamples");
  }
}
