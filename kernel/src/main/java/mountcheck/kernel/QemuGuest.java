package mountcheck.kernel;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import mountcheck.process.ProcessRun;

/**
 * One boot of a kernel image under QEMU with an initramfs, read on its serial console: the boot
 * path that {@link VmBackend} (a batch of scenarios) and {@link GuestSession} (a program of its
 * own) share. It owns the QEMU process, a shutdown hook that kills it when the JVM exits (a JVM
 * stopped by a signal must not leave its guest running), the thread that reads the console into
 * lines, the last console lines for a failure's report, and the stop, which kills QEMU's whole
 * process tree when the guest does not power off by itself and deletes the initramfs.
 *
 * <p>The guest kernel runs with {@code norandmaps}: without address-space randomization every
 * short-lived process maps the shared libraries at the same addresses, so TCG reuses its
 * translations of their code instead of translating it again for every command. {@code
 * no_timer_check} skips the timer interrupt check that emulated machines can fail on a loaded host.
 */
final class QemuGuest {
  /** How long {@link #stop} waits for a guest that finished to power off by itself. */
  static final Duration POWER_OFF = Duration.ofSeconds(20);

  /** Console lines kept for a failure's report. */
  private static final int TAIL = 40;

  private final Process process;
  private final Path initrd;
  private final Thread killOnExit;
  private final LinkedBlockingQueue<String> console = new LinkedBlockingQueue<>();
  private final String end = new String("<end of console>");
  private final Deque<String> tail = new ArrayDeque<>();
  private boolean ended;

  private QemuGuest(Process process, Path initrd) {
    this.process = process;
    this.initrd = initrd;
    this.killOnExit = new Thread(() -> ProcessRun.killTree(process), "mountcheck-qemu-cleanup");
    Runtime.getRuntime().addShutdownHook(killOnExit);
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String l;
                while ((l = in.readLine()) != null) console.add(l.replace("\r", ""));
              } catch (IOException ignored) {
                // the guest was killed
              } finally {
                console.add(end);
              }
            },
            "mountcheck-qemu-console");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts QEMU on {@code vmlinuz} with {@code initrd} (written to a temporary file, deleted by
   * {@link #stop}), {@code cpus} virtual CPUs and {@code memoryMb} MiB, {@code extraAppend} added
   * to the kernel's command line.
   */
  static QemuGuest start(Path vmlinuz, byte[] initrd, int cpus, int memoryMb, String extraAppend)
      throws KernelUnavailableException {
    Path file;
    try {
      file = Files.createTempFile("mountcheck-initrd-", ".cpio.gz");
      Files.write(file, initrd);
    } catch (IOException e) {
      throw new KernelUnavailableException("cannot write the guest's initramfs: " + e.getMessage());
    }
    try {
      Process process =
          new ProcessBuilder(command(vmlinuz, file, cpus, memoryMb, extraAppend))
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      return new QemuGuest(process, file);
    } catch (IOException e) {
      deleteQuietly(file);
      throw new KernelUnavailableException("cannot start " + qemu() + ": " + e.getMessage());
    }
  }

  /**
   * The next console line (carriage returns dropped), or null when there is none before {@code
   * deadline} (a {@link System#nanoTime} value; a deadline already past gives null at once) or the
   * console has ended ({@link #ended}: the guest powered off or was killed).
   */
  String next(long deadline) throws InterruptedException {
    if (ended) return null;
    long wait = deadline - System.nanoTime();
    String l = wait > 0 ? console.poll(wait, TimeUnit.NANOSECONDS) : null;
    if (l == end) {
      ended = true;
      return null;
    }
    if (l != null) {
      tail.addLast(l);
      if (tail.size() > TAIL) tail.removeFirst();
    }
    return l;
  }

  /** Whether the console has ended: QEMU closed it (the guest powered off, or was killed). */
  boolean ended() {
    return ended;
  }

  /** The last console lines read, for a failure's report. */
  String tail() {
    return String.join("\n", tail);
  }

  /**
   * Waits up to {@code grace} for QEMU to exit (a guest that finished powers off), kills its whole
   * process tree when it has not, deletes the initramfs and removes the shutdown hook.
   */
  void stop(Duration grace) {
    try {
      if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) ProcessRun.killTree(process);
    } catch (InterruptedException e) {
      ProcessRun.killTree(process);
      Thread.currentThread().interrupt();
    }
    deleteQuietly(initrd);
    try {
      Runtime.getRuntime().removeShutdownHook(killOnExit);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs anyway
    }
  }

  /** Null when {@code vmlinuz} can be booted here, else why not (no image, or no QEMU). */
  static String unavailable(Path vmlinuz) {
    if (!Files.isRegularFile(vmlinuz)) return "no kernel image at " + vmlinuz;
    return qemuMissing();
  }

  /** Null when QEMU can be started, else what to install. */
  static String qemuMissing() {
    String q = qemu();
    if (q.contains("/")) return Files.isExecutable(Path.of(q)) ? null : q + " is not executable";
    for (String dir : ProcessRun.PATH.split(":"))
      if (Files.isExecutable(Path.of(dir, q))) return null;
    return q + " is not installed (Debian: apt-get install qemu-system-x86)";
  }

  /**
   * The QEMU command line that boots {@code vmlinuz} with {@code initrd} on the serial console
   * (stdio), no display, no devices, powering off instead of rebooting (TCG by default: KVM guests
   * were seen to hang on the project's machines; {@code -Dmountcheck.vm.accel=kvm} overrides it).
   *
   * @param cpus virtual CPUs
   * @param memoryMb guest memory in MiB
   * @param extraAppend more kernel parameters (empty for none)
   */
  static List<String> command(
      Path vmlinuz, Path initrd, int cpus, int memoryMb, String extraAppend) {
    String append = "console=ttyS0 loglevel=1 quiet panic=-1 norandmaps no_timer_check";
    if (!extraAppend.isBlank()) append += " " + extraAppend.strip();
    return List.of(
        qemu(),
        "-accel",
        System.getProperty("mountcheck.vm.accel", "tcg,tb-size=128"),
        "-m",
        Integer.toString(memoryMb),
        "-smp",
        Integer.toString(cpus),
        "-nodefaults",
        "-display",
        "none",
        "-monitor",
        "none",
        "-serial",
        "stdio",
        "-no-reboot",
        "-kernel",
        vmlinuz.toString(),
        "-initrd",
        initrd.toString(),
        "-append",
        append);
  }

  /** The QEMU binary. */
  static String qemu() {
    return System.getProperty("mountcheck.vm.qemu", "qemu-system-x86_64");
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException ignored) {
      // a temporary file
    }
  }
}
