package mountcheck.properties.counterexample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.text.HeaderFormat;

/**
 * Writes a counterexample as a runnable scenario file: the comment header, a blank line, then the
 * scenario's command lines and nothing else, so that the {@code # run:} line replays it on a kernel
 * as it is. The name is {@code <property>-<8 hex digits of the SHA-256 of the scenario text>.sh}.
 * An existing file is never overwritten: one with the same content is reused, one with different
 * content makes the writer try {@code -2}, {@code -3}, ... suffixes.
 */
public final class CounterexampleWriter {
  /** The command that runs a scenario file on a real kernel; {@code FILE} is replaced. */
  public static final String RUN_COMMAND =
      "unshare -Urm bash -c 'mount -o remount,bind,ro / && cd / && exec bash --norc --noprofile'"
          + " < FILE";

  private CounterexampleWriter() {}

  /** The scenario's text: one command line per operation. */
  public static String scenarioText(Scenario scenario) {
    StringBuilder b = new StringBuilder();
    for (Operation op : scenario.operations()) b.append(op.toCommand()).append('\n');
    return b.toString();
  }

  /** Writes {@code scenario} with {@code header} into {@code dir}; returns the file's path. */
  public static Path write(Path dir, CounterexampleHeader header, Scenario scenario) {
    return write(dir, header, scenarioText(scenario));
  }

  /** Writes the scenario text {@code body} with {@code header} into {@code dir}. */
  public static Path write(Path dir, CounterexampleHeader header, String body) {
    String text = body.isEmpty() || body.endsWith("\n") ? body : body + "\n";
    String base = fileStem(header.property()) + "-" + hash(text);
    try {
      Files.createDirectories(dir);
      for (int n = 1; ; n++) {
        Path file = dir.resolve(n == 1 ? base + ".sh" : base + "-" + n + ".sh");
        String content = render(header, file, text);
        if (Files.exists(file)) {
          if (Files.readString(file, StandardCharsets.UTF_8).equals(content)) return file;
          continue;
        }
        try {
          Files.writeString(file, content, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
          return file;
        } catch (FileAlreadyExistsException raced) {
          n--; // someone wrote it meanwhile: look at it again
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write counterexample into " + dir, e);
    }
  }

  /** The full content of the file at {@code file}: header, run line, blank line, body. */
  static String render(CounterexampleHeader header, Path file, String body) {
    Map<String, String> fields = header.fields();
    fields.put(CounterexampleHeader.RUN, RUN_COMMAND.replace("FILE", file.toString()));
    return HeaderFormat.render(fields) + "\n" + body;
  }

  /** The property name as a file-name stem: lower case letters, digits and dashes. */
  static String fileStem(String property) {
    String s = property.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    s = s.replaceAll("^-+|-+$", "");
    return s.isEmpty() ? "property" : s;
  }

  /** The first 8 hex digits of the SHA-256 of {@code text}. */
  static String hash(String text) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from the JDK", e);
    }
  }
}
