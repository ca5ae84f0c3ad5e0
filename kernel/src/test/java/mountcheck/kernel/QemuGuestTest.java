package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import mountcheck.process.ProcessRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The boot path shared by {@link VmBackend} and {@link GuestSession}, with a stand-in for QEMU (a
 * bash script named by {@code -Dmountcheck.vm.qemu}) that prints its command line on the console
 * and then either powers off or hangs.
 */
class QemuGuestTest {
  private static final String QEMU = "mountcheck.vm.qemu";

  /** Starts the stand-in with {@code body} after it has printed its arguments, one per line. */
  private static QemuGuest start(Path dir, String body) throws Exception {
    Path script = dir.resolve("fake-qemu");
    Files.writeString(
        script,
        "#!/bin/bash\nprintf 'console\\r\\n'\nfor a in \"$@\"; do echo \"arg $a\"; done\n" + body);
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    String before = System.getProperty(QEMU);
    System.setProperty(QEMU, script.toString());
    try {
      return QemuGuest.start(dir.resolve("vmlinuz"), new byte[] {1, 2, 3}, 2, 256, "rdinit=/x");
    } finally {
      if (before == null) System.clearProperty(QEMU);
      else System.setProperty(QEMU, before);
    }
  }

  /** Every console line until {@code last} (inclusive), each within 20 s. */
  private static List<String> readUntil(QemuGuest guest, String last) throws Exception {
    List<String> lines = new ArrayList<>();
    while (lines.isEmpty() || !lines.get(lines.size() - 1).equals(last)) {
      String l = guest.next(System.nanoTime() + Duration.ofSeconds(20).toNanos());
      assertTrue(l != null, "console ended or went quiet after " + lines);
      lines.add(l);
    }
    return lines;
  }

  @Test
  void aGuestThatPowersOffEndsItsConsole(@TempDir Path dir) throws Exception {
    QemuGuest guest = start(dir, "echo bye\n");
    List<String> lines = readUntil(guest, "bye");
    assertEquals("console", lines.get(0), "carriage return dropped");
    String append = "console=ttyS0 loglevel=1 quiet panic=-1 norandmaps no_timer_check rdinit=/x";
    assertTrue(lines.contains("arg " + append), lines.toString());
    assertTrue(lines.contains("arg -smp") && lines.contains("arg 2"), lines.toString());
    assertTrue(lines.contains("arg " + dir.resolve("vmlinuz")), lines.toString());
    Path initrd = initrd(lines);
    assertTrue(Files.exists(initrd), "the initramfs is on disk while the guest runs");
    assertNull(guest.next(System.nanoTime() + Duration.ofSeconds(20).toNanos()));
    assertTrue(guest.ended(), "the console ended when the stand-in exited");
    assertNull(guest.next(System.nanoTime() + Duration.ofSeconds(20).toNanos()), "stays ended");
    guest.stop(QemuGuest.POWER_OFF);
    assertFalse(Files.exists(initrd), "stop deletes the initramfs");
    assertTrue(guest.tail().startsWith("console\narg "), guest.tail());
    assertTrue(guest.tail().endsWith("\nbye"), guest.tail());
  }

  @Test
  void aHangingGuestTimesOutAndStopKillsItsWholeTree(@TempDir Path dir) throws Exception {
    QemuGuest guest = start(dir, "echo pid $$\nsleep 987 & echo pid $!\necho hung\nwait\n");
    List<String> lines = readUntil(guest, "hung");
    assertNull(guest.next(System.nanoTime() + Duration.ofMillis(300).toNanos()), "nothing more");
    assertFalse(guest.ended(), "a quiet console has not ended");
    assertNull(guest.next(System.nanoTime() - 1), "a deadline already past gives nothing");
    guest.stop(Duration.ZERO);
    List<Long> pids =
        lines.stream()
            .filter(l -> l.startsWith("pid "))
            .map(l -> Long.parseLong(l.substring(4)))
            .toList();
    assertEquals(2, pids.size(), lines.toString());
    for (long pid : pids)
      assertFalse(ProcessHandle.of(pid).map(ProcessRun::running).orElse(false), "process " + pid);
    assertFalse(Files.exists(initrd(lines)), "stop deletes the initramfs");
  }

  @Test
  void aMissingImageOrQemuIsNamed(@TempDir Path dir) {
    assertEquals(
        "no kernel image at " + dir.resolve("vmlinuz"),
        QemuGuest.unavailable(dir.resolve("vmlinuz")));
    String before = System.getProperty(QEMU);
    System.setProperty(QEMU, dir.resolve("no-qemu").toString());
    try {
      assertEquals(dir.resolve("no-qemu") + " is not executable", QemuGuest.qemuMissing());
    } finally {
      if (before == null) System.clearProperty(QEMU);
      else System.setProperty(QEMU, before);
    }
  }

  private static Path initrd(List<String> lines) {
    int at = lines.indexOf("arg -initrd");
    assertTrue(at >= 0 && at + 1 < lines.size(), lines.toString());
    return Path.of(lines.get(at + 1).substring("arg ".length()));
  }
}
