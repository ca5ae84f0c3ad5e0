package mountcheck.kernel;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the errno of a failed command from what the tools print: first libmount's debug line {@code
 * mount(2) failed [errno=22 ...]} / {@code umount(2) failed [errno=16]} (or the resident executor's
 * {@code executor: mount(2) failed [errno=22]}), then glibc's strerror text (mkdir, rmdir,
 * unshare), then util-linux's own messages. Linux x86_64 numbers and glibc 2.36 texts.
 */
final class ErrnoTable {
  private record Entry(String name, int number, String text) {}

  private static final List<Entry> ENTRIES =
      List.of(
          new Entry("EPERM", 1, "Operation not permitted"),
          new Entry("ENOENT", 2, "No such file or directory"),
          new Entry("E2BIG", 7, "Argument list too long"),
          new Entry("EBADF", 9, "Bad file descriptor"),
          new Entry("ENOMEM", 12, "Cannot allocate memory"),
          new Entry("EACCES", 13, "Permission denied"),
          new Entry("EBUSY", 16, "Device or resource busy"),
          new Entry("EEXIST", 17, "File exists"),
          new Entry("EXDEV", 18, "Invalid cross-device link"),
          new Entry("ENOTDIR", 20, "Not a directory"),
          new Entry("EISDIR", 21, "Is a directory"),
          new Entry("EINVAL", 22, "Invalid argument"),
          new Entry("EMFILE", 24, "Too many open files"),
          new Entry("ENOSPC", 28, "No space left on device"),
          new Entry("EROFS", 30, "Read-only file system"),
          new Entry("EMLINK", 31, "Too many links"),
          new Entry("ENAMETOOLONG", 36, "File name too long"),
          new Entry("ENOSYS", 38, "Function not implemented"),
          new Entry("ENOTEMPTY", 39, "Directory not empty"),
          new Entry("ELOOP", 40, "Too many levels of symbolic links"),
          new Entry("EUSERS", 87, "Too many users"),
          new Entry("EOPNOTSUPP", 95, "Operation not supported"),
          new Entry("ESTALE", 116, "Stale file handle"));

  /**
   * util-linux 2.38 messages (mount/umount, libmount's excode texts) that name no errno, with the
   * errno behind them, checked on Linux 6.18 where reachable.
   */
  private static final List<String[]> UTIL_LINUX_MESSAGES =
      List.of(
          new String[] {"mount point does not exist", "ENOENT"},
          new String[] {"special device", "ENOENT"}, // "special device X does not exist"
          new String[] {"no mount point specified", "ENOENT"},
          new String[] {"not mount point or bad option", "EINVAL"},
          new String[] {"mount point not mounted or bad option", "EINVAL"},
          new String[] {"moving a mount residing under a shared mount is unsupported", "EINVAL"},
          new String[] {"wrong fs type, bad option", "EINVAL"},
          new String[] {"bad option", "EINVAL"},
          new String[] {"not mounted", "EINVAL"},
          new String[] {"target is busy", "EBUSY"},
          new String[] {"already mounted", "EBUSY"},
          new String[] {"mount point is not a directory", "ENOTDIR"},
          new String[] {"is write-protected", "EROFS"},
          new String[] {"must be superuser", "EPERM"},
          new String[] {"permission denied", "EACCES"});

  /** The resident executor's answer ({@link Executor#SYSCALLS}, syscalls.pl). */
  private static final Pattern EXECUTOR_ERRNO =
      Pattern.compile(
          "^(?:executor|mountfd): [a-z0-9_]+\\(2\\) failed \\[errno=([0-9]+)\\]",
          Pattern.MULTILINE);

  private static final Pattern LIBMOUNT_ERRNO =
      Pattern.compile("mount\\(2\\) failed \\[errno=([0-9]+)");

  private ErrnoTable() {}

  /**
   * mount(8) and umount(8) exit with 16 (MNT_EX_FILEIO) when the system call worked but
   * /run/mount/utab could not be updated, as for every successful {@code mount --move} on the
   * read-only root: a success for the kernel. A failed system call exits with 32 and leaves a
   * libmount errno line.
   */
  static boolean isUserspaceTableFailureOnly(String command, int exitStatus, String output) {
    if (command.startsWith("nsenter ")) command = command.substring(command.indexOf(' ', 8) + 1);
    return exitStatus == 16
        && (command.startsWith("mount ") || command.startsWith("umount "))
        && !LIBMOUNT_ERRNO.matcher(output).find();
  }

  /** The name of an errno number, or {@code E<number>} when it is not in the table. */
  static String name(int number) {
    for (Entry e : ENTRIES) if (e.number == number) return e.name;
    return "E" + number;
  }

  /** The number of an errno name, or 0. */
  static int number(String name) {
    for (Entry e : ENTRIES) if (e.name.equals(name)) return e.number;
    return 0;
  }

  /**
   * The errno number behind a failed command's output, or 0 when none is recognised. The last
   * libmount errno line wins (it is the syscall whose failure ended the command).
   */
  static int fromOutput(String output) {
    Matcher executor = EXECUTOR_ERRNO.matcher(output);
    if (executor.find()) return Integer.parseInt(executor.group(1));
    Matcher m = LIBMOUNT_ERRNO.matcher(output);
    int number = 0;
    while (m.find()) number = Integer.parseInt(m.group(1));
    if (number != 0) return number;
    for (String line : output.split("\n")) {
      if (line.contains("libmount:")) continue;
      for (Entry e : ENTRIES) if (line.contains(": " + e.text)) return e.number;
    }
    String lower = output.toLowerCase(Locale.ROOT);
    for (String[] message : UTIL_LINUX_MESSAGES)
      if (lower.contains(message[0].toLowerCase(Locale.ROOT))) return number(message[1]);
    return 0;
  }
}
