package mountcheck.cli;

import java.nio.file.Path;

/** Where the repository's directories are: the launcher passes -Dmountcheck.home. */
final class RepoPaths {
  private RepoPaths() {}

  static Path home() {
    String h = System.getProperty("mountcheck.home");
    return (h == null ? Path.of("") : Path.of(h)).toAbsolutePath().normalize();
  }

  /** The committed counterexamples, relative to the working directory when it is inside it. */
  static Path counterexamples() {
    return relative(home().resolve("counterexamples"));
  }

  /**
   * A path relative to the working directory if that is shorter, so '# run:' lines stay portable.
   */
  static Path relative(Path p) {
    Path cwd = Path.of("").toAbsolutePath();
    return p.startsWith(cwd) ? cwd.relativize(p) : p;
  }

  /** Where runs with --variant (and the tests) write, never the committed directory. */
  static Path scratchCounterexamples() {
    return relative(home().resolve("target").resolve("counterexamples"));
  }
}
