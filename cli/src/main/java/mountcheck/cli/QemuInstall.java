package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import mountcheck.process.ProcessRun;

/** Installs QEMU for the kernel matrix where that is allowed: as root on Debian, with apt-get. */
final class QemuInstall {
  private QemuInstall() {}

  /** Root on a Debian-like system with apt-get. */
  static boolean possible() {
    return "root".equals(System.getProperty("user.name"))
        && Files.isExecutable(Path.of("/usr/bin/apt-get"))
        && Files.isRegularFile(Path.of("/etc/debian_version"));
  }

  /** Runs apt-get update and install; null on success, else what went wrong. */
  static String run(PrintWriter log) {
    try {
      for (List<String> command :
          List.of(
              List.of("apt-get", "update"),
              List.of(
                  "env",
                  "DEBIAN_FRONTEND=noninteractive",
                  "apt-get",
                  "install",
                  "-y",
                  "qemu-system-x86"))) {
        ProcessRun.Execution r = ProcessRun.execute(command, "", Duration.ofMinutes(10));
        if (r.timedOut() || r.exitStatus() != 0) {
          log.println(r.stdout() + r.stderr());
          return String.join(" ", command) + " failed; install qemu-system-x86 by hand";
        }
      }
      return null;
    } catch (IOException e) {
      return "cannot run apt-get: " + e.getMessage() + "; install qemu-system-x86 by hand";
    }
  }
}
