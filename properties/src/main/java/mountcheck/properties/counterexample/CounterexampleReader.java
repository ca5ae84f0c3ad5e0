package mountcheck.properties.counterexample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import mountcheck.model.ops.Scenario;
import mountcheck.model.text.HeaderFormat;

/**
 * Reads counterexample files: the header (the leading {@code #} lines) and the body (everything
 * after the header and the blank line that ends it). Parsing the body into a {@link Scenario} is
 * the scenario parser's job, passed in as a function.
 */
public final class CounterexampleReader {
  private CounterexampleReader() {}

  /** The two parts of a counterexample file's text. */
  record Parts(List<String> headerLines, String body) {}

  static Parts split(String content) {
    List<String> header = new ArrayList<>();
    int pos = 0;
    while (pos < content.length() && content.charAt(pos) == '#') {
      int end = content.indexOf('\n', pos);
      if (end < 0) end = content.length();
      header.add(content.substring(pos, end));
      pos = Math.min(content.length(), end + 1);
    }
    if (content.startsWith("\n", pos)) pos++;
    return new Parts(header, content.substring(pos));
  }

  /** Every header field of the file, including {@code run}, in file order. */
  public static Map<String, String> readFields(Path file) {
    return HeaderFormat.parse(split(read(file)).headerLines());
  }

  /** The file's header. */
  public static CounterexampleHeader readHeader(Path file) {
    try {
      return CounterexampleHeader.fromFields(readFields(file));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  /** The file's body: the scenario text, exactly as stored. */
  public static String readBody(Path file) {
    return split(read(file)).body();
  }

  /** The whole counterexample, with its body parsed by {@code parser}. */
  public static StoredCounterexample read(Path file, Function<String, Scenario> parser) {
    String content = read(file);
    Parts parts = split(content);
    CounterexampleHeader header;
    try {
      header = CounterexampleHeader.fromFields(HeaderFormat.parse(parts.headerLines()));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
    return new StoredCounterexample(file, header, parts.body(), parser.apply(parts.body()));
  }

  /**
   * The counterexample files ({@code *.sh}) of {@code dir}, sorted by name; none if it is absent.
   */
  public static List<Path> list(Path dir) {
    if (!Files.isDirectory(dir)) return List.of();
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(p -> p.getFileName().toString().endsWith(".sh") && Files.isRegularFile(p))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read counterexample " + file, e);
    }
  }
}
