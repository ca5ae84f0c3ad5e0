package mountcheck.kernel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import mountcheck.model.kernels.ImageSource.DebianPackage;
import mountcheck.model.kernels.Kernel;

/**
 * The named kernels a guest can boot, and their cache.
 *
 * <p>A kernel of the registry ({@code mountcheck.model.kernels.Kernels}) whose image is a {@link
 * DebianPackage} is the newest kernel of one series that the machine's own Debian archive serves in
 * one suite (read from the apt sources by {@code scripts/debian-fetch}; no mirror is named here).
 * An image is downloaded once into {@code ~/.cache/mountcheck/kernels/NAME/} as {@code vmlinuz}
 * plus a {@code package} file ("PACKAGE VERSION SHA256" of the .deb); later runs use the cache and
 * need no network. {@code MOUNTCHECK_CACHE} moves the cache.
 */
public final class KernelImages {
  /** A bootable image and where it came from. */
  public record Image(String name, Path vmlinuz, String origin) {}

  private KernelImages() {}

  /** The cache directory: $MOUNTCHECK_CACHE or ~/.cache/mountcheck. */
  public static Path cache() {
    String env = System.getenv("MOUNTCHECK_CACHE");
    if (env != null && !env.isEmpty()) return Path.of(env);
    return Path.of(System.getProperty("user.home"), ".cache", "mountcheck");
  }

  /** The cached image of a named kernel, without downloading; empty when not cached yet. */
  public static Optional<Image> cached(String name) throws IOException {
    Path dir = cache().resolve("kernels").resolve(name);
    Path vmlinuz = dir.resolve("vmlinuz");
    Path pkg = dir.resolve("package");
    if (!Files.isRegularFile(vmlinuz) || !Files.isRegularFile(pkg)) return Optional.empty();
    return Optional.of(new Image(name, vmlinuz, Files.readString(pkg).strip()));
  }

  /** An image file given by path ({@code --kernel-image}). */
  public static Image file(Path bzImage) throws IOException {
    if (!Files.isRegularFile(bzImage)) throw new IOException(bzImage + ": no such kernel image");
    return new Image(bzImage.toString(), bzImage.toAbsolutePath(), "file " + bzImage);
  }

  /**
   * The image of a named kernel: from the cache, else downloaded with {@code scripts/debian-fetch}
   * (found under {@code home}) and cached.
   */
  public static Image named(Kernel kernel, Path home) throws IOException {
    String name = kernel.name();
    if (!(kernel.image() instanceof DebianPackage s))
      throw new IOException("kernel " + name + " is not served by a Debian suite");
    Optional<Image> hit = cached(name);
    if (hit.isPresent()) return hit.get();
    Path fetch = home.resolve("scripts").resolve("debian-fetch");
    if (!Files.isExecutable(fetch)) throw new IOException("cannot find " + fetch);
    Path dir = cache().resolve("kernels").resolve(name);
    Files.createDirectories(dir.getParent());
    Path unpacked = Files.createTempDirectory(dir.getParent(), name + ".unpacked.");
    try {
      Files.delete(unpacked);
      ProcessRun.Execution run =
          ProcessRun.execute(
              // The runner clears the environment: name the cache, which HOME no longer gives.
              List.of(
                  "env",
                  "MOUNTCHECK_CACHE=" + cache().toAbsolutePath(),
                  fetch.toString(),
                  s.suite(),
                  s.packagePattern(),
                  unpacked.toString()),
              "",
              Duration.ofMinutes(15));
      if (run.timedOut() || run.exitStatus() != 0)
        throw new IOException(
            "downloading kernel " + name + " failed: " + run.stdout() + run.stderr());
      Path vmlinuz = findVmlinuz(unpacked);
      Path partial = Files.createTempDirectory(dir.getParent(), name + ".partial.");
      Files.copy(vmlinuz, partial.resolve("vmlinuz"), StandardCopyOption.REPLACE_EXISTING);
      Files.writeString(
          partial.resolve("package"),
          Files.readString(unpacked.resolve(".package"), StandardCharsets.UTF_8),
          StandardCharsets.UTF_8);
      if (Files.exists(dir)) deleteTree(dir);
      Files.move(partial, dir);
    } finally {
      deleteTree(unpacked);
    }
    return cached(name).orElseThrow();
  }

  /** {@code boot/vmlinuz-*} (image packages) or {@code usr/lib/modules/VER/vmlinuz} (sid). */
  static Path findVmlinuz(Path unpacked) throws IOException {
    try (Stream<Path> s = Files.walk(unpacked)) {
      return s.filter(Files::isRegularFile)
          .filter(p -> p.getFileName().toString().startsWith("vmlinuz"))
          .findFirst()
          .orElseThrow(() -> new IOException("no vmlinuz in the package under " + unpacked));
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) return;
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
    }
  }
}
