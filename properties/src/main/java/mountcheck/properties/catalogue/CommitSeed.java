package mountcheck.properties.catalogue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * A seed derived from the checked-out commit ({@code git rev-parse HEAD}): every submission
 * explores new scenarios, and the same commit explores the same ones again.
 */
public final class CommitSeed {
  private CommitSeed() {}

  /** The first 60 bits of HEAD's hash in {@code dir}'s repository, or empty without git. */
  public static OptionalLong of(Path dir) {
    try {
      Process p =
          new ProcessBuilder("git", "rev-parse", "HEAD")
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) return OptionalLong.empty();
      return fromHash(out);
    } catch (IOException e) {
      return OptionalLong.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return OptionalLong.empty();
    }
  }

  /** The seed of a commit hash: its first 15 hex digits. */
  static OptionalLong fromHash(String hash) {
    if (!hash.matches("[0-9a-f]{40}")) return OptionalLong.empty();
    return OptionalLong.of(Long.parseLong(hash.substring(0, 15), 16));
  }
}
