package mountcheck.kernel;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One boot of a kernel image under QEMU that runs a program of its own (an initrd from {@link
 * GuestImage#initrdWith} and {@code rdinit=}) and collects its serial console, line by line, until
 * the guest powers off or a limit passes: the kernel must reach the program within the boot limit,
 * the program must print a line at least every idle limit, and the whole run must end within the
 * total limit. QEMU is killed when a limit passes (and when the JVM exits): the boot is a {@link
 * QemuGuest}, as each of {@link VmBackend}'s.
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
    String missing = QemuGuest.unavailable(image.vmlinuz());
    if (missing != null) throw new KernelUnavailableException(missing);
    long start = System.nanoTime();
    QemuGuest guest =
        QemuGuest.start(
            image.vmlinuz(),
            initrd,
            cpus,
            memoryMb,
            ("rdinit=" + rdinit + " " + extraAppend).strip());

    List<String> lines = new ArrayList<>();
    long ready = 0;
    long end = start + limits.total().toNanos();
    long deadline = start + limits.boot().toNanos();
    String failure = null;
    try {
      while (true) {
        String l = guest.next(Math.min(deadline, end));
        if (l == null && guest.ended()) break;
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
      guest.stop(failure == null ? QemuGuest.POWER_OFF : Duration.ZERO);
    }
    long stop = System.nanoTime();
    if (failure == null && ready == 0) failure = "the guest stopped before " + rdinit + " ran";
    return new Boot(
        List.copyOf(lines),
        ready == 0 ? Double.NaN : (ready - start) / 1e9,
        ready == 0 ? Double.NaN : (stop - ready) / 1e9,
        failure,
        guest.tail());
  }
}
