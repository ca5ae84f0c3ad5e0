package mountcheck.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import mountcheck.model.ops.Scenario;
import mountcheck.model.text.MountInfoFormat;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.ScenarioSyntaxException;

/** Reads and parses a scenario file (or standard input for "-") with the CLI's error rules. */
final class ScenarioInput {
  private ScenarioInput() {}

  /** A usage problem: the message to print and exit status 2. */
  static final class BadInput extends Exception {
    BadInput(String message) {
      super(message);
    }
  }

  static Scenario load(String command, String fileOrDash, InputStream stdin) throws BadInput {
    return load(command, fileOrDash, stdin, null);
  }

  /**
   * Reads and parses the scenario; bytes that are not UTF-8 become U+FFFD, which the parser reports
   * with their line as binary data. A scenario without commands gets a note on {@code notes}.
   */
  static Scenario load(String command, String fileOrDash, InputStream stdin, PrintWriter notes)
      throws BadInput {
    String name = fileOrDash.equals("-") ? "<stdin>" : fileOrDash;
    String text;
    try {
      if (!fileOrDash.equals("-") && Files.isDirectory(Path.of(fileOrDash))) {
        throw new BadInput(
            "mountcheck " + command + ": " + name + ": is a directory, not a scenario file");
      }
      text =
          new String(
              fileOrDash.equals("-")
                  ? stdin.readAllBytes()
                  : Files.readAllBytes(Path.of(fileOrDash)),
              StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new BadInput("mountcheck " + command + ": " + name + ": no such file");
    } catch (IOException e) {
      throw new BadInput("mountcheck " + command + ": cannot read " + name + ": " + e.getMessage());
    }
    Scenario scenario;
    try {
      scenario = ScenarioParser.parse(name, text);
    } catch (ScenarioSyntaxException e) {
      throw new BadInput(e.getMessage());
    }
    if (scenario.steps().isEmpty() && notes != null) {
      notes.println(
          name
              + ": note: "
              + (text.isEmpty() ? "empty file" : "no commands (only comments and blank lines)")
              + "; the answer is the starting namespace");
      notes.flush();
    }
    return scenario;
  }

  /**
   * How many mounts a fresh {@code unshare -Urm} namespace starts with here: the host's mounts,
   * which the kernel copies into it (20 on the project's machines). 1 where /proc is unreadable.
   */
  static int hostMountCount() {
    return Math.max(1, hostRows().size());
  }

  /** This host's mount points at or below /mnt, which unshare -Urm copies in locked. */
  static List<String> hostMountPointsBelowMnt() {
    return hostRows().stream()
        .map(MountInfoRow::mountPoint)
        .filter(ScenarioParser::atOrBelowRoot)
        .toList();
  }

  private static List<MountInfoRow> hostRows() {
    try (InputStream in = Files.newInputStream(Path.of("/proc/self/mountinfo"))) {
      return MountInfoFormat.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }
}
