package mountcheck.kernel;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import mountcheck.process.ProcessRun;

/**
 * One boot of a kernel image under QEMU that runs a program of its own (an initrd from {@link
 * GuestImage#initrdWith} and {@code rdinit=}) and collects its serial console, line by line, until
 * the guest powers off or a limit passes: the kernel must reach the program within the boot limit,
 * the program must print a line at least every idle limit, and the whole run must end within the
 * total limit. QEMU is killed when a limit passes (and when the JVM exits).
 */
public final class GuestSession {
  /**
   * What one boot printed.
   *
   * @param lines the console lines from the first one that starts with {@code readyPrefix}
   * @param bootSeconds from starting QEMU to that line (NaN if it never came)
   * @param runSeconds from that line to the guest's end
   * @param failure null when the guest powered off by itself, else what stopped it
   * @param tail the last console lines (for a failure's report)
   */
  public record Boot(
      List<String> lines, double bootSeconds, double runSeconds, String failure, String tail) {
    public boolean ok() {
      return failure == null;
    }
  }

  /** Limits of one boot. */
  public record Limits(Duration boot, Duration idle, Duration total) {}

  private GuestSession() {}

  /**
   * Boots {@code image} with {@code initrd}, starting {@code rdinit}, on {@code cpus} virtual CPUs
   * and {@code memoryMb} MiB, with {@code extraAppend} added to the kernel's command line; {@code
   * onLine} sees every program line as it arrives.
   */
  public static Boot run(
      KernelImages.Image image,
      byte[] initrd,
      String rdinit,
      int cpus,
      int memoryMb,
      String readyPrefix,
      String extraAppend,
      Limits limits,
      Consumer<String> onLine)
      throws KernelUnavailableException {
    String missing = VmBackend.qemuMissing();
    if (missing != null) throw new KernelUnavailableException(missing);
    if (!Files.isRegularFile(image.vmlinuz()))
      throw new KernelUnavailableException("no kernel image at " + image.vmlinuz());
    Path file;
    try {
      file = Files.createTempFile("mountcheck-initrd-", ".cpio.gz");
      Files.write(file, initrd);
    } catch (IOException e) {
      throw new KernelUnavailableException("cannot write the guest's initramfs: " + e.getMessage());
    }
    long start = System.nanoTime();
    Process process;
    try {
      process =
          new ProcessBuilder(
                  VmBackend.qemuCommand(
                      image.vmlinuz(),
                      file,
                      cpus,
                      memoryMb,
                      ("rdinit=" + rdinit + " " + extraAppend).strip()))
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
    } catch (IOException e) {
      deleteQuietly(file);
      throw new KernelUnavailableException(
          "cannot start " + VmBackend.qemu() + ": " + e.getMessage());
    }
    Thread killOnExit = new Thread(() -> ProcessRun.killTree(process), "mountcheck-guest-cleanup");
    Runtime.getRuntime().addShutdownHook(killOnExit);
    LinkedBlockingQueue<String> queue = new LinkedBlockingQueue<>();
    String eof = new String("<eof>");
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String l;
                while ((l = in.readLine()) != null) queue.add(l.replace("\r", ""));
              } catch (IOException ignored) {
                // the guest was killed
              } finally {
                queue.add(eof);
              }
            },
            "mountcheck-guest-console");
    reader.setDaemon(true);
    reader.start();

    List<String> lines = new ArrayList<>();
    List<String> tail = new ArrayList<>();
    long ready = 0;
    long end = start + limits.total().toNanos();
    long deadline = start + limits.boot().toNanos();
    String failure = null;
    try {
      while (true) {
        long wait = Math.min(deadline, end) - System.nanoTime();
        String l = wait > 0 ? queue.poll(wait, TimeUnit.NANOSECONDS) : null;
        if (l == null) {
          failure =
              ready == 0
                  ? "the kernel did not reach "
                      + rdinit
                      + " within "
                      + limits.boot().toSeconds()
                      + " s"
                  : System.nanoTime() >= end
                      ? "the run passed its limit of " + limits.total().toSeconds() + " s"
                      : "the guest printed nothing for " + limits.idle().toSeconds() + " s";
          break;
        }
        if (l == eof) break;
        tail.add(l);
        if (tail.size() > 40) tail.remove(0);
        if (ready == 0 && l.startsWith(readyPrefix)) ready = System.nanoTime();
        if (ready != 0) {
          lines.add(l);
          onLine.accept(l);
          deadline = System.nanoTime() + limits.idle().toNanos();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = "interrupted";
    } finally {
      try {
        if (!process.waitFor(failure == null ? 20 : 0, TimeUnit.SECONDS))
          ProcessRun.killTree(process);
      } catch (InterruptedException e) {
        ProcessRun.killTree(process);
        Thread.currentThread().interrupt();
      }
      deleteQuietly(file);
      try {
        Runtime.getRuntime().removeShutdownHook(killOnExit);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs anyway
      }
    }
    long stop = System.nanoTime();
    if (failure == null && ready == 0) failure = "the guest stopped before " + rdinit + " ran";
    return new Boot(
        List.copyOf(lines),
        ready == 0 ? Double.NaN : (ready - start) / 1e9,
        ready == 0 ? Double.NaN : (stop - ready) / 1e9,
        failure,
        String.join("\n", tail));
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException ignored) {
      // a temporary file
    }
  }
}
