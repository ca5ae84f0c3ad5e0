package mountcheck.cli.litmus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Finds, or fetches and caches, what the litmus tests run on: herd7 (Debian's herdtools7, which
 * only sid ships; it needs sid's glibc and libgmp, loaded through sid's dynamic loader) and the
 * kernel's tools/memory-model (from the newest linux-source package sid serves; only that directory
 * is kept). Nothing of either is committed. Downloads go through scripts/debian-fetch, which reads
 * the archive from the machine's apt sources. The cache is $MOUNTCHECK_CACHE, default
 * ~/.cache/mountcheck.
 */
public final class LkmmToolchain {
  /** Why the toolchain cannot be had here. */
  public static final class UnavailableException extends Exception {
    public UnavailableException(String message) {
      super(message);
    }
  }

  private static final String SUITE = "sid";
  private final Path repo;
  private final Path cache;
  private final Consumer<String> log;

  public LkmmToolchain(Path repo, Consumer<String> log) {
    this.repo = repo;
    String env = System.getenv("MOUNTCHECK_CACHE");
    this.cache =
        env != null && !env.isEmpty()
            ? Path.of(env)
            : Path.of(System.getProperty("user.home"), ".cache", "mountcheck");
    this.log = log;
  }

  /** herd7 and the memory model, fetching what is missing. */
  public Herd herd() throws UnavailableException {
    List<String> command = herdCommand();
    Path mm = memoryModel();
    String version = firstLine(run(withArg(command, "-version"), 60)).strip();
    return new Herd(command, mm, "herd7 " + version + ", " + mm);
  }

  private List<String> herdCommand() throws UnavailableException {
    try {
      List<String> system = List.of("herd7");
      run(withArg(system, "-version"), 30);
      return system;
    } catch (UnavailableException e) {
      // not installed: Debian's sid package, with sid's C library and libgmp
    }
    Path sid = cache.resolve("debian").resolve(SUITE);
    Path herd = fetch("herdtools7", sid.resolve("herdtools7"));
    Path libc = fetch("libc6", sid.resolve("libc6"));
    Path gmp = fetch("libgmp10", sid.resolve("libgmp10"));
    String lib = "usr/lib/x86_64-linux-gnu";
    Path loader = libc.resolve(lib).resolve("ld-linux-x86-64.so.2");
    if (!Files.isExecutable(loader)) throw new UnavailableException("no loader in " + libc);
    return List.of(
        loader.toString(),
        "--library-path",
        libc.resolve(lib) + ":" + gmp.resolve(lib),
        herd.resolve("usr/bin/herd7").toString(),
        "-I",
        herd.resolve("usr/share/herdtools7/herd").toString());
  }

  /** tools/memory-model of the newest linux-source package, extracted once into the cache. */
  private Path memoryModel() throws UnavailableException {
    Path root = cache.resolve("lkmm");
    Optional<Path> cached = cachedMemoryModel(root);
    if (cached.isPresent()) return cached.get();
    Path download = root.resolve("download");
    Path pkg = fetch("linux-source-[0-9.]+", download);
    Path tarball;
    try (Stream<Path> s = Files.list(pkg.resolve("usr/src"))) {
      tarball =
          s.filter(p -> p.getFileName().toString().matches("linux-source-.*\\.tar\\.xz"))
              .findFirst()
              .orElseThrow(() -> new UnavailableException("no kernel tarball in " + pkg));
    } catch (IOException e) {
      throw new UnavailableException("cannot list " + pkg + ": " + e.getMessage());
    }
    String name;
    try {
      String[] id = Files.readString(pkg.resolve(".package")).strip().split("\\s+");
      name = id[0] + "_" + id[1];
    } catch (IOException | ArrayIndexOutOfBoundsException e) {
      throw new UnavailableException("unreadable " + pkg.resolve(".package"));
    }
    Path dest = root.resolve(name);
    log.accept("extracting tools/memory-model from " + tarball.getFileName());
    try {
      Files.createDirectories(dest);
    } catch (IOException e) {
      throw new UnavailableException("cannot create " + dest + ": " + e.getMessage());
    }
    run(
        List.of(
            "tar",
            "-xJf",
            tarball.toString(),
            "-C",
            dest.toString(),
            "--strip-components=1",
            "--wildcards",
            "*/tools/memory-model/*"),
        600);
    deleteTree(download);
    return cachedMemoryModel(root)
        .orElseThrow(() -> new UnavailableException("no tools/memory-model in " + tarball));
  }

  private static Optional<Path> cachedMemoryModel(Path root) {
    if (!Files.isDirectory(root)) return Optional.empty();
    try (Stream<Path> s = Files.list(root)) {
      return s.map(d -> d.resolve("tools/memory-model"))
          .filter(mm -> Files.isRegularFile(mm.resolve("linux-kernel.cfg")))
          .max(Comparator.naturalOrder());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** scripts/debian-fetch SUITE PATTERN DEST: the unpacked package (reused when present). */
  private Path fetch(String pattern, Path dest) throws UnavailableException {
    if (!Files.isRegularFile(dest.resolve(".package")))
      log.accept("fetching " + pattern + " from Debian " + SUITE);
    Path script = repo.resolve("scripts").resolve("debian-fetch");
    run(List.of(script.toString(), SUITE, pattern, dest.toString()), 900);
    return dest;
  }

  private static List<String> withArg(List<String> command, String arg) {
    List<String> out = new ArrayList<>(command);
    out.add(arg);
    return out;
  }

  /** Runs a command; its output, or why it failed. */
  private static String run(List<String> command, long seconds) throws UnavailableException {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    try {
      Process p = pb.start();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new UnavailableException(String.join(" ", command) + ": timed out");
      }
      String text = new String(out, StandardCharsets.UTF_8);
      if (p.exitValue() != 0)
        throw new UnavailableException(
            command.get(0) + " exited " + p.exitValue() + ": " + lastLine(text));
      return text;
    } catch (IOException e) {
      throw new UnavailableException(command.get(0) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UnavailableException("interrupted");
    }
  }

  private static String firstLine(String s) {
    return s.lines().findFirst().orElse("");
  }

  private static String lastLine(String s) {
    List<String> lines = s.lines().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) return;
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
    } catch (IOException e) {
      // a leftover download only costs disk space
    }
  }
}
