package mountcheck.alloy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * An Alloy specification: a short name used in reports and file names, its text, and where it came
 * from (the name of a bundled spec, or a file path) so a child JVM can load it again.
 */
public record Spec(String name, String text, String origin) {

  /** The specs shipped in this module, under {@code mountcheck/alloy/} on the class path. */
  public static final List<String> BUNDLED = List.of("subtrees", "lifetime", "trim");

  /** Loads a bundled spec by name ({@code subtrees} or {@code subtrees.als}). */
  public static Spec bundled(String name) {
    String base = name.endsWith(".als") ? name.substring(0, name.length() - 4) : name;
    String resource = "/mountcheck/alloy/" + base + ".als";
    try (InputStream in = Spec.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no bundled Alloy spec " + base + "; have " + BUNDLED);
      }
      return new Spec(base, new String(in.readAllBytes(), StandardCharsets.UTF_8), base);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads a spec from a file. */
  public static Spec fromFile(Path file) {
    String fileName = file.getFileName().toString();
    String base =
        fileName.endsWith(".als") ? fileName.substring(0, fileName.length() - 4) : fileName;
    try {
      return new Spec(base, Files.readString(file), file.toAbsolutePath().toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A bundled name, or else a path to an {@code .als} file. */
  public static Spec resolve(String nameOrPath) {
    String base =
        nameOrPath.endsWith(".als") ? nameOrPath.substring(0, nameOrPath.length() - 4) : nameOrPath;
    if (BUNDLED.contains(base) && !Files.exists(Path.of(nameOrPath))) {
      return bundled(base);
    }
    Path file = Path.of(nameOrPath);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(
          "no Alloy spec " + nameOrPath + " (neither a file nor one of " + BUNDLED + ")");
    }
    return fromFile(file);
  }
}
