package mountcheck.kernel;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mountcheck.model.kernels.StartingState;
import mountcheck.model.ops.Scenario;

/**
 * The initramfs a guest boots with, built here in Java: the host's own {@code bash}, util-linux and
 * coreutils binaries with every shared library {@code ldd} names for them (the ELF interpreter
 * included), at the same paths, and an {@code /init} script that runs a batch of scenarios. No C
 * toolchain and nothing downloaded.
 *
 * <p>The initrd is two concatenated gzip cpio archives: the fixed part (binaries, libraries, {@code
 * /init}), built once per process, and the batch (one {@link ScenarioScript} per scenario, the
 * count, the time limit, and an optional {@code fs.mount-max}).
 *
 * <p>{@code /init} mounts proc and devtmpfs, sets {@code fs.mount-max} before each scenario (the
 * batch's or the scenario's own limit, else the kernel's default; global state, which is why it is
 * only ever written inside a guest), prints {@code @@vm ready RELEASE}, then runs each scenario in
 * its own fresh {@code unshare -Urm} under {@code timeout -s KILL} (with the resident executor,
 * {@link Executor#SYSCALLS}, one perl process started once per boot, the executor's {@code zygote},
 * does the same with one fork per scenario and serves as the scenario's first executor: under TCG
 * the three programs cost about as much as a short scenario), between {@code @@vm begin I},
 * {@code @@vm stderr I} and {@code @@vm end I STATUS} lines on the console, prints {@code @@vm
 * done} and powers the machine off through {@code /proc/sysrq-trigger}.
 */
public final class GuestImage {
  /**
   * The binaries the guest needs: the shell, util-linux, a few coreutils, and perl for the resident
   * executor ({@link Executor#SYSCALLS}; it loads no perl module, so the binary and its libraries
   * are all it needs).
   */
  static final List<String> BINARIES =
      List.of(
          "bash", "mount", "umount", "unshare", "nsenter", "mkdir", "touch", "rmdir", "cat",
          "timeout", "true", "perl");

  /** Mounts in the guest's namespace when a scenario starts: rootfs, /proc and /dev. */
  public static final int MOUNTS_BEFORE = StartingState.GUEST_MOUNTS;

  static final String INIT =
      """
      #!/bin/bash
      export PATH=/bin LC_ALL=C SHELL=/bin/bash
      mount -t proc proc /proc
      mount -t devtmpfs dev /dev
      read -r __default_max < /proc/sys/fs/mount-max
      if [ -s /batch/mount-max ]; then read -r __default_max < /batch/mount-max; fi
      read -r __release < /proc/sys/kernel/osrelease
      read -r __count < /batch/count
      read -r __limit < /batch/time-limit
      __starter=
      if [ -s /batch/starter ]; then
        exec 18>&1
        coproc STARTER { exec perl /executor.pl zygote; }
        __starter=1
      fi
      echo "@@vm ready $__release"
      for ((__i = 0; __i < __count; __i++)); do
        __max=$__default_max
        if [ -s "/batch/$__i.mount-max" ]; then read -r __max < "/batch/$__i.mount-max"; fi
        echo "$__max" > /proc/sys/fs/mount-max || echo "@@vm setup-failed mount-max $__max"
        echo "@@vm begin $__i"
        if [ -n "$__starter" ]; then
          echo "run /batch/$__i.sh /tmp/stderr $__limit @STEP_LIMIT@" >&"${STARTER[1]}"
          __rc=; read -r __rc <&"${STARTER[0]}" || __rc=125
        else
          timeout -s KILL "$__limit" unshare -Urm /bin/bash --norc --noprofile \\
            < "/batch/$__i.sh" 2> /tmp/stderr
          __rc=$?
        fi
        echo "@@vm stderr $__i"
        mapfile -t __err < /tmp/stderr
        if ((${#__err[@]})); then printf '%s\n' "${__err[@]}"; fi
        echo "@@vm end $__i $__rc"
      done
      echo "@@vm done"
      echo o > /proc/sysrq-trigger
      """
          .replace("@STEP_LIMIT@", Integer.toString(ScenarioScript.MAX_STEP_ROWS));

  private static byte[] fixedPart;

  private GuestImage() {}

  /** The initrd for a batch: the fixed part followed by the batch's own archive. */
  public static byte[] initrd(List<Scenario> batch, Duration perScenario, Integer mountMax)
      throws IOException {
    return initrd(
        batch,
        Collections.nCopies(batch.size(), null),
        perScenario,
        mountMax,
        Executor.configured());
  }

  /**
   * The initrd for a batch where scenario i runs with fs.mount-max {@code limits.get(i)} (null:
   * {@code mountMax}, or the kernel's default when that is null too), its lines run by {@code
   * executor}.
   */
  public static byte[] initrd(
      List<Scenario> batch,
      List<Integer> limits,
      Duration perScenario,
      Integer mountMax,
      Executor executor)
      throws IOException {
    CpioArchive b = new CpioArchive();
    b.file("batch/count", (batch.size() + "\n").getBytes(StandardCharsets.US_ASCII), 0644);
    long seconds = Math.max(1, (perScenario.toMillis() + 999) / 1000);
    b.file("batch/time-limit", (seconds + "\n").getBytes(StandardCharsets.US_ASCII), 0644);
    if (executor == Executor.SYSCALLS)
      b.file("batch/starter", "1\n".getBytes(StandardCharsets.US_ASCII), 0644);
    if (mountMax != null)
      b.file("batch/mount-max", (mountMax + "\n").getBytes(StandardCharsets.US_ASCII), 0644);
    for (int i = 0; i < batch.size(); i++) {
      b.file(
          "batch/" + i + ".sh",
          ScenarioScript.of(batch.get(i), executor).getBytes(StandardCharsets.UTF_8),
          0644);
      if (limits.get(i) != null)
        b.file(
            "batch/" + i + ".mount-max",
            (limits.get(i) + "\n").getBytes(StandardCharsets.US_ASCII),
            0644);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(fixedPart());
    out.writeBytes(b.toGzip());
    return out.toByteArray();
  }

  /**
   * An initrd for a program other than the scenario batch: the fixed part, then {@code
   * extraBinaries} from the host (with the libraries {@code ldd} names for them) and {@code files}
   * (path inside the guest, text; executable). Boot it with {@code rdinit=} naming one of the
   * files.
   */
  public static byte[] initrdWith(List<String> extraBinaries, Map<String, String> files)
      throws IOException {
    CpioArchive b = new CpioArchive();
    Set<Path> libraries = new LinkedHashSet<>();
    for (String name : extraBinaries) {
      Path binary = which(name);
      b.file("bin/" + name, Files.readAllBytes(binary), 0755);
      libraries.addAll(sharedLibraries(binary));
    }
    for (Path lib : libraries) b.file(lib.toString(), Files.readAllBytes(lib.toRealPath()), 0755);
    for (var f : files.entrySet())
      b.file(f.getKey(), f.getValue().getBytes(StandardCharsets.UTF_8), 0755);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(fixedPart());
    out.writeBytes(b.toGzip());
    return out.toByteArray();
  }

  /** The binaries, libraries and {@code /init}, gzip-compressed; built once. */
  static synchronized byte[] fixedPart() throws IOException {
    if (fixedPart == null) fixedPart = buildFixedPart().toGzip();
    return fixedPart;
  }

  static CpioArchive buildFixedPart() throws IOException {
    CpioArchive a = new CpioArchive();
    for (String d : List.of("proc", "sys", "dev", "mnt", "tmp", "batch")) a.directory(d);
    Set<Path> libraries = new LinkedHashSet<>();
    for (String name : BINARIES) {
      Path binary = which(name);
      a.file("bin/" + name, Files.readAllBytes(binary), 0755);
      libraries.addAll(sharedLibraries(binary));
    }
    for (Path lib : libraries) a.file(lib.toString(), Files.readAllBytes(lib.toRealPath()), 0755);
    a.symlink("bin/sh", "bash");
    a.directory("usr");
    a.symlink("usr/bin", "../bin");
    a.symlink("sbin", "bin");
    a.file("init", INIT.getBytes(StandardCharsets.UTF_8), 0755);
    a.file("executor.pl", Executor.program().getBytes(StandardCharsets.UTF_8), 0644);
    return a;
  }

  /** The host's binary called {@code name}, from the usual directories. */
  static Path which(String name) throws IOException {
    for (String dir : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
      Path p = Path.of(dir, name);
      if (Files.isRegularFile(p) && Files.isExecutable(p)) return p.toRealPath();
    }
    throw new IOException("the guest needs the host's '" + name + "', which is not installed");
  }

  private static final Pattern LIBRARY = Pattern.compile("(?:=>\\s*)?(/\\S+)\\s+\\(0x");

  /** The paths {@code ldd} names for a binary: its libraries and its ELF interpreter. */
  static List<Path> sharedLibraries(Path binary) throws IOException {
    ProcessRun.Execution run =
        ProcessRun.execute(List.of("ldd", binary.toString()), "", Duration.ofSeconds(20));
    if (run.timedOut() || run.exitStatus() != 0)
      throw new IOException("ldd " + binary + " failed: " + run.stdout() + run.stderr());
    List<Path> out = new ArrayList<>();
    for (String line : run.stdout().split("\n")) {
      Matcher m = LIBRARY.matcher(line);
      if (m.find()) out.add(Path.of(m.group(1)));
    }
    return out;
  }
}
