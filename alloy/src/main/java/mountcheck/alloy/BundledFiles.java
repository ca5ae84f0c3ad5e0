package mountcheck.alloy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The bundled specs copied once into a directory under {@code java.io.tmpdir}, so that Alloy can
 * resolve {@code open subtrees} between them.
 */
final class BundledFiles {
  private static final Object LOCK = new Object();
  private static Path dir;

  private BundledFiles() {}

  static Path path(String name) {
    synchronized (LOCK) {
      try {
        if (dir == null) {
          Path d = Files.createTempDirectory("mountcheck-alloy-specs");
          // files registered later are deleted first: the directory goes last, once it is empty
          d.toFile().deleteOnExit();
          for (String spec : Spec.BUNDLED) {
            Path f = d.resolve(spec + ".als");
            Files.writeString(f, Spec.bundled(spec).text());
            f.toFile().deleteOnExit();
          }
          dir = d;
        }
        return dir.resolve(name + ".als");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
